import type { InstanceEnd } from '@/modules/workflow/server/commands/instances';
import { FORM_SCHEMA_FORMAT, type FormSchema } from '@/shared/forms/schema';
import type { ProcessDefinition } from '@/modules/workflow/contract';
import { findFormIdByName } from '@/modules/forms/server/commands/find-form-by-name';
import { insertPublishedForm } from '@/modules/forms/server/commands/publish-form';
import { recordSubmission } from '@/modules/forms/server/commands/record-submission';
import { insertPublishedProcess } from '@/modules/workflow/server/commands/system-process';
import { publishedProcessesOfForm, startProcessInstance } from '@/modules/workflow/server/commands/instances';
import type { Transaction } from 'kysely';
import type { Database } from '@/server/db/schema';
import * as repo from './repository';

type Tx = Transaction<Database>;

/**
 * 不再关注 runs through the workflow engine (as one-table's corrections do): each request is a
 * submission of the built-in 不再关注申请 form (student, source, reason and the college's leaders as
 * 审批人) and an instance of the built-in process — one step, any one of the student's college
 * leaders (或签); no leader → the administrator. The generic 待办/已办 pages, history and opinions
 * show it; the ending is settled in the engine's transaction (`settleUnfollow`).
 */

export const UNFOLLOW_FORM_NAME = '学生预警·不再关注申请';
export const UNFOLLOW_PROCESS_NAME = '学生预警·不再关注审批';
/** Nobody fills this form by hand: its audience is a role code no user holds. */
const NO_AUDIENCE = ['early_warning_system'];

const SCHEMA: FormSchema = {
  format: FORM_SCHEMA_FORMAT,
  sections: [
    {
      id: 'unfollow',
      title: '不再关注',
      columns: 2,
      fields: [
        { id: 'student', type: 'text', label: '学生', required: true, maxLength: 60 },
        { id: 'source', type: 'text', label: '来源', required: true, maxLength: 40 },
        { id: 'reason', type: 'textarea', label: '理由', required: true, maxLength: 300 },
        { id: 'approvers', type: 'user', label: '审批人', multiple: true },
      ],
    },
  ],
  rules: [],
};

const PROCESS: ProcessDefinition = {
  format: 1,
  nodes: [
    { id: 'start', type: 'start', name: '申请不再关注', x: 0, y: 0 },
    {
      id: 'leader',
      type: 'approval',
      name: '学院领导审批',
      assignee: { kind: 'applicantPick', fieldId: 'approvers' },
      signMode: 'any',
      noAssignee: 'admin',
      timeLimitHours: 72,
      x: 0,
      y: 120,
    },
    { id: 'end', type: 'end', name: '结束', x: 0, y: 240 },
  ],
  edges: [
    { from: 'start', to: 'leader' },
    { from: 'leader', to: 'end' },
  ],
  titleTemplate: '{申请人}的不再关注申请（{学生}）',
};

/** The form and process, created on first use in the caller's transaction (the lookups take the oldest). */
async function ensureFlow(trx: Tx, now: number) {
  let form = await findFormIdByName(trx, UNFOLLOW_FORM_NAME);
  if (!form || form.latestVersion === null) {
    const admin = await trx
      .selectFrom('appUser')
      .select(['id', 'realName'])
      .where('isAdmin', '=', 1)
      .orderBy('id')
      .executeTakeFirst();
    const made = await insertPublishedForm(
      trx,
      {
        name: UNFOLLOW_FORM_NAME,
        category: '学生预警',
        description: '学生预警的不再关注申请（由预警任务/重点关注提交，不能直接填写）。',
        schema: SCHEMA,
        managerIds: [],
        audience: NO_AUDIENCE,
      },
      { id: admin?.id ?? 0, name: admin?.realName ?? '系统' },
      now,
    );
    form = { id: made.id, latestVersion: made.version } as typeof form & object;
  }
  const formId = Number(form!.id);
  const processes = await publishedProcessesOfForm(trx, formId);
  const processId =
    processes.find((p) => p.name === UNFOLLOW_PROCESS_NAME)?.id ??
    (await insertPublishedProcess(trx, { name: UNFOLLOW_PROCESS_NAME, formId, definition: PROCESS }, now));
  return { formId, version: Number(form!.latestVersion), processId };
}

/** Submits the form record and starts the process for request `requestId`; answers the instance id. */
export async function startUnfollowFlow(
  trx: Tx,
  r: {
    requestId: number;
    applicantId: number;
    student: string;
    source: 'warning' | 'focus';
    reason: string;
    approvers: { id: number; realName: string }[];
  },
  now: number,
): Promise<number> {
  const flow = await ensureFlow(trx, now);
  const sub = await recordSubmission(trx, {
    formId: flow.formId,
    version: flow.version,
    values: {
      student: r.student,
      source: r.source === 'warning' ? '预警任务' : '重点关注',
      reason: r.reason,
      approvers: r.approvers.map((u) => ({ id: u.id, name: u.realName })),
    },
    submitterId: r.applicantId,
    at: now,
  });
  const instanceId = await startProcessInstance(
    trx,
    { processId: flow.processId, submissionId: sub.id, applicantId: r.applicantId },
    now,
  );
  await repo.setRequestInstance(trx, r.requestId, instanceId);
  return instanceId;
}

/**
 * The engine's completion hook: approved → the follow ends / the warning closes; rejected,
 * terminated or withdrawn → the follow stays / the warning reopens, with the opinion on the
 * request and in the care history. Other instances: one indexed lookup finds nothing.
 */
export async function settleUnfollow(
  e: Pick<InstanceEnd, 'trx' | 'instanceId' | 'status' | 'comment' | 'actorId' | 'now'>,
): Promise<void> {
  const r = await repo.findRequestOfInstance(e.trx, e.instanceId);
  if (!r || r.status !== 'pending') return;
  const approve = e.status === 'approved';
  const who =
    e.actorId === null
      ? undefined
      : await e.trx.selectFrom('appUser').select(['id', 'realName']).where('id', '=', e.actorId).executeTakeFirst();
  const opinion =
    e.status === 'withdrawn' ? '申请人已撤回' : e.status === 'terminated' ? `管理员终止：${e.comment}` : e.comment;
  await repo.decideRequest(
    e.trx,
    r.id,
    { status: approve ? 'approved' : 'rejected', reply: opinion, replierName: who?.realName ?? '系统' },
    e.now,
  );
  if (r.source === 'focus') await repo.setFollowStatus(e.trx, r.refId, approve ? 'ended' : 'following');
  else await repo.setWarning(e.trx, r.refId, { status: approve ? 'closed' : 'open' }, e.now);
  await repo.addCare(e.trx, {
    warningId: r.source === 'warning' ? r.refId : null,
    studentNo: r.studentNo,
    action: approve ? 'close' : 'contact',
    actorId: who?.id ?? r.authorId,
    actorName: who?.realName ?? '系统',
    content: `不再关注申请${approve ? '已同意' : e.status === 'withdrawn' ? '已撤回' : '未同意'}${opinion ? `：${opinion}` : ''}`,
    outcome: '',
    at: e.now,
  });
}
