import type { HistoryAction, InstanceStatus, TaskListType, TaskStatus } from '../contract';

/** Kit-free labels shared by the desktop and phone pages. */
/** The form category booking forms carry (reservationServices filters tasks by it; the phone link says the same). */
export { RESERVATION_CATEGORY } from '@/shared/approval-links';

export const TASK_TYPE_LABELS: Record<TaskListType, string> = {
  dsp: '待办',
  wfq: '我发起的',
  ysp: '已办',
  cswd: '抄送我的',
};

export const HISTORY_ACTION_LABELS: Record<HistoryAction, string> = {
  submit: '提交',
  approve: '同意',
  reject: '拒绝',
  return: '退回',
  transfer: '转交',
  addSigner: '加签',
  withdraw: '撤回',
  resubmit: '重新提交',
  urge: '催办',
  comment: '评论',
  copy: '抄送',
  skip: '自动跳过',
  reassign: '改派',
  terminate: '终止',
  finish: '审批完成',
  applyEdit: '申请修改',
  editApplied: '修改生效',
  voteAgainst: '投反对票',
  votePassed: '投票通过',
  voteFailed: '投票未通过',
  remind: '超时提醒',
  autoApprove: '超时自动同意',
  autoReturn: '超时自动退回',
  escalate: '超时上报上级',
  timeout: '已超时',
  timerWait: '等待',
  timerDone: '等待结束',
};

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  pending: '待处理',
  waiting: '等待中',
  approved: '已同意',
  rejected: '已退回',
  transferred: '已转交',
  cancelled: '已取消',
};

/** antd Tag colours (the phone page maps them to its own). */
export const INSTANCE_STATUS_COLORS: Record<InstanceStatus, string> = {
  running: 'processing',
  returned: 'warning',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'default',
  terminated: 'default',
};

/** History actions drawn red / green on the timeline. */
export const actionColor = (a: HistoryAction): string =>
  a === 'reject' || a === 'return' || a === 'terminate' || a === 'autoReturn' || a === 'timeout'
    ? 'red'
    : a === 'approve' || a === 'finish' || a === 'editApplied' || a === 'autoApprove'
      ? 'green'
      : a === 'comment' || a === 'urge' || a === 'remind' || a === 'timerWait'
        ? 'gray'
        : 'blue';

export const formatTime = (ms: number | null | undefined) => {
  if (!ms) return '';
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
};

/** The message of a failed call (the http layer has already shown it as a toast). */
export const errorText = (e: unknown, fallback: string) => (e instanceof Error && e.message ? e.message : fallback);

/** A task's time limit for the approval pages: its due time, 已超时 once past it, and the reminders sent. */
export function dueText(
  t: { dueAt: number | null; remindersSent?: number; status?: string },
  now = Date.now(),
): string {
  if (t.dueAt === null) return '';
  const late = (t.status === undefined || t.status === 'pending') && now > t.dueAt;
  const reminded = t.remindersSent ? `，已提醒 ${t.remindersSent} 次` : '';
  return `${formatTime(t.dueAt)}${late ? '（已超时）' : ''}${reminded}`;
}
