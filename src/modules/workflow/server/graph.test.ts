import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import { expectOk, json } from './test-support';
import { PROCESS_FORMAT, type ProcessDefinition, type TaskView } from '../contract';
import { setDepartmentLeaders } from './repository';
import { act, apply, approvalNode, flow, I, line, P, pending, status, T, users } from './test-support';

describe('workflow engine: graphs, sign modes and task actions', () => {
  let app: TestApp;
  let u: Record<string, number>;
  beforeAll(async () => {
    app = await buildTestApp();
    u = await users(app, 'g', 6);
  });
  afterAll(async () => {
    await app.close();
  });

  it('sequential: one after another in order', async () => {
    const { formId } = await flow(app, line([approvalNode('seq', [u.g1!, u.g2!], { signMode: 'sequential' })]));
    const id = await apply(app, 'student', formId, { days: 1 });
    expect(await pending(app, 'g2', id)).toBeUndefined();
    await expectOk(await act(app, 'g1', `${T}/approve/`, { taskId: (await pending(app, 'g1', id))!.id }));
    expect(await status(app, id)).toBe('running');
    await expectOk(await act(app, 'g2', `${T}/approve/`, { taskId: (await pending(app, 'g2', id))!.id }));
    expect(await status(app, id)).toBe('approved');
  });

  it("leader chain: the leaders of n departments up from the applicant's, nearest first, one after another", async () => {
    const dept = (
      await app.db
        .selectFrom('appUser')
        .select('departmentId')
        .where('username', '=', 'student')
        .executeTakeFirstOrThrow()
    ).departmentId!;
    const parent = (
      await app.db.selectFrom('department').select('parentId').where('id', '=', dept).executeTakeFirstOrThrow()
    ).parentId!;
    const grand = (
      await app.db.selectFrom('department').select('parentId').where('id', '=', parent).executeTakeFirstOrThrow()
    ).parentId;
    const chain = [dept, parent, ...(grand ? [grand] : [])];
    const before = await app.db.selectFrom('departmentLeader').selectAll().where('departmentId', 'in', chain).execute();
    try {
      await setDepartmentLeaders(app.db, dept, [u.g4!]);
      await setDepartmentLeaders(app.db, parent, [u.g5!]);
      if (grand) await setDepartmentLeaders(app.db, grand, [u.g6!]);
      const { formId } = await flow(
        app,
        line([approvalNode('chain', [], { assignee: { kind: 'leaderChain', levels: 2 }, signMode: 'sequential' })]),
      );
      const id = await apply(app, 'student', formId, { days: 1 });
      // Nearest first; the parent's leader waits; two levels only, so the grandparent's never comes.
      expect(await pending(app, 'g5', id)).toBeUndefined();
      await expectOk(await act(app, 'g4', `${T}/approve/`, { taskId: (await pending(app, 'g4', id))!.id }));
      await expectOk(await act(app, 'g5', `${T}/approve/`, { taskId: (await pending(app, 'g5', id))!.id }));
      expect(await status(app, id)).toBe('approved');
      expect(
        await app.db.selectFrom('wfTask').select('assigneeId').where('instanceId', '=', id).orderBy('id').execute(),
      ).toEqual([{ assigneeId: u.g4 }, { assigneeId: u.g5 }]);
    } finally {
      await app.db.deleteFrom('departmentLeader').where('departmentId', 'in', chain).execute();
      if (before.length) await app.db.insertInto('departmentLeader').values(before).execute();
    }
  });

  it('condition: branches on form values with the linkage evaluator, default otherwise', async () => {
    const def: ProcessDefinition = {
      format: PROCESS_FORMAT,
      nodes: [
        { id: 'start', type: 'start', name: '发起' },
        {
          id: 'c',
          type: 'condition',
          name: '天数',
          branches: [
            { id: 'long', name: '3 天以上', match: 'all', conditions: [{ field: 'days', op: 'gte', value: 3 }] },
          ],
        },
        approvalNode('long', [u.g1!]),
        approvalNode('short', [u.g2!]),
        { id: 'end', type: 'end', name: '结束' },
      ],
      edges: [
        { from: 'start', to: 'c' },
        { from: 'c', to: 'long', branch: 'long' },
        { from: 'c', to: 'short', branch: 'default' },
        { from: 'long', to: 'end' },
        { from: 'short', to: 'end' },
      ],
    };
    const { formId } = await flow(app, def);
    const longId = await apply(app, 'student', formId, { days: 5 });
    const shortId = await apply(app, 'student', formId, { days: 1 });
    expect(await pending(app, 'g1', longId)).toBeDefined();
    expect(await pending(app, 'g2', longId)).toBeUndefined();
    expect(await pending(app, 'g2', shortId)).toBeDefined();
  });

  it('parallel split and join: the join waits for every branch', async () => {
    const def: ProcessDefinition = {
      format: PROCESS_FORMAT,
      nodes: [
        { id: 'start', type: 'start', name: '发起' },
        { id: 'p', type: 'parallel', name: '并行' },
        approvalNode('a', [u.g1!]),
        approvalNode('b', [u.g2!]),
        { id: 'j', type: 'join', name: '汇合', splitId: 'p' },
        approvalNode('last', [u.g3!]),
        { id: 'end', type: 'end', name: '结束' },
      ],
      edges: [
        { from: 'start', to: 'p' },
        { from: 'p', to: 'a' },
        { from: 'p', to: 'b' },
        { from: 'a', to: 'j' },
        { from: 'b', to: 'j' },
        { from: 'j', to: 'last' },
        { from: 'last', to: 'end' },
      ],
    };
    const { formId } = await flow(app, def);
    const id = await apply(app, 'student', formId, { days: 1 });
    await expectOk(await act(app, 'g1', `${T}/approve/`, { taskId: (await pending(app, 'g1', id))!.id }));
    expect(await pending(app, 'g3', id)).toBeUndefined();
    await expectOk(await act(app, 'g2', `${T}/approve/`, { taskId: (await pending(app, 'g2', id))!.id }));
    expect(await pending(app, 'g3', id)).toBeDefined();
  });

  it('applicant pick, previous node pick, skip and refuse when nobody is found', async () => {
    const def = line([
      approvalNode('first', [u.g1!]),
      {
        id: 'picked',
        type: 'approval',
        name: '申请人指定',
        assignee: { kind: 'applicantPick', fieldId: 'who' },
        signMode: 'any',
        noAssignee: 'skip',
      },
      {
        id: 'chosen',
        type: 'approval',
        name: '上一步指定',
        assignee: { kind: 'nodePick', nodeId: 'first' },
        signMode: 'any',
      },
    ]);
    const { formId } = await flow(app, def);
    const id = await apply(app, 'student', formId, { days: 1, who: [{ id: u.g2, name: 'g2' }] });
    const t1 = (await pending(app, 'g1', id))!;
    const view = (await expectOk(
      await app.injectAs('g1', { method: 'GET', url: `${T}/detail/?taskId=${t1.id}` }),
    )) as TaskView;
    expect(view.picksFor.map((p) => p.id)).toEqual(['chosen']);
    expect((await act(app, 'g1', `${T}/approve/`, { taskId: t1.id })).statusCode).toBe(400);
    await expectOk(await act(app, 'g1', `${T}/approve/`, { taskId: t1.id, nextAssignees: [u.g3] }));
    await expectOk(await act(app, 'g2', `${T}/approve/`, { taskId: (await pending(app, 'g2', id))!.id }));
    expect(await pending(app, 'g3', id)).toBeDefined();
    // Nobody picked: the node is skipped, the history says so.
    const id2 = await apply(app, 'student', formId, { days: 1 });
    await expectOk(
      await act(app, 'g1', `${T}/approve/`, { taskId: (await pending(app, 'g1', id2))!.id, nextAssignees: [u.g3] }),
    );
    const actions = (
      await app.db.selectFrom('wfHistory').select('action').where('instanceId', '=', id2).orderBy('id').execute()
    ).map((r) => r.action);
    expect(actions).toEqual(['submit', 'approve', 'skip']);

    const { formId: f3 } = await flow(
      app,
      line([
        {
          id: 'x',
          type: 'approval',
          name: '指定',
          assignee: { kind: 'applicantPick', fieldId: 'who' },
          noAssignee: 'refuse',
        },
      ]),
    );
    const refused = await app.injectAs('student', {
      method: 'POST',
      url: '/workflow/api/v1.formFill/submit/',
      ...json({ formId: f3, version: 1, values: { days: 1 } }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('找不到审批人');
    // The submission rolled back with it.
    expect(
      await app.db.selectFrom('formSubmission').select('id').where('formId', '=', f3).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('reject to an earlier node, transfer, add signer; only the assignee acts', async () => {
    const { formId } = await flow(
      app,
      line([approvalNode('a', [u.g1!]), approvalNode('b', [u.g2!], { signMode: 'all' })]),
    );
    const id = await apply(app, 'student', formId, { days: 1 });
    await expectOk(await act(app, 'g1', `${T}/approve/`, { taskId: (await pending(app, 'g1', id))!.id }));
    const tb = (await pending(app, 'g2', id))!;
    expect((await act(app, 'g2', `${T}/reject/`, { taskId: tb.id, to: 'b' })).statusCode).toBe(400);
    await expectOk(await act(app, 'g2', `${T}/reject/`, { taskId: tb.id, to: 'a', comment: '请再看看' }));
    expect(await status(app, id)).toBe('running');
    const ta = (await pending(app, 'g1', id))!;
    expect((await act(app, 'g3', `${T}/transfer/`, { taskId: ta.id, userId: u.g4 })).statusCode).toBe(403);
    await expectOk(await act(app, 'g1', `${T}/transfer/`, { taskId: ta.id, userId: u.g4 }));
    expect(await pending(app, 'g1', id)).toBeUndefined();
    await expectOk(await act(app, 'g4', `${T}/approve/`, { taskId: (await pending(app, 'g4', id))!.id }));
    await expectOk(
      await act(app, 'g2', `${T}/addSigner/`, { taskId: (await pending(app, 'g2', id))!.id, userIds: [u.g5] }),
    );
    await expectOk(await act(app, 'g2', `${T}/approve/`, { taskId: (await pending(app, 'g2', id))!.id }));
    expect(await status(app, id)).toBe('running');
    await expectOk(await act(app, 'g5', `${T}/approve/`, { taskId: (await pending(app, 'g5', id))!.id }));
    expect(await status(app, id)).toBe('approved');
  });

  it('batch approve only where the node allows it', async () => {
    const { formId: ok1 } = await flow(app, line([approvalNode('a', [u.g6!], { batchApprove: true })]));
    const { formId: no1 } = await flow(app, line([approvalNode('a', [u.g6!])]));
    const i1 = await apply(app, 'student', ok1, { days: 1 });
    const i2 = await apply(app, 'student', no1, { days: 1 });
    const t1 = (await pending(app, 'g6', i1))!;
    const t2 = (await pending(app, 'g6', i2))!;
    expect(t1.batchApprove).toBe(true);
    const r = (await expectOk(await act(app, 'g6', `${T}/batchApprove/`, { taskIds: [t1.id, t2.id] }))) as {
      approved: number[];
      failed: { taskId: number }[];
    };
    expect(r.approved).toEqual([t1.id]);
    expect(r.failed.map((f) => f.taskId)).toEqual([t2.id]);
    expect(await status(app, i1)).toBe('approved');
    expect(await status(app, i2)).toBe('running');
  });

  it('hidden fields never reach the public record or other readers', async () => {
    const { formId } = await flow(app, line([approvalNode('a', [u.g1!], { fieldPermissions: { secret: 'hidden' } })]));
    const id = await apply(app, 'student', formId, { days: 1, secret: '110101200001011234' });
    const t = (await pending(app, 'g1', id))!;
    expect((await app.injectAs('g1', { method: 'GET', url: `${T}/detail/?taskId=${t.id}` })).body).not.toContain(
      '110101200001011234',
    );
    expect((await app.injectAs('g1', { method: 'GET', url: `${I}/detail/?instanceId=${id}` })).body).not.toContain(
      '110101200001011234',
    );
    expect((await app.injectAs('g2', { method: 'GET', url: `${I}/detail/?instanceId=${id}` })).statusCode).toBe(403);
    const token = (
      await app.db.selectFrom('wfInstance').select('recordToken').where('id', '=', id).executeTakeFirstOrThrow()
    ).recordToken;
    const rec = await app.inject({ method: 'GET', url: `/workflow/api/v1.record/?token=${token}` });
    expect(rec.statusCode).toBe(200);
    expect(rec.body).not.toContain('110101200001011234');
    expect(rec.json().data.values.days).toBe(1);

    // Returned and resubmitted: both revisions exist, the approver reads them without the hidden field.
    await expectOk(await act(app, 'g1', `${T}/reject/`, { taskId: t.id }));
    await expectOk(
      await act(app, 'student', `${I}/resubmit/`, {
        instanceId: id,
        values: { days: 2, secret: '110101200001011234' },
      }),
    );
    const revs = await app.injectAs('g1', { method: 'GET', url: `${I}/revisions/?instanceId=${id}` });
    expect((revs.json().data as { values: { days: number } }[]).map((r) => r.values.days)).toEqual([1, 2]);
    expect(revs.body).not.toContain('110101200001011234');
    expect((await app.injectAs('student', { method: 'GET', url: `${I}/revisions/?instanceId=${id}` })).body).toContain(
      '110101200001011234',
    );
    // A returned request may be dropped by its applicant even after approvals.
    await expectOk(await act(app, 'g1', `${T}/reject/`, { taskId: (await pending(app, 'g1', id))!.id }));
    await expectOk(await act(app, 'student', `${I}/withdraw/`, { instanceId: id }));
    expect(await status(app, id)).toBe('withdrawn');
  });

  it('refuses a bad graph with Chinese messages, versions processes, and keeps running instances on their version', async () => {
    const { processId, formId } = await flow(app, line([approvalNode('a', [u.g1!])]));
    const bad = {
      format: PROCESS_FORMAT,
      nodes: [
        { id: 'start', type: 'start', name: '发起' },
        { id: 'a', type: 'approval', name: 'a', assignee: { kind: 'users', userIds: [u.g1] } },
      ],
      edges: [{ from: 'start', to: 'a' }],
    };
    // a half-finished draft is kept with its problems; publishing it is refused with the same messages
    const saved = (await expectOk(
      await act(app, 'admin', `${P}/save/`, { id: processId, name: 'x', definition: bad }),
    )) as { problems: string[] };
    expect(saved.problems).toContain('流程缺少结束节点');
    const res = await act(app, 'admin', `${P}/publish/`, { id: processId });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.messages).toContain('流程缺少结束节点');
    const id = await apply(app, 'student', formId, { days: 1 });
    await expectOk(
      await act(app, 'admin', `${P}/save/`, {
        id: processId,
        name: 'x',
        definition: line([approvalNode('a', [u.g2!])]),
      }),
    );
    expect(
      ((await expectOk(await act(app, 'admin', `${P}/publish/`, { id: processId }))) as { version: number }).version,
    ).toBe(2);
    expect((await act(app, 'admin', `${P}/publish/`, { id: processId })).statusCode).toBe(409);
    expect(await pending(app, 'g1', id)).toBeDefined();
    const id2 = await apply(app, 'student', formId, { days: 1 });
    expect(await pending(app, 'g2', id2)).toBeDefined();
    await expectOk(await act(app, 'admin', `${P}/disable/`, { id: processId }));
    const id3sub = (await expectOk(
      await app.injectAs('student', {
        method: 'POST',
        url: '/workflow/api/v1.formFill/submit/',
        ...json({ formId, version: 1, values: { days: 1 } }),
      }),
    )) as { id: number; follow: unknown };
    expect(id3sub.follow).toBeNull();
    expect(
      await app.db.selectFrom('wfInstance').select('id').where('submissionId', '=', id3sub.id).executeTakeFirst(),
    ).toBeUndefined();
    const versions = (await expectOk(
      await app.injectAs('admin', { method: 'GET', url: `${P}/versions/?id=${processId}` }),
    )) as unknown[];
    expect(versions).toHaveLength(2);
    expect((await app.injectAs('student', { method: 'GET', url: `${P}/list/` })).json().errorCode).toBe(
      Codes.noPermission,
    );
  });

  it('monitor shows where an instance waits and lets the administrator reassign', async () => {
    const { formId, processId } = await flow(app, line([approvalNode('a', [u.g1!], { timeLimitHours: 0.000001 })]));
    const id = await apply(app, 'student', formId, { days: 1 });
    await new Promise((r) => setTimeout(r, 20));
    const page = (await expectOk(
      await app.injectAs('admin', {
        method: 'GET',
        url: `/workflow/api/v1.monitor/list/?processId=${processId}&overdue=1`,
      }),
    )) as { list: { id: number; waitingAt: { assignees: string[] }[]; overdue: boolean }[] };
    expect(page.list.map((x) => x.id)).toEqual([id]);
    expect(page.list[0]!.waitingAt[0]!.assignees).toEqual(['g1']);
    expect((await pending(app, 'g1', id))!.overdue).toBe(true);
    await expectOk(
      await act(app, 'admin', '/workflow/api/v1.monitor/reassign/', {
        taskId: (await pending(app, 'g1', id))!.id,
        userId: u.g2,
      }),
    );
    expect(await pending(app, 'g2', id)).toBeDefined();
  });

  it('a change request: the approver may edit editable fields, the diff follows, the record changes on approval', async () => {
    const { formId } = await flow(app, line([approvalNode('a', [u.g1!], { fieldPermissions: { note: 'editable' } })]));
    const id = await apply(app, 'student', formId, { days: 1, note: '原备注' });
    await expectOk(await act(app, 'g1', `${T}/approve/`, { taskId: (await pending(app, 'g1', id))!.id }));
    expect(
      (await act(app, 'student', `${I}/applyForEdit/`, { instanceId: id, values: { days: 1 }, reason: '无变化' }))
        .statusCode,
    ).toBe(400);
    const { instanceId: edit } = (await expectOk(
      await act(app, 'student', `${I}/applyForEdit/`, { instanceId: id, values: { days: 3 }, reason: '延长' }),
    )) as { instanceId: number };
    expect(
      (await act(app, 'student', `${I}/applyForEdit/`, { instanceId: id, values: { days: 4 }, reason: '再改' }))
        .statusCode,
    ).toBe(409);
    await expectOk(
      await act(app, 'g1', `${T}/approve/`, {
        taskId: (await pending(app, 'g1', edit))!.id,
        values: { note: '已核实' },
      }),
    );
    const view = (await expectOk(
      await app.injectAs('student', { method: 'GET', url: `${I}/detail/?instanceId=${edit}` }),
    )) as { diff: Record<string, unknown>; status: string };
    expect(view.status).toBe('approved');
    expect(view.diff).toEqual({ days: { from: 1, to: 3 }, note: { from: '原备注', to: '已核实' } });
    const sub = await app.db
      .selectFrom('wfInstance')
      .innerJoin('formSubmission as s', 's.id', 'wfInstance.submissionId')
      .select('s.values')
      .where('wfInstance.id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(sub.values)).toMatchObject({ days: 3, note: '已核实' });
  });
});
