import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { multipartBody, TINY_PNG } from '@/server/test/multipart';
import { expectOk } from './test-support';
import {
  instanceFileUrl,
  type HistoryItem,
  type InstanceView,
  type StartableProcess,
  type TaskListItem,
} from '../contract';
import { act, apply, approvalNode, flow, flowSchema, I, line, P, pending, T, users } from './test-support';

describe('workflow: comments with attachments, startable processes, category filter, messages', () => {
  let app: TestApp;
  let u: Record<string, number>;
  beforeAll(async () => {
    app = await buildTestApp();
    u = await users(app, 'x', 3);
  });
  afterAll(async () => {
    await app.close();
  });

  it('participants comment with attachments that only participants can read', async () => {
    const { formId } = await flow(app, line([approvalNode('a', [u.x1!])]));
    const id = await apply(app, 'student', formId, { days: 1 });
    const up = await app.injectAs('x1', {
      method: 'POST',
      url: `${I}/upload/?instanceId=${id}`,
      ...multipartBody({ filename: '说明.png', content: TINY_PNG, type: 'image/png' }),
    });
    const file = (await expectOk(up)) as { id: string; url: string };
    // Someone outside the instance can neither upload to it nor comment on it.
    expect(
      (
        await app.injectAs('x2', {
          method: 'POST',
          url: `${I}/upload/?instanceId=${id}`,
          ...multipartBody({ filename: 'a.png', content: TINY_PNG, type: 'image/png' }),
        })
      ).statusCode,
    ).toBe(404);
    expect((await act(app, 'x2', `${I}/comment/`, { instanceId: id, comment: '路过' })).statusCode).toBe(403);
    // Another's upload cannot be attached.
    expect(
      (await act(app, 'student', `${I}/comment/`, { instanceId: id, comment: '附件', attachmentIds: [file.id] }))
        .statusCode,
    ).toBe(400);
    await expectOk(
      await act(app, 'x1', `${I}/comment/`, { instanceId: id, comment: '请看附件', attachmentIds: [file.id] }),
    );
    const view = (await expectOk(
      await app.injectAs('student', { method: 'GET', url: `${I}/detail/?instanceId=${id}` }),
    )) as InstanceView;
    const c = view.history.find((h: HistoryItem) => h.action === 'comment')!;
    expect(c).toMatchObject({ actorName: 'x1', comment: '请看附件', attachments: [{ id: file.id, name: '说明.png' }] });
    expect((await app.injectAs('student', { method: 'GET', url: file.url })).statusCode).toBe(200);
    expect((await app.injectAs('x2', { method: 'GET', url: file.url })).statusCode).toBe(403);
  });

  it('lists startable processes and filters lists by form category', async () => {
    const { formId } = await flow(app, line([approvalNode('a', [u.x3!])]));
    await app.db.updateTable('form').set({ category: '预约' }).where('id', '=', formId).execute();
    const page = (await expectOk(
      await app.injectAs('student', { method: 'GET', url: `${P}/startable/?category=${encodeURIComponent('预约')}` }),
    )) as { list: StartableProcess[] };
    expect(page.list.map((p) => p.formId)).toEqual([formId]);
    const id = await apply(app, 'student', formId, { days: 2 });
    const booked = (await expectOk(
      await app.injectAs('x3', { method: 'GET', url: `${T}/list/?type=dsp&category=${encodeURIComponent('预约')}` }),
    )) as { list: TaskListItem[] };
    expect(booked.list.map((t) => t.instanceId)).toEqual([id]);
    const other = (await expectOk(
      await app.injectAs('x3', {
        method: 'GET',
        url: `${T}/list/?type=dsp&category=${encodeURIComponent('学生事务')}`,
      }),
    )) as { list: TaskListItem[] };
    expect(other.list).toEqual([]);
    // The new task, the urge and the result arrive as in-app messages.
    await expectOk(await act(app, 'student', `${I}/urge/`, { instanceId: id }));
    const taskId = (await pending(app, 'x3', id))!.id;
    await expectOk(await act(app, 'x3', `${T}/approve/`, { taskId }));
    const kinds = async (who: string) =>
      await app.db
        .selectFrom('message')
        .innerJoin('appUser as a', 'a.id', 'message.userId')
        .select(['message.kind', 'message.link'])
        .where('a.username', '=', who)
        .orderBy('message.id')
        .execute();
    const mine = await kinds('x3');
    expect(mine.map((m) => m.kind)).toEqual(['task', 'urge']);
    // Both the new task and the urge open the approver's own task.
    expect(mine.map((m) => m.link)).toEqual([
      `/web/taskCenter/taskApproval?taskId=${taskId}`,
      `/web/taskCenter/taskApproval?taskId=${taskId}`,
    ]);
    expect(
      (await kinds('student'))
        .filter((m) => m.link === `/web/taskCenter/taskApproval?instanceId=${id}`)
        .map((m) => m.kind),
    ).toEqual(['result']);
  });

  it('approvers read the attachments of the record through the instance; others cannot', async () => {
    const schema = flowSchema();
    schema.sections[0]!.fields.push(
      { id: 'proof', type: 'file', label: '证明', accept: ['png'] },
      { id: 'idPhoto', type: 'image', label: '证件照' },
    );
    const { formId } = await flow(
      app,
      line([approvalNode('a', [u.x1!], { fieldPermissions: { idPhoto: 'hidden' } })]),
      schema,
    );
    const upload = async (field: string) =>
      (await expectOk(
        await app.injectAs('student', {
          method: 'POST',
          url: `/workflow/api/v1.formFill/upload/?formId=${formId}&field=${field}`,
          ...multipartBody({ filename: `${field}.png`, content: TINY_PNG, type: 'image/png' }),
        }),
      )) as { id: string; name: string; size: number; url: string };
    const proof = await upload('proof');
    const photo = await upload('idPhoto');
    const id = await apply(app, 'student', formId, { days: 1, proof: [proof], idPhoto: [photo] });
    // The form's own rule keeps the approver out of /resource; the instance lets them in.
    expect((await app.injectAs('x1', { method: 'GET', url: proof.url })).statusCode).toBe(403);
    const got = await app.injectAs('x1', { method: 'GET', url: instanceFileUrl(id, proof.id) });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    // A hidden field's file, another instance's reader, an unrelated file: no.
    expect((await app.injectAs('x1', { method: 'GET', url: instanceFileUrl(id, photo.id) })).statusCode).toBe(404);
    expect((await app.injectAs('student', { method: 'GET', url: instanceFileUrl(id, photo.id) })).statusCode).toBe(200);
    expect((await app.injectAs('x2', { method: 'GET', url: instanceFileUrl(id, proof.id) })).statusCode).toBe(403);
    expect(
      (await app.injectAs('x1', { method: 'GET', url: instanceFileUrl(id, '00000000-0000-0000-0000-000000000000') }))
        .statusCode,
    ).toBe(404);
  });

  it('an approver uploads a file for a field the node may edit and approves with it; other files are refused', async () => {
    const schema = flowSchema();
    schema.sections[0]!.fields.push(
      { id: 'proof', type: 'file', label: '证明', accept: ['png'] },
      { id: 'idPhoto', type: 'image', label: '证件照' },
    );
    const { formId } = await flow(
      app,
      line([approvalNode('a', [u.x1!], { fieldPermissions: { proof: 'editable' } })]),
      schema,
    );
    const id = await apply(app, 'student', formId, { days: 1 });
    const taskId = (await pending(app, 'x1', id))!.id;
    const up = (who: string, q: string) =>
      app.injectAs(who, {
        method: 'POST',
        url: `${T}/upload/?${q}`,
        ...multipartBody({ filename: '盖章.png', content: TINY_PNG, type: 'image/png' }),
      });
    // Not this node's editable field, not a file field, not the caller's task: refused before storing.
    expect((await up('x1', `taskId=${taskId}&field=idPhoto`)).json().message).toBe('字段「证件照」在此节点不可修改');
    expect((await up('x1', `taskId=${taskId}&field=days`)).statusCode).toBe(400);
    expect((await up('x2', `taskId=${taskId}&field=proof`)).statusCode).toBe(403);
    const file = (await expectOk(await up('x1', `taskId=${taskId}&field=proof`))) as {
      id: string;
      name: string;
      size: number;
      url: string;
    };

    // Someone else's upload for the same form cannot be slipped into the record.
    const other = (await expectOk(
      await app.injectAs('student', {
        method: 'POST',
        url: `/workflow/api/v1.formFill/upload/?formId=${formId}&field=proof`,
        ...multipartBody({ filename: 'x.png', content: TINY_PNG, type: 'image/png' }),
      }),
    )) as { id: string };
    const refused = await act(app, 'x1', `${T}/approve/`, { taskId, values: { proof: [{ ...file, id: other.id }] } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.fields).toEqual([{ field: 'proof', message: '「证明」的附件无效，请重新上传' }]);

    await expectOk(await act(app, 'x1', `${T}/approve/`, { taskId, values: { proof: [file] } }));
    const stored = await app.db
      .selectFrom('formSubmission')
      .innerJoin('wfInstance as i', 'i.submissionId', 'formSubmission.id')
      .select('formSubmission.values')
      .where('i.id', '=', id)
      .executeTakeFirstOrThrow();
    expect((JSON.parse(stored.values) as { proof: { id: string }[] }).proof.map((f) => f.id)).toEqual([file.id]);
    // The applicant reads the approver's file through the instance like any record attachment.
    expect((await app.injectAs('student', { method: 'GET', url: instanceFileUrl(id, file.id) })).statusCode).toBe(200);
  });

  it("titles requests by the process's rule, again after a resubmission; the checker names unknown placeholders and foreign change-request processes", async () => {
    const def = { ...line([approvalNode('a', [u.x1!])]), titleTemplate: '{申请人}的申请（{天数}，{备注}）' };
    const { formId, processId } = await flow(app, def);
    const id = await apply(app, 'student', formId, { days: 2, note: '回家' });
    const name = (
      await app.db.selectFrom('appUser').select('realName').where('username', '=', 'student').executeTakeFirstOrThrow()
    ).realName;
    expect((await pending(app, 'x1', id))!.title).toBe(`${name}的申请（2，回家）`);
    await expectOk(
      await act(app, 'x1', `${T}/reject/`, { taskId: (await pending(app, 'x1', id))!.id, comment: '补充' }),
    );
    await expectOk(await act(app, 'student', `${I}/resubmit/`, { instanceId: id, values: { days: 3, note: '看病' } }));
    expect((await pending(app, 'x1', id))!.title).toBe(`${name}的申请（3，看病）`);
    const wfq = (await expectOk(
      await app.injectAs('student', { method: 'GET', url: `${T}/list/?type=wfq&pageSize=200` }),
    )) as { list: TaskListItem[] };
    expect(wfq.list.find((t) => t.instanceId === id)!.title).toBe(`${name}的申请（3，看病）`);

    const saved = (await expectOk(
      await act(app, 'admin', `${P}/save/`, {
        id: processId,
        name: 'x',
        definition: { ...def, titleTemplate: '{申请人}{导师}' },
      }),
    )) as { problems: string[] };
    expect(saved.problems).toEqual(['标题规则中的「{导师}」不是表单中的字段']);
    expect((await act(app, 'admin', `${P}/publish/`, { id: processId })).json().data.messages).toEqual([
      '标题规则中的「{导师}」不是表单中的字段',
    ]);
    // A change-request process must exist and belong to the same form.
    const other = await flow(app, line([approvalNode('a', [u.x1!])]));
    const wrong = (await expectOk(
      await act(app, 'admin', `${P}/save/`, {
        id: processId,
        name: 'x',
        definition: { ...def, editProcessId: other.processId },
      }),
    )) as { problems: string[] };
    expect(wrong.problems).toEqual(['修改申请的审批流程不存在或不属于同一表单']);
    const right = (await expectOk(
      await act(app, 'admin', `${P}/save/`, {
        id: processId,
        name: 'x',
        definition: { ...def, editProcessId: processId },
      }),
    )) as { problems: string[] };
    expect(right.problems).toEqual([]);
  });
});
