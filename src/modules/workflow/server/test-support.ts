import { expect } from 'vitest';
import { Codes } from '@/shared/errors';
import type { TestApp } from '@/server/test/helper';
import { createTestUser } from '@/server/test/helper';
import { FORM_SCHEMA_FORMAT, type FormSchema } from '@/shared/forms/schema';
import type { SubmitAnswer } from '@/modules/forms/contract';
import { instanceLink, PROCESS_FORMAT, type ProcessDefinition, type ProcessNode, type TaskListItem } from '../contract';

export const T = '/workflow/api/v1.task';
const FORM = '/workflow/api/v1.form';
export const I = '/workflow/api/v1.instance';
export const P = '/workflow/api/v1.process';

export const json = (payload: unknown) => ({
  payload: JSON.stringify(payload),
  headers: { 'content-type': 'application/json' },
});

/** The answer's data, after checking it is a success (the message explains a failure). */
export async function expectOk(res: { json(): { errorCode: string; message: string; data: unknown } }) {
  const body = res.json();
  expect(body.errorCode, body.message).toBe(Codes.ok);
  return body.data as never;
}

/** A signed-in form with `schema`, created, saved and published by the administrator through the forms API. */
export async function publishedForm(app: TestApp, schema: FormSchema): Promise<number> {
  const name = `测试表单${Math.random().toString(36).slice(2, 8)}`;
  const base = { name, category: '测试', access: 'signedIn' };
  const post = (url: string, body: unknown) => app.injectAs('admin', { method: 'POST', url, ...json(body) });
  const { id } = (await expectOk(await post(`${FORM}/create/`, base))) as { id: number };
  await expectOk(await post(`${FORM}/save/`, { id, ...base, description: '', managerIds: [], schema }));
  await expectOk(await post(`${FORM}/publish/`, { id }));
  return id;
}

/** A small form: a number the conditions test, a user the applicant picks, a secret some nodes hide. */
export const flowSchema = (): FormSchema => ({
  format: FORM_SCHEMA_FORMAT,
  sections: [
    {
      id: 's',
      title: '',
      columns: 1,
      fields: [
        { id: 'days', type: 'number', label: '天数', required: true },
        { id: 'who', type: 'user', label: '指定审批人' },
        { id: 'secret', type: 'text', label: '身份证号' },
        { id: 'note', type: 'text', label: '备注' },
      ],
    },
  ],
  rules: [],
});

export const approvalNode = (id: string, userIds: number[], extra: Partial<ProcessNode> = {}): ProcessNode => ({
  id,
  type: 'approval',
  name: id,
  assignee: { kind: 'users', userIds },
  signMode: 'any',
  ...extra,
});

export const line = (nodes: ProcessNode[]): ProcessDefinition => {
  const all: ProcessNode[] = [
    { id: 'start', type: 'start', name: '发起' },
    ...nodes,
    { id: 'end', type: 'end', name: '结束' },
  ];
  return { format: PROCESS_FORMAT, nodes: all, edges: all.slice(1).map((n, i) => ({ from: all[i]!.id, to: n.id })) };
};

/** Users a1…an (staff) answered by name → id. */
export async function users(app: TestApp, prefix: string, n: number): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (let i = 1; i <= n; i += 1)
    out[`${prefix}${i}`] = await createTestUser(app, {
      username: `${prefix}${i}`,
      password: 'Flow@2026',
      kind: 'staff',
    });
  return out;
}

/** A published form with a published process: answers the form's id. */
export async function flow(
  app: TestApp,
  def: ProcessDefinition,
  schema: FormSchema = flowSchema(),
): Promise<{ formId: number; processId: number }> {
  const formId = await publishedForm(app, schema);
  const { id } = (await expectOk(
    await app.injectAs('admin', {
      method: 'POST',
      url: `${P}/create/`,
      ...json({ name: `流程${formId}`, formId, definition: def }),
    }),
  )) as { id: number };
  await expectOk(await app.injectAs('admin', { method: 'POST', url: `${P}/publish/`, ...json({ id }) }));
  return { formId, processId: id };
}

/** Submits as `who`; answers the started instance's id (the submit answer points the applicant to it). */
export async function apply(
  app: TestApp,
  who: string,
  formId: number,
  values: Record<string, unknown>,
): Promise<number> {
  const sub = (await expectOk(
    await app.injectAs(who, {
      method: 'POST',
      url: '/workflow/api/v1.formFill/submit/',
      ...json({ formId, version: 1, values }),
    }),
  )) as SubmitAnswer;
  const row = await app.db
    .selectFrom('wfInstance')
    .select('id')
    .where('submissionId', '=', sub.id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  expect(sub.follow).toEqual({ link: instanceLink(row.id), label: '查看审批进度' });
  return row.id;
}

export async function pending(app: TestApp, who: string, instanceId: number): Promise<TaskListItem | undefined> {
  const page = (await expectOk(
    await app.injectAs(who, { method: 'GET', url: `${T}/list/?type=dsp&pageSize=200` }),
  )) as { list: TaskListItem[] };
  return page.list.find((t) => t.instanceId === instanceId);
}

export async function status(app: TestApp, instanceId: number): Promise<string> {
  return (await app.db.selectFrom('wfInstance').select('status').where('id', '=', instanceId).executeTakeFirstOrThrow())
    .status;
}

export const act = (app: TestApp, who: string, path: string, body: unknown) =>
  app.injectAs(who, { method: 'POST', url: path, ...json(body) });
