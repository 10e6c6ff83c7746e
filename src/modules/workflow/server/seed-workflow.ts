import type { Transaction } from 'kysely';
import type { Database } from '../../../server/db/schema';
import { canonicalJson } from '../../forms/server/service';
import { LEAVE_FORM_NAME } from '../../forms/server/seed-forms';
import { checkProcess } from '../check-process';
import { PROCESS_FORMAT, type ProcessDefinition } from '../contract';
import { setDepartmentLeaders } from './repository';

export const LEAVE_PROCESS_NAME = '学生请假审批';

/** 辅导员 of the applicant's college (any one) → the college's two leaders (countersign) → copy to the dorm office. */
export const LEAVE_PROCESS: ProcessDefinition = {
  format: PROCESS_FORMAT,
  nodes: [
    { id: 'start', type: 'start', name: '提交申请', x: 0, y: 0 },
    { id: 'counsellor', type: 'approval', name: '辅导员审批', assignee: { kind: 'role', roleCode: 'counsellor', nearest: true }, signMode: 'any', noAssignee: 'admin', timeLimitHours: 24, batchApprove: true, fieldPermissions: { phone: 'readOnly' }, x: 0, y: 120 },
    { id: 'college', type: 'approval', name: '学院审批', assignee: { kind: 'deptLeader' }, signMode: 'all', noAssignee: 'admin', timeLimitHours: 48, x: 0, y: 240 },
    { id: 'dorm', type: 'copy', name: '抄送宿管办', assignee: { kind: 'role', roleCode: 'dorm_office' }, x: 0, y: 360 },
    { id: 'end', type: 'end', name: '结束', x: 0, y: 480 },
  ],
  edges: [{ from: 'start', to: 'counsellor' }, { from: 'counsellor', to: 'college' }, { from: 'college', to: 'dorm' }, { from: 'dorm', to: 'end' }],
};

/**
 * The demo's process for 学生请假申请 (published v1) and every college's two leaders (so the
 * countersign has two people): the counsellors of the student's own college approve first. The sample
 * submissions (inserted before the process existed) start no instances: new submissions do,
 * through the form-submit hook. Inside the demo seed's transaction, after the sample forms.
 */
export async function insertSampleProcess(tx: Transaction<Database>, now: number): Promise<void> {
  const form = await tx.selectFrom('form').select(['id', 'latestVersion']).where('name', '=', LEAVE_FORM_NAME).executeTakeFirst();
  if (!form || form.latestVersion === null) return;
  const problems = checkProcess(LEAVE_PROCESS);
  if (problems.length) throw new Error(`sample process is invalid: ${problems.join('; ')}`);

  // Each college's leaders: its 学院领导 (two in the full seed), topped up to two with its other staff
  // (the small seed has one), never the demo teacher, who approves as a counsellor.
  const colleges = await tx.selectFrom('department').select('id').where('kind', '=', 'college').orderBy('id').execute();
  for (const c of colleges) {
    const staff = await tx.selectFrom('appUser as u').leftJoin('userRole as ur', 'ur.userId', 'u.id').leftJoin('role as r', (j) => j.onRef('r.id', '=', 'ur.roleId').on('r.code', '=', 'college_leader'))
      .select(['u.id', 'r.code']).where('u.departmentId', '=', c.id).where('u.kind', '=', 'staff').where('u.username', '!=', 'teacher').orderBy('u.id').execute();
    const leaders = [...new Set([...staff.filter((s) => s.code === 'college_leader'), ...staff].map((s) => s.id))].slice(0, 2);
    if (leaders.length) await setDepartmentLeaders(tx, c.id, leaders);
  }

  const { id } = await tx.insertInto('wfProcess').values({
    name: LEAVE_PROCESS_NAME, formId: form.id, status: 'published', draft: JSON.stringify(LEAVE_PROCESS), latestVersion: 1, updatedAt: now, updatedByName: '系统管理员',
  }).returning('id').executeTakeFirstOrThrow();
  await tx.insertInto('wfProcessVersion').values({ processId: id, version: 1, definition: canonicalJson(LEAVE_PROCESS), publishedAt: now, publishedByName: '系统管理员' }).execute();
}
