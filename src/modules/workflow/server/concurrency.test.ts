import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import { act, apply, approvalNode, flow, line, pending, status, T } from './test-support';
import { users } from './test-support';

/** Several clients hammer one instance at once (Promise.all of injects): on PostgreSQL they really overlap. */
describe('workflow engine under concurrent clients', () => {
  let app: TestApp;
  let u: Record<string, number>;
  beforeAll(async () => {
    app = await buildTestApp();
    u = await users(app, 'c', 8);
  });
  afterAll(async () => {
    await app.close();
  });

  it('any-one node: exactly one of five simultaneous approvals wins, the others get 0x00000410; countersign advances once', async () => {
    const anyOne = [u.c1!, u.c2!, u.c3!, u.c4!, u.c5!];
    const all = [u.c6!, u.c7!, u.c8!];
    const { formId } = await flow(
      app,
      line([approvalNode('any', anyOne), approvalNode('all', all, { signMode: 'all' })]),
    );
    for (let round = 0; round < 3; round += 1) {
      const id = await apply(app, 'student', formId, { days: 1 });
      const names = ['c1', 'c2', 'c3', 'c4', 'c5'];
      const tasks = await Promise.all(names.map(async (n) => ({ n, t: (await pending(app, n, id))! })));
      const results = await Promise.all(
        tasks.map(({ n, t }) => act(app, n, `${T}/approve/`, { taskId: t.id, comment: n })),
      );
      const codes = results.map((r) => r.json().errorCode);
      expect(codes.filter((c) => c === Codes.ok)).toHaveLength(1);
      expect(codes.filter((c) => c === Codes.taskAlreadyHandled)).toHaveLength(4);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(4);
      expect(results.find((r) => r.statusCode === 409)!.json().message).toBe('该任务已被他人处理');

      // Countersign: all three at once, plus the applicant withdrawing (refused once someone approved, or it wins first).
      const cs = await Promise.all(['c6', 'c7', 'c8'].map(async (n) => ({ n, t: (await pending(app, n, id))! })));
      const more = await Promise.all([
        ...cs.map(({ n, t }) => act(app, n, `${T}/approve/`, { taskId: t.id })),
        act(app, 'student', '/workflow/api/v1.instance/withdraw/', { instanceId: id }),
      ]);
      expect(more.every((r) => [200, 409].includes(r.statusCode))).toBe(true);

      const history = await app.db
        .selectFrom('wfHistory')
        .select(['action', 'nodeId', 'actorName'])
        .where('instanceId', '=', id)
        .orderBy('id')
        .execute();
      const taskRows = await app.db
        .selectFrom('wfTask')
        .select(['nodeId', 'status', 'assigneeName'])
        .where('instanceId', '=', id)
        .execute();
      // Every recorded approval is an approved task, and the other way round.
      const approvedTasks = taskRows
        .filter((t) => t.status === 'approved')
        .map((t) => `${t.nodeId}:${t.assigneeName}`)
        .sort();
      const approvedHistory = history
        .filter((h) => h.action === 'approve')
        .map((h) => `${h.nodeId}:${h.actorName}`)
        .sort();
      expect(approvedHistory).toEqual(approvedTasks);
      expect(taskRows.filter((t) => t.nodeId === 'any' && t.status === 'approved')).toHaveLength(1);
      expect(taskRows.filter((t) => t.status === 'pending' || t.status === 'waiting')).toHaveLength(0);
      const final = await status(app, id);
      const finishes = history.filter((h) => h.action === 'finish').length;
      if (final === 'approved') {
        expect(finishes).toBe(1);
        expect(approvedTasks.filter((t) => t.startsWith('all:'))).toHaveLength(3);
      } else {
        expect(final).toBe('withdrawn');
        expect(finishes).toBe(0);
        expect(history.filter((h) => h.action === 'withdraw')).toHaveLength(1);
      }
    }
  });
});
