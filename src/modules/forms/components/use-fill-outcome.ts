import { useState } from 'react';
import { HttpError } from '@/core/http';
import type { DraftInfo, OpenedForm, SubmitAnswer } from '../contract';
import { revealField } from './reveal-field';
import type { useFormFill } from './use-form-fill';

/** Why a form did not open, for the page (a form for signed-in users without a session asks to sign in). */
export function openFailureText(e: unknown): string {
  if (e instanceof HttpError && e.status === 401) return '请登录后填写此表单';
  return e instanceof Error && e.message ? e.message : '表单不存在或已停用';
}

export const invalidCountText = (n: number) => `有 ${n} 处内容需要修改`;

interface Words {
  /** Shows the client's own check failing (a server refusal was toasted by the request layer). */
  reportInvalid: (text: string) => void;
  draftSaved: (info: DraftInfo) => void;
}

/**
 * What the desktop and phone fill pages do with fill's outcomes, kit-free: a submitted form shows
 * its success page from the top; a refused one scrolls to the first field to fix; a draft that
 * cannot be saved does the same; 再填一份 starts again from the form's defaults.
 */
export function useFillOutcome(fill: ReturnType<typeof useFormFill>, form: OpenedForm | undefined, words: Words) {
  const [done, setDone] = useState<SubmitAnswer | null>(null);

  const submit = async () => {
    const outcome = await fill.submit();
    if (outcome.ok) {
      setDone(outcome.answer);
      window.scrollTo?.({ top: 0 });
      return;
    }
    revealField(outcome.errors[0]?.field);
    if (outcome.reason === 'invalid') words.reportInvalid(invalidCountText(outcome.errors.length));
  };

  const saveDraft = async () => {
    const saved = await fill.saveServerDraft();
    if (saved.ok) words.draftSaved(saved.info);
    else revealField(saved.errors[0]?.field);
  };

  const fillAgain = () => {
    setDone(null);
    if (form) fill.change(form.defaults);
    fill.setErrors([]);
  };

  return { done, submit, saveDraft, fillAgain };
}
