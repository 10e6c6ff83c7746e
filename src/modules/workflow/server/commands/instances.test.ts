import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { recordSubmission } from '@/modules/forms/server/commands/record-submission';
import { approvalNode, flow, line, pending, status, users } from '../test-support';
import {
  approveTask,
  instanceStates,
  pendingTasksOf,
  publishedProcessesOfForm,
  rejectTask,
  resubmitInstance,
  startProcessInstance,
} from './instances';

describe('workflow instance commands (for other modules, in their transaction)', () => {
  let app: TestApp;
  let people: Record<string, number>;
  let formId: number;
  let processId: number;
  beforeAll(async () => {
    app = await buildTestApp();
    people = await users(app, 'c', 2);
    ({ formId, processId } = await flow(app, line([approvalNode('a', [people.c1!])])));
  });
  afterAll(async () => app.close());

  const actor = (who: string) => ({ userId: people[who]!, name: who, isAdmin: false });
  const startOne = (values: Record<string, unknown>) =>
    app.db.transaction().execute(async (trx) => {
      const sub = await recordSubmission(trx, {
        formId,
        version: 1,
        values: values as never,
        submitterId: people.c2!,
        at: Date.now(),
      });
      return startProcessInstance(trx, { processId, submissionId: sub.id, applicantId: people.c2! }, Date.now());
    });

  it('lists the form processes, starts one, approves through the assignee', async () => {
    expect(await publishedProcessesOfForm(app.db, formId)).toEqual([{ id: processId, name: `流程${formId}` }]);
    const id = await startOne({ days: 2 });
    const tasks = await pendingTasksOf(app.db, people.c1!, { instanceIds: [id], limit: 10 });
    expect(tasks).toHaveLength(1);
    expect(await pendingTasksOf(app.db, people.c2!, { limit: 10 })).toEqual([]);
    await app.db
      .transaction()
      .execute((trx) => approveTask(trx, actor('c1'), { taskId: tasks[0]!.taskId }, Date.now()));
    expect((await instanceStates(app.db, [id])).get(id)?.status).toBe('approved');
  });

  it('returns to the applicant, who resubmits; only the assignee acts', async () => {
    const id = await startOne({ days: 3 });
    const task = (await pending(app, 'c1', id))!;
    await expect(
      app.db.transaction().execute((trx) => approveTask(trx, actor('c2'), { taskId: task.id }, Date.now())),
    ).rejects.toThrow();
    await app.db
      .transaction()
      .execute((trx) => rejectTask(trx, actor('c1'), { taskId: task.id, comment: '改' }, Date.now()));
    expect(await status(app, id)).toBe('returned');
    await app.db.transaction().execute((trx) => resubmitInstance(trx, actor('c2'), id, { days: 4 }, Date.now()));
    expect(await status(app, id)).toBe('running');
    expect(await pending(app, 'c1', id)).toBeDefined();
  });

  it('refuses a process of another form', async () => {
    const other = await flow(app, line([approvalNode('a', [people.c1!])]));
    await expect(
      app.db.transaction().execute(async (trx) => {
        const sub = await recordSubmission(trx, {
          formId,
          version: 1,
          values: { days: 1 },
          submitterId: people.c2!,
          at: Date.now(),
        });
        return startProcessInstance(
          trx,
          { processId: other.processId, submissionId: sub.id, applicantId: people.c2! },
          Date.now(),
        );
      }),
    ).rejects.toThrow('审批流程未发布或不属于该表单');
  });
});
