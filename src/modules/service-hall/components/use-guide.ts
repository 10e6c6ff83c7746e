import { useSearchParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/core/session/store';
import { applyItem, fetchGuide, setFavorite } from '../api';

/**
 * An item's guide by the page's `?id=`, with apply and favourite actions: what the desktop guide,
 * offline page and phone guide share. `id` is null when the link lacks one.
 */
export function useGuide() {
  const [params] = useSearchParams();
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const signedIn = !!useSession((st) => st.token);
  const client = useQueryClient();
  const guide = useQuery({
    queryKey: ['service-hall', 'guide', id, signedIn],
    queryFn: () => fetchGuide(id!).then((r) => r.data),
    enabled: id !== null,
    retry: false,
  });
  const apply = useMutation({ mutationFn: () => applyItem(id!).then((r) => r.data) });
  const favorite = useMutation({
    mutationFn: (on: boolean) => setFavorite(id!, on),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['service-hall'] }),
  });
  return { id, signedIn, guide, apply, favorite };
}
