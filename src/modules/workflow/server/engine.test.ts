import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestUser, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import { expectOk, json } from './test-support';
import { LEAVE_PROCESS_NAME } from './seed-workflow';
import type { InstanceView, TaskCounts, TaskListItem, TaskView } from '../contract';

const T = '/workflow/api/v1.task';
const I = '/workflow/api/v1.instance';
const FILL = '/workflow/api/v1.formFill';

const leave = (days: number) => ({
  name: '李明轩',
  studentNo: '20230101101',
  phone: '13800001111',
  kind: 'sick',
  period: '2026-04-01至2026-04-02',
  days,
  reason: '发烧就医',
});

describe('workflow engine: the demo leave process end to end', () => {
  let app: TestApp;
  let formId: number;
  let leaders: string[];
  beforeAll(async () => {
    app = await buildTestApp();
    formId = (await app.db.selectFrom('form').select('id').where('name', '=', '学生请假申请').executeTakeFirstOrThrow())
      .id;
    const rows = await app.db
      .selectFrom('departmentLeader as l')
      .innerJoin('appUser as u', 'u.id', 'l.userId')
      .innerJoin('appUser as s', 's.departmentId', 'l.departmentId')
      .select('u.username')
      .where('s.username', '=', 'student')
      .orderBy('l.sort')
      .execute();
    leaders = rows.map((r) => r.username);
  });
  afterAll(async () => {
    await app.close();
  });

  const list = async (who: string, type: string, extra = '') =>
    (await expectOk(await app.injectAs(who, { method: 'GET', url: `${T}/list/?type=${type}${extra}` }))) as {
      list: TaskListItem[];
      total: number;
    };
  const pendingOf = async (who: string, instanceId: number) =>
    (await list(who, 'dsp')).list.find((t) => t.instanceId === instanceId);

  it('seeds a published process with two college leaders, and an instance for each sample submission', async () => {
    expect(leaders).toHaveLength(2);
    const p = await app.db
      .selectFrom('wfProcess')
      .selectAll()
      .where('name', '=', LEAVE_PROCESS_NAME)
      .executeTakeFirstOrThrow();
    expect(p.status).toBe('published');
    // Their states are checked in seed-workflow.test.ts.
    const n = await app.db
      .selectFrom('wfInstance')
      .select((eb) => eb.fn.countAll<number>().as('c'))
      .where('processId', '=', p.id)
      .executeTakeFirstOrThrow();
    // Four sample submissions of the workflow seed, and more that the 好差评 seed runs through the process.
    const submissions = await app.db
      .selectFrom('formSubmission')
      .select((eb) => eb.fn.countAll<number>().as('c'))
      .where('formId', '=', p.formId)
      .executeTakeFirstOrThrow();
    expect(Number(n.c)).toBeGreaterThanOrEqual(4);
    expect(Number(n.c)).toBe(Number(submissions.c));
  });

  it('submit → counsellor returns → resubmit → countersign → approved, copied, full history', async () => {
    const sub = (await expectOk(
      await app.injectAs('student', {
        method: 'POST',
        url: `${FILL}/submit/`,
        ...json({ formId, version: 1, values: leave(2) }),
      }),
    )) as { id: number };
    const inst = await app.db
      .selectFrom('wfInstance')
      .select(['id', 'status'])
      .where('submissionId', '=', sub.id)
      .executeTakeFirstOrThrow();
    expect(inst.status).toBe('running');

    const t1 = (await pendingOf('teacher', inst.id))!;
    expect(t1.nodeName).toBe('辅导员审批');
    // The applicant's view names the waiting node by its id (the flow chart marks it).
    const waiting = (await expectOk(
      await app.injectAs('student', { method: 'GET', url: `${I}/detail/?instanceId=${inst.id}` }),
    )) as InstanceView;
    const counsellorNode = waiting.definition.nodes.find((x) => x.name === '辅导员审批')!;
    expect(waiting.currentNodes).toEqual([counsellorNode.id]);
    // Only the counsellors of the student's own college got the task.
    const counsellorTasks = await app.db
      .selectFrom('wfTask as t')
      .innerJoin('appUser as u', 'u.id', 't.assigneeId')
      .innerJoin('appUser as s', 's.departmentId', 'u.departmentId')
      .select('u.username')
      .where('t.instanceId', '=', inst.id)
      .where('s.username', '=', 'student')
      .execute();
    expect(counsellorTasks.length).toBe(
      await app.db
        .selectFrom('wfTask')
        .select('id')
        .where('instanceId', '=', inst.id)
        .execute()
        .then((r) => r.length),
    );
    // Someone else's task: 403.
    expect(
      (await app.injectAs(leaders[0]!, { method: 'POST', url: `${T}/approve/`, ...json({ taskId: t1.id }) }))
        .statusCode,
    ).toBe(403);
    await expectOk(
      await app.injectAs('teacher', {
        method: 'POST',
        url: `${T}/reject/`,
        ...json({ taskId: t1.id, comment: '请补充证明' }),
      }),
    );
    let view = (await expectOk(
      await app.injectAs('student', { method: 'GET', url: `${I}/detail/?instanceId=${inst.id}` }),
    )) as InstanceView;
    expect(view.status).toBe('returned');
    expect(view.canResubmit).toBe(true);

    // A bad resubmission is refused with the form's own check.
    const bad = await app.injectAs('student', {
      method: 'POST',
      url: `${I}/resubmit/`,
      ...json({ instanceId: inst.id, values: { ...leave(2), days: 99 } }),
    });
    expect(bad.statusCode).toBe(400);
    await expectOk(
      await app.injectAs('student', {
        method: 'POST',
        url: `${I}/resubmit/`,
        ...json({ instanceId: inst.id, values: leave(3) }),
      }),
    );
    const revs = await app.db
      .selectFrom('wfSubmissionRevision')
      .select(['revision', 'values'])
      .where('submissionId', '=', sub.id)
      .orderBy('revision')
      .execute();
    expect(revs.map((r) => JSON.parse(r.values).days)).toEqual([2, 3]);

    await expectOk(
      await app.injectAs('teacher', {
        method: 'POST',
        url: `${T}/approve/`,
        ...json({ taskId: (await pendingOf('teacher', inst.id))!.id, comment: '同意' }),
      }),
    );
    const c1 = (await pendingOf(leaders[0]!, inst.id))!;
    const c2 = (await pendingOf(leaders[1]!, inst.id))!;
    expect(c1.nodeName).toBe('学院审批');
    await expectOk(
      await app.injectAs(leaders[0]!, { method: 'POST', url: `${T}/approve/`, ...json({ taskId: c1.id }) }),
    );
    view = (await expectOk(
      await app.injectAs('student', { method: 'GET', url: `${I}/detail/?instanceId=${inst.id}` }),
    )) as InstanceView;
    expect(view.status).toBe('running');
    await expectOk(
      await app.injectAs(leaders[1]!, { method: 'POST', url: `${T}/approve/`, ...json({ taskId: c2.id }) }),
    );
    view = (await expectOk(
      await app.injectAs('student', { method: 'GET', url: `${I}/detail/?instanceId=${inst.id}` }),
    )) as InstanceView;
    expect(view.status).toBe('approved');
    expect(view.history.map((h) => h.action)).toEqual([
      'submit',
      'return',
      'resubmit',
      'approve',
      'approve',
      'approve',
      'copy',
      'finish',
    ]);

    const dorm = await app.db
      .selectFrom('wfCopy')
      .innerJoin('appUser as u', 'u.id', 'wfCopy.userId')
      .select('u.username')
      .where('instanceId', '=', inst.id)
      .execute();
    expect(dorm.length).toBeGreaterThan(0);
    expect((await list(dorm[0]!.username, 'cswd')).list.some((c) => c.instanceId === inst.id)).toBe(true);
    expect((await list('student', 'wfq')).list.find((x) => x.instanceId === inst.id)?.instanceStatus).toBe('approved');
    expect((await list('teacher', 'ysp')).list.filter((x) => x.instanceId === inst.id).length).toBe(2);
    const msgs = await app.db
      .selectFrom('message')
      .innerJoin('appUser as u', 'u.id', 'message.userId')
      .select(['message.kind'])
      .where('u.username', '=', 'student')
      .where('message.kind', '=', 'result')
      .execute();
    expect(msgs.length).toBeGreaterThanOrEqual(2);

    // The public record: this instance only, by its token.
    const rec = await app.inject({ method: 'GET', url: `/workflow/api/v1.record/?token=${view.recordToken}` });
    expect(rec.json().data.status).toBe('approved');
    expect(
      (await app.inject({ method: 'GET', url: `/workflow/api/v1.record/?token=${'x'.repeat(32)}` })).statusCode,
    ).toBe(404);

    // applyForEdit: the record changes only when the change is approved; both versions stay.
    const edit = (await expectOk(
      await app.injectAs('student', {
        method: 'POST',
        url: `${I}/applyForEdit/`,
        ...json({ instanceId: inst.id, values: { days: 4 }, reason: '多休一天' }),
      }),
    )) as { instanceId: number };
    const editView = (await expectOk(
      await app.injectAs('student', { method: 'GET', url: `${I}/detail/?instanceId=${edit.instanceId}` }),
    )) as InstanceView;
    expect(editView.diff).toEqual({ days: { from: 3, to: 4 } });
    const stored = async () =>
      JSON.parse(
        (await app.db.selectFrom('formSubmission').select('values').where('id', '=', sub.id).executeTakeFirstOrThrow())
          .values,
      ).days;
    expect(await stored()).toBe(3);
    await expectOk(
      await app.injectAs('teacher', {
        method: 'POST',
        url: `${T}/approve/`,
        ...json({ taskId: (await pendingOf('teacher', edit.instanceId))!.id }),
      }),
    );
    for (const l of leaders)
      await expectOk(
        await app.injectAs(l, {
          method: 'POST',
          url: `${T}/approve/`,
          ...json({ taskId: (await pendingOf(l, edit.instanceId))!.id }),
        }),
      );
    expect(await stored()).toBe(4);
    const revs2 = (await expectOk(
      await app.injectAs('student', { method: 'GET', url: `${I}/revisions/?instanceId=${inst.id}` }),
    )) as { values: { days: number } }[];
    expect(revs2.map((r) => r.values.days)).toEqual([2, 3, 4]);
  });

  it('withdraw before the first approval only; urge is rate-limited', async () => {
    const sub = (await expectOk(
      await app.injectAs('student', {
        method: 'POST',
        url: `${FILL}/submit/`,
        ...json({ formId, version: 1, values: leave(1) }),
      }),
    )) as { id: number };
    const inst = await app.db
      .selectFrom('wfInstance')
      .select('id')
      .where('submissionId', '=', sub.id)
      .executeTakeFirstOrThrow();
    await expectOk(
      await app.injectAs('student', { method: 'POST', url: `${I}/urge/`, ...json({ instanceId: inst.id }) }),
    );
    expect(
      (await app.injectAs('student', { method: 'POST', url: `${I}/urge/`, ...json({ instanceId: inst.id }) })).json()
        .errorCode,
    ).toBe(Codes.tooManyRequests);
    expect(
      (await app.injectAs('teacher', { method: 'POST', url: `${I}/withdraw/`, ...json({ instanceId: inst.id }) }))
        .statusCode,
    ).toBe(403);
    await expectOk(
      await app.injectAs('teacher', {
        method: 'POST',
        url: `${T}/approve/`,
        ...json({ taskId: (await pendingOf('teacher', inst.id))!.id }),
      }),
    );
    expect(
      (await app.injectAs('student', { method: 'POST', url: `${I}/withdraw/`, ...json({ instanceId: inst.id }) }))
        .statusCode,
    ).toBe(409);
    // The administrator terminates it with a reason; pending tasks go away.
    await expectOk(
      await app.injectAs('admin', {
        method: 'POST',
        url: '/workflow/api/v1.monitor/terminate/',
        ...json({ instanceId: inst.id, reason: '测试终止' }),
      }),
    );
    expect(await pendingOf(leaders[0]!, inst.id)).toBeUndefined();
  });

  it('counts per type in one call, and filters', async () => {
    const counts = (await expectOk(
      await app.injectAs('teacher', { method: 'GET', url: `${T}/counts/` }),
    )) as TaskCounts;
    expect(counts.ysp).toBeGreaterThanOrEqual(3);
    expect((await list('teacher', 'dsp')).total).toBe(counts.dsp);
    expect((await list('teacher', 'dsp', '&keyword=不存在的标题')).total).toBe(0);
  });

  it('saves a half-finished design with its problems listed, and refuses to publish it', async () => {
    const p = await app.db
      .selectFrom('wfProcess')
      .select(['id', 'draft', 'name'])
      .where('name', '=', LEAVE_PROCESS_NAME)
      .executeTakeFirstOrThrow();
    const def = JSON.parse(p.draft) as { nodes: unknown[]; edges: Array<{ source: string; target: string }> };
    const broken = { ...def, edges: def.edges.slice(1) }; // the start node leads nowhere
    const saved = (await expectOk(
      await app.injectAs('admin', {
        method: 'POST',
        url: '/workflow/api/v1.process/save/',
        ...json({ id: p.id, name: p.name, definition: broken }),
      }),
    )) as { problems: string[] };
    expect(saved.problems.length).toBeGreaterThan(0);
    const refused = await app.injectAs('admin', {
      method: 'POST',
      url: '/workflow/api/v1.process/publish/',
      ...json({ id: p.id }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.messages).toEqual(saved.problems);
    // put the whole design back for the tests after this one
    const restored = (await expectOk(
      await app.injectAs('admin', {
        method: 'POST',
        url: '/workflow/api/v1.process/save/',
        ...json({ id: p.id, name: p.name, definition: def }),
      }),
    )) as { problems: string[] };
    expect(restored.problems).toEqual([]);
  });

  it('hides hidden fields from the approver and refuses edits of non-editable fields', async () => {
    const p = await app.db
      .selectFrom('wfProcess')
      .select(['id', 'draft', 'name'])
      .where('name', '=', LEAVE_PROCESS_NAME)
      .executeTakeFirstOrThrow();
    const def = JSON.parse(p.draft);
    def.nodes[1].fieldPermissions = { phone: 'hidden', reason: 'editable' };
    await expectOk(
      await app.injectAs('admin', {
        method: 'POST',
        url: '/workflow/api/v1.process/save/',
        ...json({ id: p.id, name: p.name, definition: def }),
      }),
    );
    await expectOk(
      await app.injectAs('admin', { method: 'POST', url: '/workflow/api/v1.process/publish/', ...json({ id: p.id }) }),
    );
    const sub = (await expectOk(
      await app.injectAs('student', {
        method: 'POST',
        url: `${FILL}/submit/`,
        ...json({ formId, version: 1, values: leave(1) }),
      }),
    )) as { id: number };
    const inst = await app.db
      .selectFrom('wfInstance')
      .select(['id', 'version'])
      .where('submissionId', '=', sub.id)
      .executeTakeFirstOrThrow();
    expect(inst.version).toBe(2);
    const t = (await pendingOf('teacher', inst.id))!;
    const detail = await app.injectAs('teacher', { method: 'GET', url: `${T}/detail/?taskId=${t.id}` });
    expect(detail.body).not.toContain('13800001111');
    expect((detail.json().data as TaskView).permissions).toEqual({ reason: 'editable' });
    const refused = await app.injectAs('teacher', {
      method: 'POST',
      url: `${T}/approve/`,
      ...json({ taskId: t.id, values: { days: 5 } }),
    });
    expect(refused.statusCode).toBe(400);
    await expectOk(
      await app.injectAs('teacher', {
        method: 'POST',
        url: `${T}/approve/`,
        ...json({ taskId: t.id, values: { reason: '发烧就医（已核实）' } }),
      }),
    );
    const v = JSON.parse(
      (await app.db.selectFrom('formSubmission').select('values').where('id', '=', sub.id).executeTakeFirstOrThrow())
        .values,
    );
    expect(v.reason).toBe('发烧就医（已核实）');
    expect(v.phone).toBe('13800001111');
  });

  it('delegation: a new task of A goes to B between the dates', async () => {
    const bId = await createTestUser(app, { username: 'deputy', password: 'Deputy@2026', kind: 'staff' });
    const teacherId = (
      await app.db.selectFrom('appUser').select('id').where('username', '=', 'teacher').executeTakeFirstOrThrow()
    ).id;
    const now = Date.now();
    const d = (await expectOk(
      await app.injectAs('admin', {
        method: 'POST',
        url: '/workflow/api/v1.delegation/create/',
        ...json({ fromUserId: teacherId, toUserId: bId, startsAt: now - 1000, endsAt: now + 3_600_000 }),
      }),
    )) as { id: number };
    const sub = (await expectOk(
      await app.injectAs('student', {
        method: 'POST',
        url: `${FILL}/submit/`,
        ...json({ formId, version: 1, values: leave(1) }),
      }),
    )) as { id: number };
    const inst = await app.db
      .selectFrom('wfInstance')
      .select('id')
      .where('submissionId', '=', sub.id)
      .executeTakeFirstOrThrow();
    expect(await pendingOf('deputy', inst.id)).toBeDefined();
    expect(await pendingOf('teacher', inst.id)).toBeUndefined();
    await expectOk(
      await app.injectAs('admin', {
        method: 'POST',
        url: '/workflow/api/v1.delegation/delete/',
        ...json({ id: d.id }),
      }),
    );
  });
});
