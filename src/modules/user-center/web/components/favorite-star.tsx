import { Button, Tooltip } from 'antd';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addFavorite, checkFavorite, removeFavorite } from '../../api';
import type { FavoriteKind } from '../../contract';

/** A star that adds or removes a favourite (apps, articles, forms, pages) in the personal centre's store. */
export function FavoriteStar({
  kind,
  refKey,
  title,
  link,
}: {
  kind: FavoriteKind;
  refKey: string;
  title: string;
  link: string;
}) {
  const qc = useQueryClient();
  const key = ['userCenter', 'favorite', kind, refKey];
  const on = useQuery({ queryKey: key, queryFn: () => checkFavorite(kind, refKey).then((r) => r.data.favorite) });
  const toggle = useMutation({
    mutationFn: () => (on.data ? removeFavorite(kind, refKey) : addFavorite({ kind, refKey, title, link })),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['userCenter'] });
    },
  });
  const label = on.data ? '取消收藏' : '收藏';
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        aria-pressed={!!on.data}
        loading={toggle.isPending}
        icon={on.data ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
        onClick={() => toggle.mutate()}
      />
    </Tooltip>
  );
}
