import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ErrorBlock, InfiniteScroll, List, NavBar, PullToRefresh, Skeleton, Tag } from 'antd-mobile';
import '@/core/ui/antd-mobile-setup';
import { listTasks } from '@/modules/workflow/api';
import type { TaskListItem } from '@/modules/workflow/contract';
import { formatTime } from '@/modules/workflow/components/labels';
import { MOBILE_HOME } from '../paths';
import { TaskSheet } from '../components/task-sheet';
import s from '../mobile.module.css';

const PAGE_SIZE = 20;
const positive = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * /mobile/taskPending: my pending approvals; tap to read the request, approve or return it with a
 * comment. `?taskId=N` (a message's link) opens that task's sheet at once, wherever it is in the list;
 * `?category=预约` lists only booking requests (预约审批, the desktop reservationServices).
 */
export default function MobileTaskPendingPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const linked = positive(params.get('taskId'));
  const [tapped, setTapped] = useState<TaskListItem | null>(null);
  const openId = tapped?.taskId ?? linked;
  // ?category= narrows the list to one form category (预约: the phone's 预约审批).
  const category = params.get('category')?.slice(0, 30) || undefined;

  const list = useInfiniteQuery({
    queryKey: ['workflow', 'tasks', 'phone', 'dsp', category],
    queryFn: ({ pageParam }) =>
      listTasks({ type: 'dsp', page: pageParam, pageSize: PAGE_SIZE, category }).then((r) => r.data),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });

  // Closing a linked sheet drops ?taskId (replace: back does not reopen it).
  const close = () => {
    setTapped(null);
    if (params.has('taskId')) {
      const next = new URLSearchParams(params);
      next.delete('taskId');
      setParams(next, { replace: true });
    }
  };

  const rows = list.data?.pages.flatMap((p) => p.list) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate(MOBILE_HOME, { replace: true }));

  return (
    <div className={s.page}>
      <NavBar className={s.nav} onBack={back}>
        {`${category ? `${category}审批` : '待办审批'}${total ? `（${total}）` : ''}`}
      </NavBar>
      <PullToRefresh
        onRefresh={async () => {
          await list.refetch();
        }}
      >
        {list.isError ? (
          <ErrorBlock status="default" title="待办加载失败" description="请下拉刷新重试" />
        ) : list.isPending ? (
          <div className={s.body}>
            <Skeleton.Paragraph lineCount={6} animated />
          </div>
        ) : rows.length === 0 ? (
          <ErrorBlock
            status="empty"
            title={category ? `暂无待审批的${category}申请` : '暂无待办'}
            description="需要您审批的申请会出现在这里"
          />
        ) : (
          <List aria-label="待办列表">
            {rows.map((r) => (
              <List.Item
                key={r.id}
                onClick={() => setTapped(r)}
                description={
                  <div className={s.rowMeta}>
                    <span>
                      {r.applicantName} · {r.nodeName}
                    </span>
                    <span>{formatTime(r.createdAt)}</span>
                  </div>
                }
                extra={
                  r.overdue ? (
                    <Tag color="danger">已超时</Tag>
                  ) : r.kind === 'edit' ? (
                    <Tag color="warning">修改申请</Tag>
                  ) : undefined
                }
              >
                {r.title}
              </List.Item>
            ))}
          </List>
        )}
        {rows.length > 0 && (
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

      <TaskSheet taskId={openId} row={tapped ?? rows.find((r) => r.taskId === linked)} onClose={close} onDone={close} />
    </div>
  );
}
