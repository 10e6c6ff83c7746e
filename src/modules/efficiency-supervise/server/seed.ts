import type { DemoSeed } from '@/server/db/seed/module-seeds';
import type { Tx } from '@/server/db/seed/batch';
import { mulberry32 } from '@/server/db/seed/prng';
import { hashPassword } from '@/server/identity/passwords';
import { DEMO_GENERATED_PASSWORD } from '@/server/db/seed';
import { findFormIdByName } from '@/modules/forms/server/commands/find-form-by-name';
import { LEAVE_FORM_NAME } from '@/modules/forms/server/commands/demo-leave-form';
import { recordSubmission } from '@/modules/forms/server/commands/record-submission';
import {
  approveTask,
  pendingTasksOfInstance,
  publishedProcessesOfForm,
  startProcessInstance,
} from '@/modules/workflow/server/commands/instances';
import { supervisedTask } from '@/modules/workflow/server/commands/supervision';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const dateOf = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 10);
const REASONS = ['感冒发烧，需在校医院就诊休息。', '家中有事，需回家处理。', '参加亲属婚礼。', '赴外地参加实习面试。'];

/**
 * 效能督查's demo part: the two supervising roles (校领导, 效能督查办) in every seed — the server's
 * scope reads them — and, in the full demo only, one account of each (README demo table). The
 * overdue and soon-due approvals it shows are the workflow demo's own requests (their node limits).
 */
export const demoSeed: DemoSeed = async ({ tx, now, size }) => {
  const staff = await tx.selectFrom('role').select(['groupId', 'id']).where('code', '=', 'staff').executeTakeFirst();
  if (!staff) return;
  const roleIds = new Map<string, number>();
  for (const [i, r] of [
    { code: 'school_leader', name: '校领导' },
    { code: 'supervision_office', name: '效能督查办' },
  ].entries()) {
    const { id } = await tx
      .insertInto('role')
      .values({ groupId: staff.groupId, code: r.code, name: r.name, sort: 90 + i })
      .returning('id')
      .executeTakeFirstOrThrow();
    roleIds.set(r.code, id);
  }
  if (size !== 'full') return;
  await supervisionRequests(tx, now);

  const office = await tx.selectFrom('department').select('id').where('name', '=', '信息化办公室').executeTakeFirst();
  const passwordHash = await hashPassword(DEMO_GENERATED_PASSWORD);
  for (const a of [
    { username: 'leader', realName: '周正阳', userNo: 'LD000001', role: 'school_leader', departmentId: null },
    {
      username: 'supervisor',
      realName: '陈督明',
      userNo: 'DC000001',
      role: 'supervision_office',
      departmentId: office?.id ?? null,
    },
  ]) {
    const { id } = await tx
      .insertInto('appUser')
      .values({
        username: a.username,
        passwordHash,
        realName: a.realName,
        userNo: a.userNo,
        kind: 'staff',
        isAdmin: 0,
        departmentId: a.departmentId,
        phone: null,
        email: `${a.username}@hxlg.edu.cn`,
        gender: null,
        avatar: null,
        status: 'active',
        mustChangePwd: 0,
        failedCount: 0,
        lockedUntil: null,
        lastLoginAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('userRole')
      .values([
        { userId: id, roleId: staff.id },
        { userId: id, roleId: roleIds.get(a.role)! },
      ])
      .execute();
  }
};

/**
 * 学生请假 requests of the last three weeks run through the real process (submission, start,
 * approvals by each task's assignee), handled on time, late, or not at all: the demo's overdue
 * and soon-due approvals, the daily trend and the rankings come from them. Deterministic.
 */
async function supervisionRequests(tx: Tx, now: number): Promise<void> {
  const form = await findFormIdByName(tx, LEAVE_FORM_NAME);
  if (!form || form.latestVersion === null) return;
  const process = (await publishedProcessesOfForm(tx, Number(form.id)))[0];
  if (!process) return;
  const students = await tx
    .selectFrom('appUser as u')
    .leftJoin('department as d', 'd.id', 'u.departmentId')
    .select(['u.id', 'u.realName', 'u.userNo', 'd.name as department'])
    .where('u.kind', '=', 'student')
    .where('u.username', '!=', 'student')
    .orderBy('u.id')
    .limit(2000)
    .execute();
  if (!students.length) return;
  const rng = mulberry32(2205);
  const names = new Map<number, { name: string; isAdmin: boolean }>();
  const actor = async (userId: number) => {
    if (!names.has(userId)) {
      const u = await tx
        .selectFrom('appUser')
        .select(['realName', 'isAdmin'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      names.set(userId, { name: u.realName, isAdmin: u.isAdmin === 1 });
    }
    const a = names.get(userId)!;
    return { userId, name: a.name, isAdmin: a.isAdmin };
  };
  const COUNT = 70;
  for (let i = 0; i < COUNT; i++) {
    const s = students[(i * 29) % students.length]!;
    // The last ones are recent: started 4–30 hours ago, so their first task is overdue or due soon.
    const recent = i >= COUNT - 14;
    const at = recent ? now - rng.int(4, 30) * HOUR : now - rng.int(2, 21) * DAY - rng.int(0, 8) * HOUR;
    const start = at + DAY;
    const days = rng.int(1, 3);
    const sub = await recordSubmission(tx, {
      formId: Number(form.id),
      version: Number(form.latestVersion),
      submitterId: s.id,
      at,
      values: {
        name: s.realName,
        studentNo: s.userNo,
        college: s.department ?? '',
        phone: '13800000000',
        kind: 'personal',
        period: `${dateOf(start)}至${dateOf(start + (days - 1) * DAY)}`,
        days,
        leaveSchool: rng.chance(0.5),
        reason: rng.pick(REASONS),
      },
    });
    const instanceId = await startProcessInstance(
      tx,
      { processId: process.id, submissionId: sub.id, applicantId: s.id },
      at,
    );
    if (recent) continue;
    // Older ones: each task handled on time (60 %), late (30 %) or left waiting past its limit (10 %).
    for (let guard = 0; guard < 10; guard++) {
      const t = (await pendingTasksOfInstance(tx, instanceId))[0];
      if (!t) break;
      const task = await supervisedTask(tx, t.taskId);
      if (!task) break;
      const limit = task.dueAt - task.createdAt;
      const x = rng.next();
      if (x < 0.1) break;
      const handledAt =
        task.createdAt + Math.round(limit * (x < 0.7 ? 0.1 + rng.next() * 0.8 : 1.1 + rng.next() * 1.5));
      if (handledAt >= now - HOUR) break;
      await approveTask(tx, await actor(t.assigneeId), { taskId: t.taskId, comment: '同意' }, handledAt);
    }
  }
}
