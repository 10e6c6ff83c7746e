import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import type { Message } from '@/modules/messages/contract';
import { taskLink, type TaskListItem } from '../contract';
import { I, T, act, apply, approvalNode, expectOk, flow, line, pending, users } from './test-support';

const M = '/message/api/v1.message';

/**
 * A message about an approval task (请审批, 催办) is settled once the task is handled, by whoever
 * and however: it says 已处理 (doneAt) and leaves the unread count.
 */
describe('task messages follow their task', () => {
  let app: TestApp;
  let u: Record<string, number>;

  beforeAll(async () => {
    app = await buildTestApp();
    u = await users(app, 'tm', 6);
  });
  afterAll(async () => {
    await app.close();
  });

  const messagesOf = async (who: string) =>
    (
      (await expectOk(await app.injectAs(who, { method: 'GET', url: `${M}/list/?status=all&pageSize=200` }))) as {
        list: Message[];
      }
    ).list;
  const unread = async (who: string) =>
    ((await expectOk(await app.injectAs(who, { method: 'GET', url: `${M}/message_count/` }))) as { unread: number })
      .unread;
  /** The messages of one task (its link), for its assignee. */
  const aboutTask = async (who: string, taskId: number | null) =>
    (await messagesOf(who)).filter((m) => taskId !== null && m.link === taskLink(taskId));
  const taskOf = async (who: string, instanceId: number): Promise<TaskListItem> => {
    const t = await pending(app, who, instanceId);
    expect(t, `${who} has a pending task`).toBeDefined();
    return t!;
  };

  it('an any-one node: the approver who acts and the other approver both see 已处理, and neither counts it unread', async () => {
    const { formId } = await flow(app, line([approvalNode('a', [u.tm1!, u.tm2!])]));
    const before = { tm1: await unread('tm1'), tm2: await unread('tm2') };
    const inst = await apply(app, 'tm6', formId, { days: 1 });
    const t1 = await taskOf('tm1', inst);
    const t2 = await taskOf('tm2', inst);
    const [m1] = await aboutTask('tm1', t1.taskId);
    expect(m1).toMatchObject({ kind: 'task', readAt: null, doneAt: null });
    expect(await unread('tm1')).toBe(before.tm1 + 1);
    expect(await unread('tm2')).toBe(before.tm2 + 1);

    await expectOk(await act(app, 'tm1', `${T}/approve/`, { taskId: t1.taskId }));
    for (const [who, id] of [
      ['tm1', t1.taskId],
      ['tm2', t2.taskId],
    ] as const) {
      const [m] = await aboutTask(who, id);
      expect(m!.doneAt, who).not.toBeNull();
      expect(m!.readAt, who).not.toBeNull();
    }
    expect(await unread('tm1')).toBe(before.tm1);
    expect(await unread('tm2')).toBe(before.tm2);
  });

  it('batch approval, return to the applicant and a second approver’s task each settle theirs', async () => {
    const { formId } = await flow(
      app,
      line([approvalNode('a', [u.tm1!], { batchApprove: true }), approvalNode('b', [u.tm2!])]),
    );
    const inst = await apply(app, 'tm6', formId, { days: 2 });
    const t1 = await taskOf('tm1', inst);
    const answer = (await expectOk(await act(app, 'tm1', `${T}/batchApprove/`, { taskIds: [t1.taskId] }))) as {
      approved: number[];
    };
    expect(answer.approved).toEqual([t1.taskId]);
    expect((await aboutTask('tm1', t1.taskId))[0]!.doneAt).not.toBeNull();

    // The next node's approver gets a fresh, open message; returning the request settles it.
    const t2 = await taskOf('tm2', inst);
    expect((await aboutTask('tm2', t2.taskId))[0]).toMatchObject({ readAt: null, doneAt: null });
    await expectOk(await act(app, 'tm2', `${T}/reject/`, { taskId: t2.taskId, comment: '请补充材料' }));
    expect((await aboutTask('tm2', t2.taskId))[0]!.doneAt).not.toBeNull();
  });

  it('the applicant withdrawing settles the approvers’ 请审批 and 催办', async () => {
    const { formId } = await flow(app, line([approvalNode('a', [u.tm3!])]));
    const inst = await apply(app, 'tm6', formId, { days: 3 });
    const t = await taskOf('tm3', inst);
    await expectOk(await act(app, 'tm6', `${I}/urge/`, { instanceId: inst }));
    const open = await aboutTask('tm3', t.taskId);
    expect(open.map((m) => m.kind).sort()).toEqual(['task', 'urge']);
    expect(open.every((m) => m.readAt === null && m.doneAt === null)).toBe(true);

    await expectOk(await act(app, 'tm6', `${I}/withdraw/`, { instanceId: inst }));
    const settled = await aboutTask('tm3', t.taskId);
    expect(settled).toHaveLength(2);
    expect(settled.every((m) => m.doneAt !== null && m.readAt !== null)).toBe(true);
  });

  it('a transfer settles the first approver’s message and sends the new one an open one', async () => {
    const { formId } = await flow(app, line([approvalNode('a', [u.tm4!])]));
    const inst = await apply(app, 'tm6', formId, { days: 1 });
    const t = await taskOf('tm4', inst);
    await expectOk(await act(app, 'tm4', `${T}/transfer/`, { taskId: t.taskId, userId: u.tm5 }));
    expect((await aboutTask('tm4', t.taskId))[0]!.doneAt).not.toBeNull();
    const t5 = await taskOf('tm5', inst);
    expect((await aboutTask('tm5', t5.taskId))[0]).toMatchObject({ doneAt: null, readAt: null });
  });

  it('a delegate’s task settles its message when the delegate approves; a read message keeps its read time', async () => {
    const now = Date.now();
    await expectOk(
      await app.injectAs('admin', {
        method: 'POST',
        url: '/workflow/api/v1.delegation/create/',
        payload: JSON.stringify({
          fromUserId: u.tm1,
          toUserId: u.tm3,
          startsAt: now - 60_000,
          endsAt: now + 3_600_000,
        }),
        headers: { 'content-type': 'application/json' },
      }),
    );
    const { formId } = await flow(app, line([approvalNode('a', [u.tm1!])]));
    const inst = await apply(app, 'tm6', formId, { days: 1 });
    expect(await pending(app, 'tm1', inst)).toBeUndefined();
    const t = await taskOf('tm3', inst);
    const [m] = await aboutTask('tm3', t.taskId);
    await expectOk(await act(app, 'tm3', `${M}/read_message/`, { id: m!.id }));
    const readAt = (await aboutTask('tm3', t.taskId))[0]!.readAt;
    expect(readAt).not.toBeNull();

    await expectOk(await act(app, 'tm3', `${T}/approve/`, { taskId: t.taskId }));
    const [done] = await aboutTask('tm3', t.taskId);
    expect(done!.doneAt).not.toBeNull();
    expect(done!.readAt).toBe(readAt);
  });

  it('the demo teacher’s unread 请审批 are exactly the tasks still waiting for him', async () => {
    const open = (
      (await expectOk(await app.injectAs('teacher', { method: 'GET', url: `${T}/list/?type=dsp` }))) as {
        list: TaskListItem[];
      }
    ).list;
    const asks = (await messagesOf('teacher')).filter((m) => m.kind === 'task');
    expect(asks.length).toBeGreaterThan(open.length);
    const unreadAsks = asks.filter((m) => m.readAt === null).map((m) => m.link);
    expect(unreadAsks.sort()).toEqual(open.map((t) => taskLink(t.taskId!)).sort());
    expect(asks.filter((m) => m.doneAt !== null).every((m) => m.readAt !== null)).toBe(true);
  });
});
