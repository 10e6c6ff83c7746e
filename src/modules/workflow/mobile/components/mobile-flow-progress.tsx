import { useQuery } from '@tanstack/react-query';
import { ErrorBlock, Skeleton, Steps, Tag } from 'antd-mobile';
import { getInstance, publicRecord } from '@/modules/workflow/api';
import { INSTANCE_STATUS_LABELS, type InstanceView, type PublicRecord } from '@/modules/workflow/contract';
import { FlowChart } from '@/modules/workflow/components/flow-chart';
import { HISTORY_ACTION_LABELS, dueText, errorText, formatTime } from '@/modules/workflow/components/labels';
import s from '../mobile.module.css';

/** What the progress needs: an instance's full view (signed in) or its public record (a record link). */
type ProgressView = Pick<InstanceView & PublicRecord, 'title' | 'status' | 'definition' | 'currentNodes'> & {
  tasks: PublicRecord['tasks'];
  history: PublicRecord['history'];
};

/** An instance's progress on a phone: the chart (kit-free) and the steps so far. */
export function InstanceProgress({ view }: { view: ProgressView }) {
  return (
    <div className={s.progress}>
      <div className={s.progressHead}>
        <span className={s.progressTitle}>{view.title}</span>
        <Tag
          color={
            view.status === 'approved'
              ? 'success'
              : view.status === 'running'
                ? 'primary'
                : view.status === 'returned' || view.status === 'rejected'
                  ? 'danger'
                  : 'default'
          }
        >
          {INSTANCE_STATUS_LABELS[view.status]}
        </Tag>
      </div>
      <div className={s.card}>
        <FlowChart
          definition={view.definition}
          currentNodes={view.currentNodes}
          status={view.status}
          tasks={view.tasks}
          history={view.history}
          height={320}
        />
      </div>
      <div className={s.card}>
        <div className={s.cardTitle}>审批记录</div>
        <Steps direction="vertical">
          {view.history.map((h) => (
            <Steps.Step
              key={h.id}
              status={
                h.action === 'reject' ||
                h.action === 'return' ||
                h.action === 'terminate' ||
                h.action === 'autoReturn' ||
                h.action === 'timeout'
                  ? 'error'
                  : 'finish'
              }
              title={`${h.actorName || '系统'} ${HISTORY_ACTION_LABELS[h.action] ?? h.action}${h.nodeName ? `（${h.nodeName}）` : ''}`}
              description={
                <>
                  {formatTime(h.at)}
                  {h.comment && <div className={s.stepComment}>{h.comment}</div>}
                </>
              }
            />
          ))}
          {view.status === 'running' &&
            view.tasks
              .filter((t) => t.status === 'pending')
              .map((t) => (
                <Steps.Step
                  key={`t${t.id}`}
                  status="process"
                  title={`${t.assigneeName} 审批中（${t.nodeName}）`}
                  description={`到达 ${formatTime(t.createdAt)}${t.dueAt !== null ? ` · 期限 ${dueText(t)}` : ''}`}
                />
              ))}
        </Steps>
      </div>
    </div>
  );
}

/**
 * Loads an instance and draws its progress (the mobile module's mobileFlowChart page uses this):
 * by its record link's token for whoever holds the link, signed in or not; else by id with a session.
 */
export function MobileFlowProgress({ instanceId, token }: { instanceId?: number; token?: string }) {
  const q = useQuery<ProgressView>({
    queryKey: token ? ['workflow', 'record', token] : ['workflow', 'view', 'instance', instanceId],
    queryFn: () => (token ? publicRecord(token) : getInstance(instanceId!)).then((r) => r.data),
    retry: false,
  });
  if (q.isPending)
    return (
      <div className={s.body}>
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  if (q.isError)
    return (
      <ErrorBlock
        status="default"
        title="无法查看流程进度"
        description={errorText(q.error, token ? '链接已失效或记录不存在' : '审批单不存在或无权查看')}
      />
    );
  return <InstanceProgress view={q.data} />;
}
