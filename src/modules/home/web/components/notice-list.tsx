import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Button, Card, Empty, List, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { listNotices } from '@/modules/home/api';
import type { NoticeKind } from '@/modules/home/contract';
import s from './notice-list.module.css';

const PAGE_SIZE = 8;

/** A list of notices or news from the server, newest first, with "加载更多" fetching the next page. */
export function NoticeList({ kind, title, icon }: { kind: NoticeKind; title: string; icon: React.ReactNode }) {
  const q = useInfiniteQuery({
    queryKey: ['home', 'notices', kind],
    queryFn: ({ pageParam }) => listNotices({ kind, page: pageParam, pageSize: PAGE_SIZE }).then((r) => r.data),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
  const items = q.data?.pages.flatMap((p) => p.list) ?? [];
  const total = q.data?.pages[0]?.total ?? 0;

  return (
    <Card
      className={s.card}
      title={
        <span className={s.title}>
          {icon}
          {title}
        </span>
      }
      extra={total > 0 && <span className={s.count}>共 {total} 条</span>}
    >
      {q.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : items.length === 0 ? (
        <Empty description={q.isError ? '加载失败，请稍后重试' : `暂无${title}`} />
      ) : (
        <List
          dataSource={items}
          split
          renderItem={(n) => (
            <List.Item className={s.item}>
              <div className={s.row}>
                <Link to={`/home/notice/${n.id}`} className={s.link} title={n.title}>
                  {n.title}
                </Link>
                <span className={s.date}>{dayjs(n.publishedAt).format('YYYY-MM-DD')}</span>
              </div>
              {n.summary && (
                <Typography.Paragraph type="secondary" ellipsis={{ rows: 1 }} className={s.summary}>
                  {n.summary}
                </Typography.Paragraph>
              )}
            </List.Item>
          )}
          loadMore={
            q.hasNextPage && (
              <div className={s.more}>
                <Button onClick={() => q.fetchNextPage()} loading={q.isFetchingNextPage}>
                  加载更多（已显示 {items.length} / {total}）
                </Button>
              </div>
            )
          }
        />
      )}
    </Card>
  );
}
