import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { ErrorBlock, InfiniteScroll, List, NavBar, PullToRefresh, SwipeAction, Tabs, Toast } from 'antd-mobile';
import { phoneLink } from '@/shared/approval-links';
import { listMessages, readMessage } from '@/modules/messages/api';
import { MESSAGE_DONE_LABEL, MESSAGE_KIND_LABELS, type Message } from '@/modules/messages/contract';
import { messageTime } from '@/modules/messages/time-text';
import s from './mobile-messages-page.module.css';

const PAGE_SIZE = 20;
type Status = 'unread' | 'all';

/** /mobile/messages: the caller's messages; tap (opens the link's phone page) or swipe to mark read, pull to refresh, scroll for more. */
export default function MobileMessagesPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [status, setStatus] = useState<Status>('unread');

  const list = useInfiniteQuery({
    queryKey: ['messages', 'list', 'phone', status],
    queryFn: ({ pageParam }) =>
      listMessages({ status, page: pageParam, pageSize: PAGE_SIZE }, { silent: true }).then((r) => r.data),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
  const read = useMutation({
    mutationFn: (body: { id: number } | { all: true }) => readMessage(body, { silent: true }).then((r) => r.data),
    onSuccess: (data) => {
      qc.setQueryData(['messages', 'count'], data.unread);
      void qc.invalidateQueries({ queryKey: ['messages', 'list'] });
    },
    onError: (e) =>
      Toast.show({ icon: 'fail', content: e instanceof Error && e.message ? e.message : '操作失败，请稍后重试' }),
  });

  const messages = list.data?.pages.flatMap((p) => p.list) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const open = (m: Message) => {
    if (m.readAt === null) read.mutate({ id: m.id });
    // Workflow messages link to desktop pages; the phone opens its own instead.
    if (m.link) navigate(phoneLink(m.link));
  };

  return (
    <div className={s.page}>
      <NavBar
        className={s.nav}
        onBack={() => navigate('/mobile/home')}
        backArrow
        right={
          <button
            type="button"
            className={s.allRead}
            disabled={read.isPending}
            onClick={() => read.mutate({ all: true })}
          >
            全部已读
          </button>
        }
      >
        消息
      </NavBar>
      <Tabs activeKey={status} onChange={(k) => setStatus(k as Status)} className={s.tabs}>
        <Tabs.Tab key="unread" title="未读" />
        <Tabs.Tab key="all" title="全部" />
      </Tabs>
      <PullToRefresh
        onRefresh={async () => {
          await Promise.all([list.refetch(), qc.invalidateQueries({ queryKey: ['messages', 'count'] })]);
        }}
      >
        {list.isError ? (
          <ErrorBlock status="default" title="消息加载失败" description="请下拉刷新重试" />
        ) : !list.isPending && messages.length === 0 ? (
          <ErrorBlock status="empty" title={status === 'unread' ? '没有未读消息' : '暂无消息'} description="" />
        ) : (
          <List aria-label={status === 'unread' ? '未读消息' : '全部消息'}>
            {messages.map((m) => (
              <SwipeAction
                key={m.id}
                rightActions={
                  m.readAt === null
                    ? [{ key: 'read', text: '标为已读', color: 'primary', onClick: () => read.mutate({ id: m.id }) }]
                    : []
                }
              >
                <List.Item
                  className={s.item}
                  onClick={() => open(m)}
                  arrowIcon={m.link ? undefined : false}
                  prefix={<span className={m.readAt === null ? s.dot : s.dotRead} aria-hidden />}
                  description={
                    <>
                      <span className={s.kind}>{MESSAGE_KIND_LABELS[m.kind]}</span>
                      {m.doneAt !== null && <span className={s.done}>{MESSAGE_DONE_LABEL}</span>}
                      {m.body && <span className={s.body}>{m.body}</span>}
                    </>
                  }
                  extra={<span className={s.time}>{messageTime(m.createdAt)}</span>}
                  aria-label={`${m.readAt === null ? '未读 ' : ''}${m.doneAt !== null ? `${MESSAGE_DONE_LABEL} ` : ''}${m.title}`}
                >
                  <span className={m.readAt === null ? s.titleUnread : s.title}>{m.title}</span>
                </List.Item>
              </SwipeAction>
            ))}
          </List>
        )}
        {messages.length > 0 && (
          <InfiniteScroll
            hasMore={!!list.hasNextPage}
            loadMore={async () => {
              await list.fetchNextPage();
            }}
          >
            {list.hasNextPage ? '加载中…' : `共 ${total} 条`}
          </InfiniteScroll>
        )}
      </PullToRefresh>
    </div>
  );
}
