import type { SubmissionStatus } from '@/server/form-events';
import { INSTANCE_STATUS_LABELS, instanceLink, type InstanceStatus } from '../contract';
import type { Conn } from './repository';

const TONE: Record<InstanceStatus, SubmissionStatus['tone']> = {
  running: 'processing',
  returned: 'warning',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'default',
  terminated: 'default',
};

/**
 * Where these submissions' approvals stand (the submitter's 我的提交): each submission's own request
 * (not a later change request), 审批中 with the nodes it waits at, and the approval page to follow it.
 * One query on the (submission_id) index for the whole page.
 */
export async function approvalStatuses(db: Conn, submissionIds: number[]): Promise<Map<number, SubmissionStatus>> {
  const rows = await db
    .selectFrom('wfInstance')
    .select(['id', 'submissionId', 'status', 'currentNodes'])
    .where('submissionId', 'in', submissionIds)
    .where('kind', '=', 'normal')
    .orderBy('id')
    .execute();
  const out = new Map<number, SubmissionStatus>();
  // A submission started again after a withdrawal has several: the newest one counts.
  for (const r of rows) {
    const status = r.status as InstanceStatus;
    const label = INSTANCE_STATUS_LABELS[status] ?? r.status;
    out.set(r.submissionId, {
      text: status === 'running' && r.currentNodes ? `${label}（${r.currentNodes}）` : label,
      tone: TONE[status] ?? 'default',
      link: instanceLink(r.id),
    });
  }
  return out;
}
