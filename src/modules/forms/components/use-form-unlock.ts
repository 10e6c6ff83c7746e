import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { unlockForm } from '@/modules/forms/api';
import { fillRefusal } from './fill-refusal';

/**
 * The access password box of a password form, kit-free (the desktop and the phone fill pages draw
 * it): the typed password, the server's refusal of a wrong one, and `unlock`, which on success puts
 * the opened form under the page's open/ query key so the page shows the form in place.
 */
export function useFormUnlock(formId: number, queryKey: readonly unknown[]) {
  const client = useQueryClient();
  const [password, setPasswordText] = useState('');
  const [wrong, setWrong] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const setPassword = (text: string) => {
    setPasswordText(text);
    setWrong(null);
  };
  const unlock = async () => {
    if (!password || busy) return;
    setBusy(true);
    try {
      const opened = (await unlockForm(formId, password)).data;
      client.setQueryData(queryKey, opened);
    } catch (e) {
      setWrong(fillRefusal(e).text);
    } finally {
      setBusy(false);
    }
  };
  return { password, setPassword, wrong, busy, unlock };
}
