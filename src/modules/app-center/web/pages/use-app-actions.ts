import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/core/ui/toast';
import { rateApp, setFavorite } from '../../api';
import { launchApp } from '../../components/app-launch';
import type { AppView } from '../../contract';

/** Favourite, rate and open, shared by the application centre and the navigation portal. */
export function useAppActions() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const refresh = () => void qc.invalidateQueries({ queryKey: ['appCenter'] });
  const fav = useMutation({
    mutationFn: (a: AppView) => setFavorite(a.id, !a.favorite),
    onSuccess: (r) => {
      toast.success(r.message);
      refresh();
    },
  });
  const rate = useMutation({
    mutationFn: ({ a, score }: { a: AppView; score: number }) => rateApp(a.id, score),
    onSuccess: () => {
      toast.success('感谢您的评分');
      refresh();
    },
  });
  return {
    onFavorite: (a: AppView) => fav.mutate(a),
    onRate: (a: AppView, score: number) => rate.mutate({ a, score }),
    onOpen: (a: AppView) => void launchApp(a, 'desktop', (p) => navigate(p)).then(refresh, () => undefined),
  };
}
