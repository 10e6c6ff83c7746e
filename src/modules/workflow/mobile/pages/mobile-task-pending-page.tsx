import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ErrorBlock, InfiniteScroll, List, NavBar, Popup, PullToRefresh, Skeleton, Tag, Toast } from 'antd-mobile';
import '../../../mobile/mobile/antd-mobile-setup';
import { MobileFormRenderer } from '../../../forms/mobile/components/mobile-form-renderer';
import { approveTask, getTask, listTasks, rejectTask } from '../../api';
import type { TaskListItem } from '../../contract';
import { errorText, formatTime } from '../../components/labels';
import { MOBILE_HOME, mobileFlowChartPath } from '../paths';
import { DecisionPopup, type Decision } from '../components/decision-popup';
import s from '../mobile.module.css';

const PAGE_SIZE = 20;

/** /mobile/taskPending: my pending approvals; tap to read the request, approve or return it with a comment. */
export default function MobileTaskPendingPage() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [openRow, setOpenRow] = useState<TaskListItem | null>(null);
  const [decision, setDecision] = useState<{ row: TaskListItem; kind: Decision } | null>(null);

  const list = useInfiniteQuery({
    queryKey: ['workflow', 'tasks', 'phone', 'dsp'],
    queryFn: ({ pageParam }) => listTasks({ type: 'dsp', page: pageParam, pageSize: PAGE_SIZE }).then((r) => r.data),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
  const detail = useQuery({
    queryKey: ['workflow', 'view', 'task', openRow?.taskId],
    queryFn: () => getTask(openRow!.taskId!).then((r) => r.data),
    enabled: !!openRow?.taskId,
    retry: false,
  });

  const decide = useMutation({
    mutationFn: ({ row, kind, comment }: { row: TaskListItem; kind: Decision; comment: string }) =>
      kind === 'approve'
        ? approveTask({ taskId: row.taskId!, comment: comment || undefined })
        : rejectTask({ taskId: row.taskId!, comment, to: 'applicant' }),
    onSuccess: (_r, { kind }) => {
      Toast.show({ icon: 'success', content: kind === 'approve' ? '已同意' : '已退回' });
      setDecision(null);
      setOpenRow(null);
    },
    // The http layer has shown the server's message (e.g. someone else handled it first); the list reloads.
    onError: () => { setDecision(null); setOpenRow(null); },
    onSettled: () => qc.invalidateQueries({ queryKey: ['workflow'] }),
  });

  const rows = list.data?.pages.flatMap((p) => p.list) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate(MOBILE_HOME, { replace: true }));

  return (
    <div className={s.page}>
      <NavBar className={s.nav} onBack={back}>待办审批{total ? `（${total}）` : ''}</NavBar>
      <PullToRefresh onRefresh={async () => { await list.refetch(); }}>
        {list.isError ? (
          <ErrorBlock status="default" title="待办加载失败" description="请下拉刷新重试" />
        ) : list.isPending ? (
          <div className={s.body}><Skeleton.Paragraph lineCount={6} animated /></div>
        ) : rows.length === 0 ? (
          <ErrorBlock status="empty" title="暂无待办" description="需要您审批的申请会出现在这里" />
        ) : (
          <List aria-label="待办列表">
            {rows.map((r) => (
              <List.Item
                key={r.id}
                onClick={() => setOpenRow(r)}
                description={
                  <div className={s.rowMeta}>
                    <span>{r.applicantName} · {r.nodeName}</span>
                    <span>{formatTime(r.createdAt)}</span>
                  </div>
                }
                extra={r.overdue ? <Tag color="danger">已超时</Tag> : r.kind === 'edit' ? <Tag color="warning">修改申请</Tag> : undefined}
              >
                {r.title}
              </List.Item>
            ))}
          </List>
        )}
        {rows.length > 0 && (
          <InfiniteScroll hasMore={!!list.hasNextPage} loadMore={async () => { await list.fetchNextPage(); }}>
            {list.hasNextPage ? '加载中…' : `共 ${total} 条`}
          </InfiniteScroll>
        )}
      </PullToRefresh>

      <Popup visible={!!openRow} onMaskClick={() => setOpenRow(null)} bodyClassName={s.detailSheet} destroyOnClose>
        {openRow && (
          <div className={s.detail}>
            <div className={s.sheetTitle}>{openRow.title}</div>
            <div className={s.rowMeta}><span>申请人：{openRow.applicantName}</span><span>{openRow.nodeName}</span></div>
            <div className={s.detailBody}>
              {detail.isPending ? <Skeleton.Paragraph lineCount={6} animated />
                : detail.isError ? <ErrorBlock status="default" title="无法打开" description={errorText(detail.error, '该任务已处理或不存在')} />
                  : <MobileFormRenderer schema={detail.data.schema} values={detail.data.values} mode="readOnly" />}
            </div>
            <Button fill="none" color="primary" onClick={() => navigate(mobileFlowChartPath(openRow.instanceId))}>查看流程进度</Button>
            <div className={s.sheetActions}>
              <Button block size="large" color="danger" fill="outline" onClick={() => setDecision({ row: openRow, kind: 'reject' })}>退回</Button>
              <Button block size="large" color="primary" onClick={() => setDecision({ row: openRow, kind: 'approve' })}>同意</Button>
            </div>
          </div>
        )}
      </Popup>
      <DecisionPopup
        decision={decision?.kind ?? null}
        title={decision?.row.title ?? ''}
        busy={decide.isPending}
        onClose={() => setDecision(null)}
        onConfirm={(comment) => decision && decide.mutate({ ...decision, comment })}
      />
    </div>
  );
}
