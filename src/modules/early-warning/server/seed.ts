import type { DemoSeed } from '@/server/db/seed/module-seeds';
import type { Tx } from '@/server/db/seed/batch';
import { grantPagesToRoles } from '@/server/db/seed/role-pages';
import { findFormIdByName } from '@/modules/forms/server/commands/find-form-by-name';
import { LEAVE_FORM_NAME } from '@/modules/forms/server/commands/demo-leave-form';
import { recordSubmission } from '@/modules/forms/server/commands/record-submission';
import {
  approveTask,
  pendingTasksOfInstance,
  publishedProcessesOfForm,
  startProcessInstance,
} from '@/modules/workflow/server/commands/instances';
import { DEMO_LEAVE_PERIODS, demoWarningCast } from './commands/demo-cast';
import * as repo from './repository';
import { FUNDING_ROLE, STUDENT_AFFAIRS_ROLE } from './scope';

const HOUR = 3_600_000;
const NEW_ROLES = [
  { code: STUDENT_AFFAIRS_ROLE, name: '学工处' },
  { code: FUNDING_ROLE, name: '资助中心' },
];

/** 学工处 and 资助中心 roles (the core seed has neither), given to the first two staff of 学生工作处 (B01). */
async function officeRoles(tx: Tx) {
  const group = await tx.selectFrom('role').select('groupId').where('code', '=', 'staff').executeTakeFirst();
  const ids: number[] = [];
  for (const [i, r] of NEW_ROLES.entries()) {
    const found = await tx.selectFrom('role').select('id').where('code', '=', r.code).executeTakeFirst();
    const id =
      found?.id ??
      (
        await tx
          .insertInto('role')
          .values({ code: r.code, name: r.name, groupId: group?.groupId ?? null, sort: 50 + i })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    ids.push(id);
  }
  const staff = await tx
    .selectFrom('appUser as u')
    .innerJoin('department as d', 'd.id', 'u.departmentId')
    .select('u.id')
    .where('d.code', '=', 'B01')
    .where('d.kind', '=', 'office')
    .where('u.kind', '=', 'staff')
    .orderBy('u.userNo')
    .limit(2)
    .execute();
  for (const [i, s] of staff.entries())
    await tx.insertInto('userRole').values({ userId: s.id, roleId: ids[i]! }).execute();
}

/** The cast's people, read from the core's tables the way the demo sources read them. */
async function castOf(tx: Tx) {
  const [departments, students, counsellors] = await Promise.all([
    tx.selectFrom('department').select(['id', 'parentId', 'kind', 'name']).execute(),
    tx
      .selectFrom('appUser')
      .select(['id', 'userNo', 'realName', 'departmentId'])
      .where('kind', '=', 'student')
      .where('status', '=', 'active')
      .where('departmentId', 'is not', null)
      .execute(),
    tx
      .selectFrom('appUser as u')
      .innerJoin('userRole as ur', 'ur.userId', 'u.id')
      .innerJoin('role as r', 'r.id', 'ur.roleId')
      .select(['u.id', 'u.userNo', 'u.departmentId'])
      .where('r.code', '=', 'counsellor')
      .where('u.status', '=', 'active')
      .execute(),
  ]);
  const byId = new Map(departments.map((d) => [d.id, d]));
  const up = (id: number | null, kinds: string[]) => {
    for (let d = id === null ? undefined : byId.get(id); d; d = d.parentId === null ? undefined : byId.get(d.parentId))
      if (kinds.includes(d.kind)) return d;
    return undefined;
  };
  const castStudents = students.flatMap((s) => {
    const college = up(s.departmentId, ['college']);
    return college ? [{ ...s, collegeId: college.id, group: up(s.departmentId, ['class'])?.name ?? null }] : [];
  });
  const castCounsellors = counsellors.flatMap((c) => {
    const college = up(c.departmentId, ['college']);
    return college ? [{ ...c, collegeId: college.id }] : [];
  });
  return { castStudents, castCounsellors };
}

/** The leave cast's 学生请假申请, run through the leave process and approved, one per demo event range. */
export async function approvedLeave(tx: Tx, students: { id: number; userNo: string; realName: string }[], now: number) {
  const form = await findFormIdByName(tx, LEAVE_FORM_NAME);
  if (!form || form.latestVersion === null) return;
  const process = (await publishedProcessesOfForm(tx, Number(form.id)))[0];
  if (!process) return;
  for (const s of students)
    for (const p of DEMO_LEAVE_PERIODS) {
      const at = Date.parse(`${p.from}T08:00:00+08:00`) - 2 * 24 * HOUR;
      const sub = await recordSubmission(tx, {
        formId: Number(form.id),
        version: Number(form.latestVersion),
        submitterId: s.id,
        at,
        values: {
          name: s.realName,
          studentNo: s.userNo,
          phone: '13800000000',
          kind: 'personal',
          period: `${p.from}至${p.to}`,
          days: 3,
          leaveSchool: true,
          reason: '家中有事，需回家处理。',
        },
      });
      const instanceId = await startProcessInstance(
        tx,
        { processId: process.id, submissionId: sub.id, applicantId: s.id },
        at,
      );
      let step = at;
      for (let guard = 0; guard < 10; guard++) {
        const t = (await pendingTasksOfInstance(tx, instanceId))[0];
        if (!t) break;
        const u = await tx
          .selectFrom('appUser')
          .select(['realName', 'isAdmin'])
          .where('id', '=', t.assigneeId)
          .executeTakeFirstOrThrow();
        step += 2 * HOUR;
        await approveTask(
          tx,
          { userId: t.assigneeId, name: u.realName, isAdmin: u.isAdmin === 1 },
          { taskId: t.taskId, comment: '同意' },
          Math.min(step, now),
        );
      }
    }
}

/**
 * 学生预警's demo: the 学工处/资助中心 roles, every student's counsellor (demo cast), and in the full
 * demo the approved leave of the leave cast. The warnings themselves come from the recompute job once
 * the demo sources are synced — the same path real data takes.
 */
/**
 * The lists go to the people who have students to care for (counsellors, college leaders, 学工处)
 * and 精准资助 to 学工处 and 资助中心 only: the server answers nobody else, so nobody else's menu
 * offers them. The approval centre's 预警任务 / 重点关注 stay with every staff member (协助 may
 * reach any department).
 */
async function listPagesToRoles(tx: Tx) {
  const roles = await tx
    .selectFrom('role')
    .select(['code', 'id'])
    .where('code', 'in', ['counsellor', 'college_leader', STUDENT_AFFAIRS_ROLE, FUNDING_ROLE])
    .execute();
  const id = (codes: string[]) => roles.filter((r) => codes.includes(r.code)).map((r) => r.id);
  const carers = id(['counsellor', 'college_leader', STUDENT_AFFAIRS_ROLE]);
  await grantPagesToRoles(tx, CARE_LISTS, carers);
  await grantPagesToRoles(tx, ['preciseFunding'], id([STUDENT_AFFAIRS_ROLE, FUNDING_ROLE]));
  await grantPagesToRoles(
    tx,
    ['module:early-warning'],
    id(['counsellor', 'college_leader', STUDENT_AFFAIRS_ROLE, FUNDING_ROLE]),
  );
}

const CARE_LISTS = [
  'absentWarning',
  'studyWarning',
  'lateBackWarning',
  'unBackWarning',
  'disContactWarning',
  'solitaryWarning',
  'goDormitory',
  'leaveConfig',
  'dormHistory',
];

export const demoSeed: DemoSeed = async ({ tx, size, now }) => {
  await officeRoles(tx);
  await listPagesToRoles(tx);
  const { castStudents, castCounsellors } = await castOf(tx);
  const cast = demoWarningCast(castStudents, castCounsellors);
  const counsellorId = new Map(castCounsellors.map((c) => [c.userNo, c.id]));
  await repo.setCounsellors(
    tx,
    castStudents.flatMap((s) => {
      const c = cast.counsellorOf.get(s.userNo);
      return c
        ? [{ studentId: s.id, studentNo: s.userNo, counsellorId: counsellorId.get(c)!, collegeId: s.collegeId }]
        : [];
    }),
  );
  if (size === 'full')
    await approvedLeave(
      tx,
      castStudents.filter((s) => cast.cause.get(s.userNo) === 'leave'),
      now,
    );
};
