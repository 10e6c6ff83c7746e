import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestUser, type TestApp } from '@/server/test/helper';
import { FORM_SCHEMA_FORMAT, type FormSchema } from '@/shared/forms/schema';
import { PROCESS_FORMAT, type ProcessDefinition, type ProcessNode } from '../contract';
import { checkProcess } from '../check-process';
import { runTimeLimits } from './time-limits-job';
import { act, apply, approvalNode, expectOk, flow, line, pending, status, T, users } from './test-support';

const HOUR = 3_600_000;

/**
 * Issue 24 item 1: time limits that act. Time is driven by passing `now` to the job's function:
 * reminders once each, 自动同意, 自动退回 (to the applicant and to the node before), 上报上级 to the
 * assignee's department leader (and what happens without one), a person acting first (and at the
 * same moment) wins over the job, two job runs at once act once, and timer nodes continue at their time.
 */
describe('workflow: time limits and timer nodes', () => {
  let app: TestApp;
  let u: Record<string, number>;
  let leaderId: number;
  beforeAll(async () => {
    app = await buildTestApp();
    u = await users(app, 'tl', 6);
    leaderId = await createTestUser(app, { username: 'tl_leader', password: 'Flow@2026', kind: 'staff' });
    const dept = await app.db
      .insertInto('department')
      .values({
        parentId: null,
        code: 'TLDEPT',
        name: '时限测试学院',
        kind: 'college',
        sort: 99,
        createdAt: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.db.updateTable('appUser').set({ departmentId: dept.id }).where('id', 'in', [u.tl3!, leaderId]).execute();
    await app.db.insertInto('departmentLeader').values({ departmentId: dept.id, userId: leaderId, sort: 0 }).execute();
    // The seed's sample leave requests (their counsellor node has a limit too) are not this test's:
    // the runs' counts below are of the requests made here.
    await app.db.updateTable('wfTask').set({ alarmAt: null }).execute();
  });
  afterAll(async () => {
    await app.close();
  });

  const history = async (id: number) =>
    app.db
      .selectFrom('wfHistory')
      .select(['action', 'actorId', 'actorName', 'comment', 'nodeId'])
      .where('instanceId', '=', id)
      .orderBy('id')
      .execute();
  const tasks = async (id: number) =>
    app.db
      .selectFrom('wfTask')
      .select(['id', 'nodeId', 'assigneeId', 'status', 'dueAt', 'remindersSent', 'timeoutAction'])
      .where('instanceId', '=', id)
      .orderBy('id')
      .execute();
  const dueOf = async (id: number) => Number((await tasks(id)).find((t) => t.status === 'pending')!.dueAt);
  const messages = async (userId: number, kind: string) =>
    app.db
      .selectFrom('message')
      .select(['title', 'body', 'link', 'readAt'])
      .where('userId', '=', userId)
      .where('kind', '=', kind)
      .orderBy('id')
      .execute();
  const limited = (id: string, userIds: number[], extra: Partial<ProcessNode>) =>
    approvalNode(id, userIds, { timeLimitHours: 24, ...extra });

  it('sends each reminder once, before and after the due time, through the task message; missed ones once', async () => {
    const { formId } = await flow(
      app,
      line([limited('n1', [u.tl1!], { reminders: { beforeHours: [2], afterHours: [1, 5] } })]),
    );
    const id = await apply(app, 'student', formId, { days: 1 });
    const due = await dueOf(id);
    expect(await runTimeLimits(app.db, due - 3 * HOUR)).toMatchObject({ reminded: 0, acted: 0 });
    expect(await runTimeLimits(app.db, due - 2 * HOUR)).toMatchObject({ reminded: 1 });
    expect(await runTimeLimits(app.db, due - 1 * HOUR)).toMatchObject({ reminded: 0 });
    expect(await runTimeLimits(app.db, due + HOUR)).toMatchObject({ reminded: 1 });
    expect(await runTimeLimits(app.db, due + 2 * HOUR)).toMatchObject({ reminded: 0 });
    const task = (await tasks(id))[0]!;
    const mine = (await messages(u.tl1!, 'urge')).filter((m) => m.link.includes(`taskId=${task.id}`));
    expect(mine.map((m) => m.title.split('：')[0])).toEqual(['即将超时', '已超时']);
    expect(mine[0]!.body).toContain('还有 2 小时');
    expect(task.remindersSent).toBe(2);
    const h = await history(id);
    expect(h.filter((x) => x.action === 'remind')).toHaveLength(2);
    expect(h.find((x) => x.action === 'remind')).toMatchObject({ actorId: null, actorName: '系统' });
    // The job did not run for a day: the due reminder is sent once, not once per missed slot.
    const id2 = await apply(app, 'student', formId, { days: 2 });
    const due2 = await dueOf(id2);
    await runTimeLimits(app.db, due2 + 6 * HOUR);
    expect((await history(id2)).filter((x) => x.action === 'remind')).toHaveLength(1);
    await runTimeLimits(app.db, due2 + 7 * HOUR);
    expect((await history(id2)).filter((x) => x.action === 'remind')).toHaveLength(1);
    expect((await history(id2)).find((x) => x.action === 'remind')!.comment).toContain('已超过办理期限 6 小时');
    // Handled: the reminders are settled with the task (they leave the unread count).
    const t2 = (await pending(app, 'tl1', id2))!;
    await expectOk(await act(app, 'tl1', `${T}/approve/`, { taskId: t2.id }));
    const settled = (await messages(u.tl1!, 'urge')).filter((m) => m.link.includes(`taskId=${t2.id}`));
    expect(settled.length).toBe(1);
    expect(settled.every((m) => m.readAt !== null)).toBe(true);
  });

  it('自动同意 after the grace: the system approves, the request goes on to the next node', async () => {
    const { formId } = await flow(
      app,
      line([
        limited('n1', [u.tl1!], { onTimeout: { action: 'approve', graceHours: 2 } }),
        approvalNode('n2', [u.tl2!]),
      ]),
    );
    const id = await apply(app, 'student', formId, { days: 1 });
    const due = await dueOf(id);
    expect(await runTimeLimits(app.db, due + HOUR)).toMatchObject({ acted: 0 });
    expect(await runTimeLimits(app.db, due + 2 * HOUR)).toMatchObject({ acted: 1 });
    expect(await runTimeLimits(app.db, due + 3 * HOUR)).toMatchObject({ acted: 0 });
    const t = await tasks(id);
    expect(t[0]).toMatchObject({ nodeId: 'n1', status: 'approved', timeoutAction: 'approve' });
    expect(t[1]).toMatchObject({ nodeId: 'n2', status: 'pending', assigneeId: u.tl2 });
    const auto = (await history(id)).find((x) => x.action === 'autoApprove')!;
    expect(auto).toMatchObject({ actorId: null, actorName: '系统', nodeId: 'n1' });
    expect(auto.comment).toContain('已超时自动同意');
    // The late approver can no longer act: 409, not a second approval.
    const res = await act(app, 'tl1', `${T}/approve/`, { taskId: t[0]!.id });
    expect(res.statusCode).toBe(409);
    await expectOk(await act(app, 'tl2', `${T}/approve/`, { taskId: t[1]!.id }));
    expect(await status(app, id)).toBe('approved');
  });

  it('自动退回 to the applicant (returned, told) and to the approval node before', async () => {
    const toApplicant = await flow(
      app,
      line([limited('n1', [u.tl1!], { onTimeout: { action: 'return', graceHours: 0 } })]),
    );
    const id = await apply(app, 'student', toApplicant.formId, { days: 1 });
    expect(await runTimeLimits(app.db, (await dueOf(id)) + 1)).toMatchObject({ acted: 1 });
    expect(await status(app, id)).toBe('returned');
    const back = (await history(id)).find((x) => x.action === 'autoReturn')!;
    expect(back).toMatchObject({ actorName: '系统' });
    expect(back.comment).toContain('已超时自动退回');

    const toPrevious = await flow(
      app,
      line([
        approvalNode('n1', [u.tl1!]),
        limited('n2', [u.tl2!], { onTimeout: { action: 'return', graceHours: 0, returnTo: 'previous' } }),
      ]),
    );
    const id2 = await apply(app, 'student', toPrevious.formId, { days: 1 });
    await expectOk(await act(app, 'tl1', `${T}/approve/`, { taskId: (await pending(app, 'tl1', id2))!.id }));
    expect(await runTimeLimits(app.db, (await dueOf(id2)) + 1)).toMatchObject({ acted: 1 });
    expect(await status(app, id2)).toBe('running');
    expect((await pending(app, 'tl1', id2))?.nodeName).toBe('n1');
    expect((await history(id2)).find((x) => x.action === 'autoReturn')!.comment).toContain('退回至「n1」');
  });

  it("上报上级: the overdue task moves to the assignee's department leader with a fresh limit, who decides", async () => {
    const { formId } = await flow(
      app,
      line([limited('n1', [u.tl3!], { onTimeout: { action: 'escalate', graceHours: 1 } })]),
    );
    const id = await apply(app, 'student', formId, { days: 1 });
    const due = await dueOf(id);
    const at = due + HOUR;
    expect(await runTimeLimits(app.db, at)).toMatchObject({ acted: 1 });
    const t = await tasks(id);
    expect(t[0]).toMatchObject({ assigneeId: u.tl3, status: 'transferred', timeoutAction: 'escalate' });
    expect(t[1]).toMatchObject({ assigneeId: leaderId, status: 'pending' });
    expect(Number(t[1]!.dueAt)).toBe(at + 24 * HOUR);
    const esc = (await history(id)).find((x) => x.action === 'escalate')!;
    expect(esc.comment).toContain('tl3 → tl_leader');
    expect((await messages(leaderId, 'task')).some((m) => m.link.includes(`taskId=${t[1]!.id}`))).toBe(true);
    // The late assignee's 请审批 is settled; the leader acts on the request.
    expect(
      (await messages(u.tl3!, 'task')).filter((m) => m.link.includes(`taskId=${t[0]!.id}`))[0]!.readAt,
    ).not.toBeNull();
    expect((await act(app, 'tl3', `${T}/approve/`, { taskId: t[0]!.id })).statusCode).toBe(409);
    await expectOk(await act(app, 'tl_leader', `${T}/approve/`, { taskId: t[1]!.id, comment: '同意' }));
    expect(await status(app, id)).toBe('approved');
  });

  it('上报上级 on an any-one node: the node moves up as a whole, the leader gets one task', async () => {
    const { formId } = await flow(
      app,
      line([limited('n1', [u.tl3!, u.tl1!], { onTimeout: { action: 'escalate', graceHours: 0 } })]),
    );
    const id = await apply(app, 'student', formId, { days: 1 });
    expect(await runTimeLimits(app.db, (await dueOf(id)) + 1)).toMatchObject({ acted: 1 });
    const t = await tasks(id);
    expect(t.map((x) => [x.assigneeId, x.status])).toEqual([
      [u.tl3, 'transferred'],
      [u.tl1, 'cancelled'],
      [leaderId, 'pending'],
    ]);
    expect((await history(id)).find((x) => x.action === 'escalate')!.comment).toContain('tl3、tl1 → tl_leader');
  });

  it('上报上级 without a leader: the task stays, the history says why, the applicant is told — once', async () => {
    const { formId } = await flow(
      app,
      line([limited('n1', [u.tl4!], { onTimeout: { action: 'escalate', graceHours: 0 } })]),
    );
    const id = await apply(app, 'student', formId, { days: 1 });
    const due = await dueOf(id);
    expect(await runTimeLimits(app.db, due + 1)).toMatchObject({ acted: 1 });
    await runTimeLimits(app.db, due + 48 * HOUR);
    const t = await tasks(id);
    expect(t).toHaveLength(1);
    expect(t[0]).toMatchObject({ status: 'pending', assigneeId: u.tl4, timeoutAction: 'noLeader' });
    const h = (await history(id)).filter((x) => x.action === 'timeout');
    expect(h).toHaveLength(1);
    expect(h[0]!.comment).toContain('未找到 tl4 所在部门的负责人');
    const student = await app.db
      .selectFrom('appUser')
      .select('id')
      .where('username', '=', 'student')
      .executeTakeFirstOrThrow();
    const told = (await messages(student.id, 'result')).filter((m) => m.link.includes(`instanceId=${id}`));
    expect(told.map((m) => m.title)).toEqual([expect.stringContaining('已超时')]);
    // The assignee can still act.
    await expectOk(await act(app, 'tl4', `${T}/approve/`, { taskId: t[0]!.id }));
    expect(await status(app, id)).toBe('approved');
  });

  it('a person who acts just before the job wins; the job does not act a second time', async () => {
    const { formId } = await flow(
      app,
      line([
        limited('n1', [u.tl5!], { onTimeout: { action: 'approve', graceHours: 0 } }),
        approvalNode('n2', [u.tl2!]),
      ]),
    );
    const id = await apply(app, 'student', formId, { days: 1 });
    const due = await dueOf(id);
    await expectOk(
      await act(app, 'tl5', `${T}/reject/`, { taskId: (await pending(app, 'tl5', id))!.id, comment: '不行' }),
    );
    expect(await runTimeLimits(app.db, due + HOUR)).toMatchObject({ acted: 0, reminded: 0 });
    expect(await status(app, id)).toBe('returned');
    expect((await history(id)).map((x) => x.action)).toEqual(['submit', 'return']);
  });

  it('a person and the job at the same moment, and two job runs at once (two servers): one action each time', async () => {
    const { formId } = await flow(
      app,
      line([
        limited('n1', [u.tl6!], { onTimeout: { action: 'approve', graceHours: 0 } }),
        approvalNode('n2', [u.tl2!]),
      ]),
    );
    const id = await apply(app, 'student', formId, { days: 1 });
    const due = await dueOf(id);
    const taskId = (await pending(app, 'tl6', id))!.id;
    const [res, run] = await Promise.all([
      act(app, 'tl6', `${T}/approve/`, { taskId, comment: '同意' }),
      runTimeLimits(app.db, due + HOUR),
    ]);
    const h = (await history(id)).filter((x) => x.action === 'approve' || x.action === 'autoApprove');
    expect(h).toHaveLength(1);
    expect(res.statusCode === 200).toBe(h[0]!.action === 'approve');
    expect(run.acted).toBe(h[0]!.action === 'autoApprove' ? 1 : 0);
    expect((await tasks(id)).filter((t) => t.nodeId === 'n2')).toHaveLength(1);

    const id2 = await apply(app, 'student', formId, { days: 2 });
    const due2 = await dueOf(id2);
    const runs = await Promise.all([runTimeLimits(app.db, due2 + 1), runTimeLimits(app.db, due2 + 1)]);
    expect(runs[0]!.acted + runs[1]!.acted).toBe(1);
    expect((await history(id2)).filter((x) => x.action === 'autoApprove')).toHaveLength(1);
    expect((await tasks(id2)).filter((t) => t.nodeId === 'n2')).toHaveLength(1);
  });

  const timerSchema = (): FormSchema => ({
    format: FORM_SCHEMA_FORMAT,
    sections: [
      {
        id: 's',
        title: '',
        columns: 1,
        fields: [
          { id: 'days', type: 'number', label: '天数', required: true },
          { id: 'leave', type: 'dateRange', label: '请假时间' },
          { id: 'note', type: 'text', label: '备注' },
        ],
      },
    ],
    rules: [],
  });
  const timerFlow = (timer: ProcessNode['timer']): ProcessDefinition => {
    const nodes: ProcessNode[] = [
      { id: 'start', type: 'start', name: '发起' },
      approvalNode('n1', [u.tl1!]),
      { id: 'wait', type: 'timer', name: '等待假期结束', ...(timer ? { timer } : {}) },
      { id: 'back', type: 'approval', name: '销假', assignee: { kind: 'applicant' }, signMode: 'any' },
      { id: 'end', type: 'end', name: '结束' },
    ];
    return { format: PROCESS_FORMAT, nodes, edges: nodes.slice(1).map((n, i) => ({ from: nodes[i]!.id, to: n.id })) };
  };
  const day = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 10);

  it('a timer node waits until the end of the leave (Beijing time), then asks the applicant for 销假', async () => {
    const { formId } = await flow(app, timerFlow({ kind: 'field', fieldId: 'leave' }), timerSchema());
    const now = Date.now();
    const leave = `${day(now + 24 * HOUR)}至${day(now + 72 * HOUR)}`;
    const id = await apply(app, 'student', formId, { days: 3, leave });
    await expectOk(await act(app, 'tl1', `${T}/approve/`, { taskId: (await pending(app, 'tl1', id))!.id }));
    const timer = await app.db.selectFrom('wfTimer').selectAll().where('instanceId', '=', id).executeTakeFirstOrThrow();
    // The end date's end: the next day's 00:00 in Beijing.
    const [y, m, d] = day(now + 72 * HOUR)
      .split('-')
      .map(Number) as [number, number, number];
    expect(Number(timer.fireAt)).toBe(Date.UTC(y, m - 1, d + 1) - 8 * HOUR);
    const inst = await app.db
      .selectFrom('wfInstance')
      .select('currentNodes')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(inst.currentNodes).toBe('等待假期结束');
    expect(await runTimeLimits(app.db, Number(timer.fireAt) - 1)).toMatchObject({ timers: 0 });
    expect(await pending(app, 'student', id)).toBeUndefined();
    expect(await runTimeLimits(app.db, Number(timer.fireAt))).toMatchObject({ timers: 1 });
    expect(await runTimeLimits(app.db, Number(timer.fireAt) + HOUR)).toMatchObject({ timers: 0 });
    const back = (await pending(app, 'student', id))!;
    expect(back.nodeName).toBe('销假');
    expect((await history(id)).map((x) => x.action)).toEqual(['submit', 'approve', 'timerWait', 'timerDone']);
    await expectOk(await act(app, 'student', `${T}/approve/`, { taskId: back.id, comment: '已返校' }));
    expect(await status(app, id)).toBe('approved');
  });

  it('a fixed-duration timer; a timer whose time has passed goes on at once; a terminated request cancels its wait', async () => {
    const { formId } = await flow(app, timerFlow({ kind: 'duration', hours: 3 }), timerSchema());
    const id = await apply(app, 'student', formId, { days: 1 });
    await expectOk(await act(app, 'tl1', `${T}/approve/`, { taskId: (await pending(app, 'tl1', id))!.id }));
    const timer = await app.db.selectFrom('wfTimer').selectAll().where('instanceId', '=', id).executeTakeFirstOrThrow();
    expect(Number(timer.fireAt) - Number(timer.createdAt)).toBe(3 * HOUR);
    expect(await runTimeLimits(app.db, Number(timer.fireAt))).toMatchObject({ timers: 1 });
    expect((await pending(app, 'student', id))?.nodeName).toBe('销假');

    const past = await flow(app, timerFlow({ kind: 'field', fieldId: 'leave' }), timerSchema());
    const id2 = await apply(app, 'student', past.formId, { days: 1, leave: '2020-01-01至2020-01-02' });
    await expectOk(await act(app, 'tl1', `${T}/approve/`, { taskId: (await pending(app, 'tl1', id2))!.id }));
    expect((await pending(app, 'student', id2))?.nodeName).toBe('销假');
    expect((await history(id2)).at(-1)).toMatchObject({ action: 'timerDone' });

    const id3 = await apply(app, 'student', formId, { days: 1 });
    await expectOk(await act(app, 'tl1', `${T}/approve/`, { taskId: (await pending(app, 'tl1', id3))!.id }));
    await expectOk(
      await app.injectAs('admin', {
        method: 'POST',
        url: '/workflow/api/v1.monitor/terminate/',
        payload: JSON.stringify({ instanceId: id3, reason: '测试终止' }),
        headers: { 'content-type': 'application/json' },
      }),
    );
    const t3 = await app.db
      .selectFrom('wfTimer')
      .select('status')
      .where('instanceId', '=', id3)
      .executeTakeFirstOrThrow();
    expect(t3.status).toBe('cancelled');
    expect(await runTimeLimits(app.db, Date.now() + 10 * HOUR)).toMatchObject({ timers: 0 });
    expect(await status(app, id3)).toBe('terminated');
  });

  it('the checker: a timer needs a date field or a duration; reminders and actions need a limit', () => {
    const schema = timerSchema();
    expect(checkProcess(timerFlow(undefined), schema)).toContain(
      '等待节点「等待假期结束」未设置等待到的日期字段或等待时长',
    );
    expect(checkProcess(timerFlow({ kind: 'field', fieldId: 'note' }), schema)).toContain(
      '等待节点「等待假期结束」的字段「备注」不是日期类型',
    );
    expect(checkProcess(timerFlow({ kind: 'field', fieldId: 'nope' }), schema)).toContain(
      '等待节点「等待假期结束」引用了不存在的字段「nope」',
    );
    expect(checkProcess(timerFlow({ kind: 'field', fieldId: 'leave' }), schema)).toEqual([]);
    const noLimit = line([approvalNode('n1', [1], { onTimeout: { action: 'approve', graceHours: 0 } })]);
    expect(checkProcess(noLimit)).toContain('节点「n1」设置了超时提醒或超时处理，但未设置办理时限');
    const first = line([limited('n1', [1], { onTimeout: { action: 'return', graceHours: 0, returnTo: 'previous' } })]);
    expect(checkProcess(first)).toContain('节点「n1」之前没有审批节点，超时只能退回申请人');
    const tooEarly = line([limited('n1', [1], { reminders: { beforeHours: [24], afterHours: [] } })]);
    expect(checkProcess(tooEarly).join()).toContain('到期前提醒');
  });
});
