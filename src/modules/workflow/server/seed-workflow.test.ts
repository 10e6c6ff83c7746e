import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { seedDemo } from '@/server/db/seed';
import { expectOk } from './test-support';
import { demoLeaveForm } from '@/modules/forms/server/commands/demo-leave-form';
import type { InstanceView, TaskListItem } from '../contract';
import { T } from './test-support';

/** The demo's four sample requests, in submission order, with everything the seed made of them. */
async function samples(app: TestApp) {
  const form = (await demoLeaveForm(app.db))!;
  const subs = await app.db
    .selectFrom('formSubmission')
    .select(['id', 'submitterId', 'submittedAt'])
    .where('formId', '=', form.id)
    .orderBy('id')
    // The form's first four: other modules' demo seeds (e.g. 好差评) send more requests afterwards.
    .limit(4)
    .execute();
  const out = [];
  for (const s of subs) {
    const inst = await app.db
      .selectFrom('wfInstance')
      .selectAll()
      .where('submissionId', '=', s.id)
      .executeTakeFirstOrThrow();
    const tasks = await app.db
      .selectFrom('wfTask')
      .selectAll()
      .where('instanceId', '=', inst.id)
      .orderBy('id')
      .execute();
    const history = await app.db
      .selectFrom('wfHistory')
      .selectAll()
      .where('instanceId', '=', inst.id)
      .orderBy('id')
      .execute();
    const copies = await app.db.selectFrom('wfCopy').selectAll().where('instanceId', '=', inst.id).execute();
    out.push({ sub: s, inst, tasks, history, copies });
  }
  return out;
}

const idOf = async (app: TestApp, username: string) =>
  (await app.db.selectFrom('appUser').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
const holdersOf = async (app: TestApp, roleCode: string) =>
  (
    await app.db
      .selectFrom('userRole as ur')
      .innerJoin('role as r', 'r.id', 'ur.roleId')
      .select('ur.userId')
      .where('r.code', '=', roleCode)
      .execute()
  ).map((r) => r.userId);
const list = async (app: TestApp, username: string, type: string) =>
  (await expectOk(await app.injectAs(username, { method: 'GET', url: `${T}/list/?type=${type}&pageSize=100` }))) as {
    list: TaskListItem[];
    total: number;
  };

/** The states the seed means, checked the same way for both seed sizes. */
async function expectDemoRequests(app: TestApp) {
  const all = await samples(app);
  expect(all).toHaveLength(4);
  const [approved, atCollege, returned, atCounsellor] = all as [
    (typeof all)[0],
    (typeof all)[0],
    (typeof all)[0],
    (typeof all)[0],
  ];
  const student = await idOf(app, 'student');
  const teacher = await idOf(app, 'teacher');
  const counsellors = await holdersOf(app, 'counsellor');
  const dormOffice = await holdersOf(app, 'dorm_office');

  // Three requests of the demo student and one of a classmate of the same college.
  expect([approved, returned, atCounsellor].map((x) => x.inst.applicantId)).toEqual([student, student, student]);
  expect(atCollege.inst.applicantId).not.toBe(student);
  const deptOf = async (id: number) =>
    (await app.db.selectFrom('appUser').select('departmentId').where('id', '=', id).executeTakeFirstOrThrow())
      .departmentId;
  expect(await deptOf(atCollege.inst.applicantId)).toBe(await deptOf(student));
  // The teacher is a counsellor of that college.
  expect(counsellors).toContain(teacher);
  expect(await deptOf(teacher)).toBe(await deptOf(student));

  expect(all.map((x) => x.inst.status)).toEqual(['approved', 'running', 'returned', 'running']);
  expect(all.map((x) => x.inst.currentNodes)).toEqual(['', '学院审批', '', '辅导员审批']);

  // Waiting for the counsellors of the student's college, the teacher among them; nobody has acted.
  const waiting = atCounsellor.tasks;
  expect(
    waiting.every((t) => t.nodeId === 'counsellor' && t.status === 'pending' && counsellors.includes(t.assigneeId)),
  ).toBe(true);
  expect(waiting.map((t) => t.assigneeId)).toContain(teacher);
  expect(atCounsellor.history.map((h) => h.action)).toEqual(['submit']);

  // The countersign: the teacher passed the counsellor node, one leader approved, the other is pending.
  expect(atCollege.history.map((h) => h.action)).toEqual(['submit', 'approve', 'approve']);
  const college = atCollege.tasks.filter((t) => t.nodeId === 'college');
  expect(college.map((t) => t.status)).toEqual(['approved', 'pending']);
  expect(atCollege.tasks.find((t) => t.nodeId === 'counsellor' && t.status === 'approved')?.assigneeId).toBe(teacher);
  const leaders = (
    await app.db
      .selectFrom('departmentLeader')
      .select('userId')
      .where('departmentId', '=', (await deptOf(student))!)
      .execute()
  ).map((r) => r.userId);
  expect(college.map((t) => t.assigneeId).sort()).toEqual([...leaders].sort());

  // Approved through both leaders, then copied to the dorm office.
  expect(approved.history.map((h) => h.action)).toEqual(['submit', 'approve', 'approve', 'approve', 'copy', 'finish']);
  expect(approved.tasks.filter((t) => t.status === 'approved').map((t) => t.nodeId)).toEqual([
    'counsellor',
    'college',
    'college',
  ]);
  expect(approved.copies.length).toBeGreaterThan(0);
  expect(approved.copies.every((c) => dormOffice.includes(c.userId))).toBe(true);
  expect(approved.inst.endedAt).not.toBeNull();

  // Returned by the teacher with a reason; no task left open.
  expect(returned.history.map((h) => h.action)).toEqual(['submit', 'return']);
  expect(returned.history[1]!.actorId).toBe(teacher);
  expect(returned.history[1]!.comment).toContain('证明材料');
  expect(returned.tasks.some((t) => t.status === 'pending' || t.status === 'waiting')).toBe(false);

  for (const x of all) {
    // History: submitted by the applicant when the record was submitted, then in time order, before the test ran.
    expect(x.history[0]).toMatchObject({ action: 'submit', actorId: x.inst.applicantId });
    expect(Number(x.history[0]!.at)).toBe(Number(x.sub.submittedAt));
    expect(Number(x.inst.startedAt)).toBe(Number(x.sub.submittedAt));
    const times = x.history.map((h) => Number(h.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times.at(-1)!).toBeLessThanOrEqual(Date.now());
    // Every handled task has its history entry by its assignee at the time it was handled.
    for (const t of x.tasks.filter((y) => y.status === 'approved' || y.status === 'rejected')) {
      expect(
        x.history.some(
          (h) =>
            h.actorId === t.assigneeId &&
            h.nodeId === t.nodeId &&
            Number(h.at) === Number(t.handledAt) &&
            (h.action === 'approve' || h.action === 'return'),
        ),
      ).toBe(true);
    }
  }
  // The seed's organisation names an approver for every node: the administrator got nothing.
  const admin = await idOf(app, 'admin');
  expect(all.flatMap((x) => x.tasks).some((t) => t.assigneeId === admin)).toBe(false);

  return { approved, atCollege, returned, atCounsellor };
}

describe("the demo's sample leave requests (small seed)", () => {
  let app: TestApp;
  let r: Awaited<ReturnType<typeof expectDemoRequests>>;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('start instances through the engine and stand in the states designed', async () => {
    r = await expectDemoRequests(app);
  });

  it('fill the approval centre of the demo accounts', async () => {
    const dsp = await list(app, 'teacher', 'dsp');
    expect(dsp.list.filter((t) => t.instanceId === r.atCounsellor.inst.id).map((t) => t.nodeName)).toEqual([
      '辅导员审批',
    ]);
    expect(dsp.list.some((t) => t.instanceId === r.atCollege.inst.id)).toBe(false);
    const ysp = await list(app, 'teacher', 'ysp');
    expect(ysp.list.map((t) => t.instanceId)).toEqual(
      expect.arrayContaining([r.approved.inst.id, r.atCollege.inst.id, r.returned.inst.id]),
    );
    expect(ysp.list.some((t) => t.instanceId === r.atCounsellor.inst.id)).toBe(false);

    const wfq = await list(app, 'student', 'wfq');
    expect(wfq.list.map((t) => [t.instanceId, t.instanceStatus])).toEqual(
      expect.arrayContaining([
        [r.approved.inst.id, 'approved'],
        [r.returned.inst.id, 'returned'],
        [r.atCounsellor.inst.id, 'running'],
      ]),
    );
    // Only these three of the leave samples are the student's (other seeds may add requests of theirs).
    const all4 = [r.approved, r.atCollege, r.returned, r.atCounsellor].map((x) => x.inst.id);
    expect(wfq.list.filter((t) => all4.includes(t.instanceId)).length).toBe(3);
    const view = (await expectOk(
      await app.injectAs('student', {
        method: 'GET',
        url: `/workflow/api/v1.instance/detail/?instanceId=${r.returned.inst.id}`,
      }),
    )) as InstanceView;
    expect(view.canResubmit).toBe(true);

    // The leader still to sign sees the countersign waiting.
    const pendingLeader = r.atCollege.tasks.find((t) => t.status === 'pending')!;
    const leader = (
      await app.db
        .selectFrom('appUser')
        .select('username')
        .where('id', '=', pendingLeader.assigneeId)
        .executeTakeFirstOrThrow()
    ).username;
    expect((await list(app, leader, 'dsp')).list.find((t) => t.instanceId === r.atCollege.inst.id)?.nodeName).toBe(
      '学院审批',
    );

    // A dorm-office person has the approved request copied to them.
    const dorm = (
      await app.db
        .selectFrom('appUser')
        .select('username')
        .where('id', '=', r.approved.copies[0]!.userId)
        .executeTakeFirstOrThrow()
    ).username;
    expect((await list(app, dorm, 'cswd')).list.map((c) => c.instanceId)).toContain(r.approved.inst.id);

    // The engine's own messages: the student heard of the approval and of the return.
    const results = await app.db
      .selectFrom('message')
      .select('title')
      .where('userId', '=', await idOf(app, 'student'))
      .where('kind', '=', 'result')
      .execute();
    expect(results.map((m) => m.title)).toEqual(
      expect.arrayContaining([
        `${r.returned.inst.title} 已被退回，请修改后重新提交`,
        `${r.approved.inst.title} 已审批通过`,
      ]),
    );
    // The leave's dates follow the seed's day (this week's requests, not a fixed date long gone).
    const [, start] = /（其他，(\d{4}-\d{2}-\d{2})至/.exec(r.returned.inst.title) ?? [];
    const daysAhead = (new Date(`${start}T12:00:00`).getTime() - Date.now()) / 86_400_000;
    expect(daysAhead).toBeGreaterThan(2);
    expect(daysAhead).toBeLessThan(6);
  });
});

describe("the demo's sample leave requests (full seed)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ seed: 'none' });
    await seedDemo(app.db, { size: 'full' });
  }, 120_000);
  afterAll(async () => {
    await app.close();
  });

  it('stand in the same states with the full organisation', async () => {
    const r = await expectDemoRequests(app);
    // Two 学院领导 sign, and every dorm-office person gets the copy.
    expect(r.atCollege.tasks.filter((t) => t.nodeId === 'college')).toHaveLength(2);
    expect(r.approved.copies.length).toBeGreaterThan(1);
    expect((await list(app, 'teacher', 'dsp')).list.some((t) => t.instanceId === r.atCounsellor.inst.id)).toBe(true);
  });
});
