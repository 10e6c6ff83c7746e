import { expect } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import { FORM_SCHEMA_FORMAT, type FormSchema } from '@/shared/forms/schema';
import type { FillSettings } from '../contract';

const NO_FILL: FillSettings = {
  departments: [],
  classIds: [],
  platformIds: [],
  userIds: [],
  submitLimit: 'none',
  opensAt: null,
  closesAt: null,
};

export const FORM = '/workflow/api/v1.form';
export const FILL = '/workflow/api/v1.formFill';
export const DRAFT = '/workflow/api/v1.formDraft';
export const SUMMARY = '/workflow/api/v1.formSummary';

export const json = (payload: unknown) => ({
  payload: JSON.stringify(payload),
  headers: { 'content-type': 'application/json' },
});

/** A form exercising every server path: required, hidden-until-shown, unique, numbers, dates, options, files. */
export const testSchema = (): FormSchema => ({
  format: FORM_SCHEMA_FORMAT,
  sections: [
    {
      id: 's1',
      title: '基本信息',
      columns: 2,
      fields: [
        { id: 'name', type: 'text', label: '姓名', required: true, maxLength: 20 },
        { id: 'code', type: 'text', label: '编号', unique: true },
        { id: 'days', type: 'number', label: '天数', min: 1, max: 30 },
        { id: 'amount', type: 'money', label: '金额' },
        {
          id: 'kind',
          type: 'select',
          label: '类型',
          required: true,
          options: [
            { label: '病假', value: 'sick' },
            { label: '事假', value: 'personal' },
          ],
        },
        {
          id: 'tags',
          type: 'checkbox',
          label: '标签',
          options: [
            { label: '紧急', value: 'urgent' },
            { label: '离校', value: 'away' },
          ],
        },
        { id: 'reason', type: 'textarea', label: '事由', hidden: true },
        { id: 'start', type: 'date', label: '开始日期' },
        { id: 'at', type: 'datetime', label: '时间' },
        { id: 'period', type: 'dateRange', label: '请假时间' },
        { id: 'proof', type: 'file', label: '证明', accept: ['pdf', 'png'], maxSizeMb: 1, maxCount: 2 },
        { id: 'photo', type: 'image', label: '照片' },
        { id: 'sign', type: 'signature', label: '签名' },
        { id: 'tip', type: 'richText', label: '', content: '<p>说明</p>' },
      ],
    },
  ],
  rules: [
    {
      id: 'r1',
      match: 'all',
      conditions: [{ field: 'kind', op: 'eq', value: 'personal' }],
      actions: [
        { type: 'show', targets: ['reason'] },
        { type: 'require', targets: ['reason'] },
      ],
    },
  ],
});

export async function expectOk(res: { json(): { errorCode: string; message: string; data: unknown } }) {
  const body = res.json();
  expect(body.errorCode, body.message).toBe(Codes.ok);
  return body.data as never;
}

/** Creates a form as the administrator, saves `schema` (and settings), publishes it; answers its id. */
export async function publishedForm(
  app: TestApp,
  opts: {
    name?: string;
    schema?: FormSchema;
    access?: 'public' | 'signedIn';
    managers?: string[];
    category?: string;
    /** Role codes that may fill it (适用对象); absent = everyone. */
    audience?: string[];
    /** 填写设置 (departments, classes, platforms, people, limit, window, password); missing parts are empty. */
    fill?: Partial<FillSettings>;
  } = {},
): Promise<number> {
  const name = opts.name ?? `测试表单${Math.random().toString(36).slice(2, 8)}`;
  const access = opts.access ?? 'signedIn';
  const { id } = (await expectOk(
    await app.injectAs('admin', {
      method: 'POST',
      url: `${FORM}/create/`,
      ...json({ name, category: opts.category ?? '测试', access }),
    }),
  )) as { id: number };
  const managerIds: number[] = [];
  for (const u of opts.managers ?? [])
    managerIds.push(
      (await app.db.selectFrom('appUser').select('id').where('username', '=', u).executeTakeFirstOrThrow()).id,
    );
  await expectOk(
    await app.injectAs('admin', {
      method: 'POST',
      url: `${FORM}/save/`,
      ...json({
        id,
        name,
        category: opts.category ?? '测试',
        description: '',
        access,
        ...(opts.audience ? { audience: opts.audience } : {}),
        ...(opts.fill ? { fill: { ...NO_FILL, ...opts.fill } } : {}),
        managerIds,
        schema: opts.schema ?? testSchema(),
      }),
    }),
  );
  await expectOk(await app.injectAs('admin', { method: 'POST', url: `${FORM}/publish/`, ...json({ id }) }));
  return id;
}

/** Calls as a user (token) or anonymously (null). */
export const callAs = (app: TestApp, who: string | null, opts: InjectOptions) =>
  who ? app.injectAs(who, opts) : app.inject(opts);

export const submit = (
  app: TestApp,
  who: string | null,
  formId: number,
  values: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) => callAs(app, who, { method: 'POST', url: `${FILL}/submit/`, ...json({ formId, version: 1, values, ...extra }) });

/** The field errors of a refused submission. */
export function fieldErrorsOf(res: {
  statusCode: number;
  json(): { errorCode: string; data: { fields?: { field: string; message: string }[] } };
}) {
  expect(res.statusCode).toBe(400);
  const body = res.json();
  expect(body.errorCode).toBe(Codes.inputError);
  return body.data.fields ?? [];
}
