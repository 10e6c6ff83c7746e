import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { votesNeeded, type TaskView } from '../contract';
import {
  act,
  apply,
  approvalNode,
  expectOk,
  flow,
  flowSchema,
  json,
  line,
  P,
  pending,
  publishedForm,
  status,
  T,
  users,
} from './test-support';

/** Issue 24 item 10: a vote node passes when a ratio of its approvers agree and fails once it no longer can. */
describe('workflow: vote countersign', () => {
  let app: TestApp;
  let u: Record<string, number>;
  beforeAll(async () => {
    app = await buildTestApp();
    u = await users(app, 'v', 7);
  });
  afterAll(async () => {
    await app.close();
  });

  const committee = (ids: number[]) =>
    line([approvalNode('committee', ids, { signMode: 'vote', voteRatio: { agree: 2, of: 3 } })]);
  const vote = async (who: string, id: number, yes: boolean, comment = '') => {
    const task = (await pending(app, who, id))!;
    return expectOk(
      await act(app, who, `${T}/${yes ? 'approve' : 'reject'}/`, { taskId: task.id, comment: comment || undefined }),
    );
  };
  const tally = async (who: string, id: number) =>
    (
      (await expectOk(
        await app.injectAs(who, {
          method: 'GET',
          url: `${T}/detail/?taskId=${(await pending(app, who, id))!.id}`,
        }),
      )) as TaskView
    ).vote;
  const history = async (id: number) =>
    app.db.selectFrom('wfHistory').select(['action', 'comment']).where('instanceId', '=', id).orderBy('id').execute();

  it('counts the votes needed: at least the ratio of the voters', () => {
    expect(votesNeeded(3, { agree: 2, of: 3 })).toBe(2);
    expect(votesNeeded(6, { agree: 2, of: 3 })).toBe(4);
    expect(votesNeeded(7, { agree: 2, of: 3 })).toBe(5);
    expect(votesNeeded(4, { agree: 1, of: 2 })).toBe(2);
    expect(votesNeeded(1, { agree: 2, of: 3 })).toBe(1);
    expect(votesNeeded(5, { agree: 3, of: 3 })).toBe(5);
  });

  it("passes a 2/3 committee of three with two yes and one no; the tally shows on each voter's task", async () => {
    const { formId } = await flow(app, committee([u.v1!, u.v2!, u.v3!]));
    const id = await apply(app, 'student', formId, { days: 1 });
    expect(await tally('v1', id)).toEqual({ voters: 3, agree: 0, against: 0, needed: 2, ratio: { agree: 2, of: 3 } });
    await vote('v1', id, false, '材料不全');
    expect(await status(app, id)).toBe('running');
    expect(await tally('v2', id)).toMatchObject({ agree: 0, against: 1, needed: 2 });
    await vote('v2', id, true);
    expect(await status(app, id)).toBe('running');
    await vote('v3', id, true);
    expect(await status(app, id)).toBe('approved');
    const h = await history(id);
    expect(h.map((x) => x.action)).toEqual(['submit', 'voteAgainst', 'approve', 'approve', 'votePassed', 'finish']);
    expect(h.find((x) => x.action === 'voteAgainst')!.comment).toBe('材料不全');
  });

  it('stops asking once the ratio is reached: with seven voters five yes pass it, the last two tasks are cancelled', async () => {
    const ids = [u.v1!, u.v2!, u.v3!, u.v4!, u.v5!, u.v6!, u.v7!];
    const { formId } = await flow(app, committee(ids));
    const id = await apply(app, 'student', formId, { days: 1 });
    for (const who of ['v1', 'v2', 'v3', 'v4', 'v5']) await vote(who, id, true);
    expect(await status(app, id)).toBe('approved');
    expect(await pending(app, 'v6', id)).toBeUndefined();
    const left = await app.db
      .selectFrom('wfTask')
      .select('status')
      .where('instanceId', '=', id)
      .where('assigneeId', 'in', [u.v6!, u.v7!])
      .execute();
    expect(left.map((t) => t.status)).toEqual(['cancelled', 'cancelled']);
  });

  it('fails as soon as the yes votes can no longer reach the ratio, and tells the applicant why', async () => {
    const { formId } = await flow(app, committee([u.v1!, u.v2!, u.v3!]));
    const id = await apply(app, 'student', formId, { days: 1 });
    await vote('v1', id, false, '不符合条件');
    await vote('v2', id, false, '不符合条件');
    expect(await status(app, id)).toBe('rejected');
    expect(await pending(app, 'v3', id)).toBeUndefined();
    const failed = (await history(id)).find((x) => x.action === 'voteFailed')!;
    expect(failed.comment).toContain('3 人中 2 人反对');
  });

  it('a process with a vote node but no ratio is refused when saved', async () => {
    const formId = await publishedForm(app, flowSchema());
    const create = (name: string, definition: unknown) =>
      app.injectAs('admin', { method: 'POST', url: `${P}/create/`, ...json({ name, formId, definition }) });
    const def = line([approvalNode('committee', [u.v1!, u.v2!], { signMode: 'vote' })]);
    const bad = await create('无比例', def);
    expect(JSON.stringify(bad.json())).toContain('未设置通过比例');
    const over = line([
      approvalNode('committee', [u.v1!, u.v2!], { signMode: 'vote', voteRatio: { agree: 4, of: 3 } }),
    ]);
    const bad2 = await create('超比例', over);
    expect(JSON.stringify(bad2.json())).toContain('不能超过全部');
  });
});
