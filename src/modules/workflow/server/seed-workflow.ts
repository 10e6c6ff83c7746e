import type { Transaction } from 'kysely';
import type { Database } from '@/server/db/schema';
import { canonicalJson } from '@/shared/canonical-json';
import { demoLeaveForm } from '@/modules/forms/server/commands/demo-leave-form';
import { listFormSubmissions } from '@/modules/forms/server/commands/read-submission';
import { checkProcess, earlierApprovalNodes } from '../check-process';
import { PROCESS_FORMAT, type ProcessDefinition } from '../contract';
import * as engine from './engine';
import { openTasksOf, setDepartmentLeaders } from './repository';
import { startForSubmission } from './service';

export const LEAVE_PROCESS_NAME = '学生请假审批';

/**
 * 辅导员 of the applicant's college (any one; 24 h, then 上报上级 to the college leader) → the
 * college's two leaders (countersign) → copy to the dorm office.
 */
export const LEAVE_PROCESS: ProcessDefinition = {
  format: PROCESS_FORMAT,
  nodes: [
    { id: 'start', type: 'start', name: '提交申请', x: 0, y: 0 },
    {
      id: 'counsellor',
      type: 'approval',
      name: '辅导员审批',
      assignee: { kind: 'role', roleCode: 'counsellor', nearest: true },
      signMode: 'any',
      noAssignee: 'admin',
      timeLimitHours: 24,
      // Issue 24 item 1: a reminder 4 hours before the day is up and at the due time; 2 hours after
      // it the request goes up to the counsellor's college leader (workflow.time-limits job).
      reminders: { beforeHours: [4], afterHours: [0] },
      onTimeout: { action: 'escalate', graceHours: 2 },
      batchApprove: true,
      fieldPermissions: { phone: 'readOnly' },
      x: 0,
      y: 120,
    },
    {
      id: 'college',
      type: 'approval',
      name: '学院审批',
      assignee: { kind: 'deptLeader' },
      signMode: 'all',
      noAssignee: 'admin',
      timeLimitHours: 48,
      x: 0,
      y: 240,
    },
    { id: 'dorm', type: 'copy', name: '抄送宿管办', assignee: { kind: 'role', roleCode: 'dorm_office' }, x: 0, y: 360 },
    { id: 'end', type: 'end', name: '结束', x: 0, y: 480 },
  ],
  edges: [
    { from: 'start', to: 'counsellor' },
    { from: 'counsellor', to: 'college' },
    { from: 'college', to: 'dorm' },
    { from: 'dorm', to: 'end' },
  ],
  // A student's several requests stay apart in the lists by kind and dates.
  titleTemplate: '{申请人}的请假申请（{请假类型}，{请假时间}）',
};

/** One step a sample request has been through: who acts on which node, minutes after it was submitted. */
interface SampleStep {
  node: 'counsellor' | 'college';
  /** teacher: the demo teacher's task; first: the node's first open task (a leader). */
  by: 'teacher' | 'first';
  act: 'approve' | 'return';
  comment: string;
  afterMinutes: number;
}

/**
 * What has happened to the sample submissions, in seed-forms.ts's order (SAMPLES): the student's
 * first request approved (copied to 宿管办), the classmate's waiting at 学院审批 with one leader's
 * approval, the student's second returned with a reason, the newest waiting for the counsellors.
 */
const SAMPLE_STEPS: SampleStep[][] = [
  [
    { node: 'counsellor', by: 'teacher', act: 'approve', comment: '同意，注意休息，按时服药。', afterMinutes: 20 },
    { node: 'college', by: 'first', act: 'approve', comment: '同意。', afterMinutes: 50 },
    { node: 'college', by: 'first', act: 'approve', comment: '同意。', afterMinutes: 75 },
  ],
  [
    { node: 'counsellor', by: 'teacher', act: 'approve', comment: '情况属实，同意。', afterMinutes: 30 },
    {
      node: 'college',
      by: 'first',
      act: 'approve',
      comment: '同意，离校期间注意安全，按时返校销假。',
      afterMinutes: 90,
    },
  ],
  [
    {
      node: 'counsellor',
      by: 'teacher',
      act: 'return',
      comment: '请在「证明材料」中上传竞赛参赛通知后重新提交。',
      afterMinutes: 40,
    },
  ],
  [],
];

/** Starts the sample submissions' instances and takes each through its steps, with the engine's own transitions. */
async function runSampleRequests(tx: Transaction<Database>, formId: number): Promise<void> {
  const subs = await listFormSubmissions(tx, formId);
  const teacher = await tx.selectFrom('appUser').select('id').where('username', '=', 'teacher').executeTakeFirst();
  for (const [i, sub] of subs.entries()) {
    const submittedAt = Number(sub.submittedAt);
    const instanceId = await startForSubmission(tx, {
      formId,
      submissionId: sub.id,
      submitterId: sub.submitterId,
      at: submittedAt,
    });
    if (instanceId === null) continue;
    for (const step of SAMPLE_STEPS[i] ?? []) {
      const open = (await openTasksOf(tx, instanceId)).filter((t) => t.status === 'pending' && t.nodeId === step.node);
      const task = step.by === 'teacher' ? open.find((t) => t.assigneeId === teacher?.id) : open[0];
      // The seeded organisation always gives these nodes their people: a miss is a seed bug, not something to skip.
      if (!task) throw new Error(`sample request ${i + 1}: no open task of ${step.by} at ${step.node}`);
      const who = await tx
        .selectFrom('appUser')
        .select(['id', 'realName', 'isAdmin'])
        .where('id', '=', task.assigneeId)
        .executeTakeFirstOrThrow();
      const actor: engine.Actor = { userId: who.id, name: who.realName, isAdmin: who.isAdmin === 1 };
      const at = submittedAt + step.afterMinutes * 60_000;
      if (step.act === 'approve') await engine.approve(tx, actor, { taskId: task.id, comment: step.comment }, at);
      else
        await engine.reject(
          tx,
          actor,
          { taskId: task.id, comment: step.comment, to: 'applicant' },
          at,
          earlierApprovalNodes,
        );
    }
  }
}

/**
 * The demo's process for 学生请假申请 (published v1) and every college's two leaders (so the
 * countersign has two people): the counsellors of the student's own college approve first. The sample
 * submissions (inserted before the process) then start their instances through the form-submit
 * hook's own function and are taken through SAMPLE_STEPS, so the approval centre has something in
 * every list. Inside the demo seed's transaction, after the sample forms.
 */
export async function insertSampleProcess(tx: Transaction<Database>, now: number): Promise<void> {
  const form = await demoLeaveForm(tx);
  if (!form || form.latestVersion === null) return;

  // Each college's leaders: its 学院领导 (two in the full seed), topped up to two with its other staff
  // (the small seed has one), never the demo teacher, who approves as a counsellor.
  const colleges = await tx.selectFrom('department').select('id').where('kind', '=', 'college').orderBy('id').execute();
  for (const c of colleges) {
    const staff = await tx
      .selectFrom('appUser as u')
      .leftJoin('userRole as ur', 'ur.userId', 'u.id')
      .leftJoin('role as r', (j) => j.onRef('r.id', '=', 'ur.roleId').on('r.code', '=', 'college_leader'))
      .select(['u.id', 'r.code'])
      .where('u.departmentId', '=', c.id)
      .where('u.kind', '=', 'staff')
      .where('u.username', '!=', 'teacher')
      .orderBy('u.id')
      .execute();
    const leaders = [
      ...new Set([...staff.filter((s) => s.code === 'college_leader'), ...staff].map((s) => s.id)),
    ].slice(0, 2);
    if (leaders.length) await setDepartmentLeaders(tx, c.id, leaders);
  }

  await insertPublishedProcess(tx, { name: LEAVE_PROCESS_NAME, formId: form.id, definition: LEAVE_PROCESS }, now);
  await runSampleRequests(tx, form.id);
}

/** A demo process, checked like the designer's publish/ and published as version 1 by the administrator. */
export async function insertPublishedProcess(
  tx: Transaction<Database>,
  p: { name: string; formId: number; definition: ProcessDefinition },
  now: number,
): Promise<number> {
  const problems = checkProcess(p.definition);
  if (problems.length) throw new Error(`demo process ${p.name} is invalid: ${problems.join('; ')}`);
  const { id } = await tx
    .insertInto('wfProcess')
    .values({
      name: p.name,
      formId: p.formId,
      status: 'published',
      draft: JSON.stringify(p.definition),
      latestVersion: 1,
      updatedAt: now,
      updatedByName: '系统管理员',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('wfProcessVersion')
    .values({
      processId: id,
      version: 1,
      definition: canonicalJson(p.definition),
      publishedAt: now,
      publishedByName: '系统管理员',
    })
    .execute();
  return id;
}
