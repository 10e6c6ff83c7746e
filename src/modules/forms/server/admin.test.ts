import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import type { FormSchema } from '@/shared/forms/schema';
import type { FormDetail, FormHistoryItem, FormListItem } from '../contract';
import { expectOk, FORM, json, publishedForm, submit, testSchema } from './test-support';

/** The same document with every object's keys in reverse order. */
function reverseKeys<T>(v: T): T {
  if (Array.isArray(v)) return v.map(reverseKeys) as T;
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v)
        .reverse()
        .map(([k, x]) => [k, reverseKeys(x)]),
    ) as T;
  return v;
}

describe('form management', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const admin = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    app.injectAs('admin', { method, url, ...(body === undefined ? {} : json(body)) });
  const detail = async (id: number) => expectOk(await admin('GET', `${FORM}/detail/?id=${id}`)) as Promise<FormDetail>;
  const create = async (body: Record<string, unknown>) =>
    (
      (await expectOk(await admin('POST', `${FORM}/create/`, { category: '', access: 'signedIn', ...body }))) as {
        id: number;
      }
    ).id;
  const save = (id: number, schema: FormSchema, extra: Record<string, unknown> = {}) =>
    admin('POST', `${FORM}/save/`, {
      id,
      name: '请假',
      category: '学生事务',
      description: '',
      access: 'signedIn',
      managerIds: [],
      schema,
      ...extra,
    });

  const endpoints: { method: 'GET' | 'POST'; url: string }[] = [
    { method: 'GET', url: `${FORM}/list/` },
    { method: 'GET', url: `${FORM}/categories/` },
    { method: 'GET', url: `${FORM}/detail/?id=1` },
    { method: 'POST', url: `${FORM}/create/` },
    { method: 'POST', url: `${FORM}/save/` },
    { method: 'POST', url: `${FORM}/publish/` },
    { method: 'POST', url: `${FORM}/disable/` },
    { method: 'POST', url: `${FORM}/enable/` },
    { method: 'POST', url: `${FORM}/copy/` },
    { method: 'POST', url: `${FORM}/delete/` },
    { method: 'GET', url: `${FORM}/version/?id=1&version=1` },
    { method: 'GET', url: `${FORM}/history/?id=1` },
  ];

  it.each(endpoints)('$method $url is for administrators only', async ({ method, url }) => {
    const anon = await app.inject({ method, url });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().errorCode).toBe(Codes.notAuthenticated);
    for (const who of ['student', 'teacher']) {
      const res = await app.injectAs(who, { method, url });
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe(Codes.noPermission);
    }
  });

  it('creates a draft form with one empty section, lists it, and logs and audits the creation', async () => {
    const id = await create({ name: '  宿舍报修  ', category: '后勤' });
    const d = await detail(id);
    expect(d).toMatchObject({
      name: '宿舍报修',
      category: '后勤',
      status: 'draft',
      access: 'signedIn',
      versions: [],
      managers: [],
      submissionCount: 0,
      updatedBy: '系统管理员',
    });
    expect(d.draft.sections).toHaveLength(1);
    expect(d.draft.sections[0]!.fields).toEqual([]);
    const list = (await expectOk(await admin('GET', `${FORM}/list/?keyword=${encodeURIComponent('报修')}`))) as {
      list: FormListItem[];
      total: number;
    };
    expect(list.list.map((f) => f.id)).toContain(id);
    expect(list.list.find((f) => f.id === id)).toMatchObject({
      status: 'draft',
      latestVersion: null,
      draftChanged: true,
    });
    expect(await expectOk(await admin('GET', `${FORM}/categories/`))).toContain('后勤');
    const history = (await expectOk(await admin('GET', `${FORM}/history/?id=${id}`))) as { list: FormHistoryItem[] };
    expect(history.list.map((h) => h.action)).toEqual(['created']);
    const row = await app.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'form_created')
      .where('target', '=', `form:${id}`)
      .executeTakeFirst();
    expect(row?.actorName).toBe('admin');
  });

  it('filters the list by status and category in SQL, with paging', async () => {
    const a = await create({ name: '筛选甲', category: '筛选类' });
    const b = await publishedForm(app, { name: '筛选乙', category: '筛选类' });
    const drafts = (await expectOk(
      await admin('GET', `${FORM}/list/?category=${encodeURIComponent('筛选类')}&status=draft`),
    )) as { list: FormListItem[]; total: number };
    expect(drafts.list.map((f) => f.id)).toEqual([a]);
    const all = (await expectOk(
      await admin('GET', `${FORM}/list/?category=${encodeURIComponent('筛选类')}&page=1&pageSize=1`),
    )) as { list: FormListItem[]; total: number };
    expect(all.total).toBe(2);
    expect(all.list.map((f) => f.id)).toEqual([b]);
  });

  it('imports a form from an exported schema, sanitised', async () => {
    const schema = testSchema();
    schema.sections[0]!.fields[0]!.help = '<p onclick="x()">说明<script>alert(1)</script></p>';
    const id = await create({ name: '导入的表单', schema });
    const d = await detail(id);
    expect(d.draft.sections[0]!.fields[0]!.help).toBe('<p>说明</p>');
    const history = (await expectOk(await admin('GET', `${FORM}/history/?id=${id}`))) as { list: FormHistoryItem[] };
    expect(history.list[0]!.action).toBe('imported');
  });

  it('sanitises every rich text on save: no script, no event handlers, no javascript: links', async () => {
    const id = await create({ name: '富文本' });
    const schema = testSchema();
    const fields = schema.sections[0]!.fields;
    fields[0]!.help = '<p>请填写<a href="javascript:alert(1)">真实姓名</a><img src="x" onerror="alert(1)"></p>';
    fields.find((f) => f.type === 'richText')!.content =
      '<h2 onmouseover="steal()">须知</h2><script>document.cookie</script><a href="https://example.edu.cn/x">链接</a>';
    await expectOk(await save(id, schema));
    const d = await detail(id);
    const stored = JSON.stringify(d.draft);
    expect(stored).not.toMatch(/script|onerror|onmouseover|javascript:/i);
    expect(d.draft.sections[0]!.fields[0]!.help).toBe('<p>请填写<a>真实姓名</a></p>');
    expect(d.draft.sections[0]!.fields.find((f) => f.type === 'richText')!.content).toBe(
      '<h2>须知</h2><a href="https://example.edu.cn/x" rel="noopener noreferrer" target="_blank">链接</a>',
    );
  });

  it('refuses a schema the checker rejects, naming the problems, and keeps the old draft', async () => {
    const id = await create({ name: '坏表单' });
    const schema = testSchema();
    schema.sections[0]!.fields.push({ ...schema.sections[0]!.fields[0]! }); // a duplicate field id
    const res = await save(id, schema);
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe(Codes.inputError);
    expect(res.json().message).toMatch(/^表单设计有误：/);
    expect(res.json().data.messages.length).toBeGreaterThan(0);
    expect((await detail(id)).draft.sections[0]!.fields).toEqual([]);
  });

  it('needs managers that exist, and keeps the ones given', async () => {
    const id = await create({ name: '管理员' });
    const bad = await save(id, testSchema(), { managerIds: [999999] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('所选管理人员不存在');
    const teacher = await app.db
      .selectFrom('appUser')
      .select('id')
      .where('username', '=', 'teacher')
      .executeTakeFirstOrThrow();
    await expectOk(await save(id, testSchema(), { managerIds: [teacher.id, teacher.id] }));
    expect((await detail(id)).managers).toEqual([{ id: teacher.id, name: '王建国' }]);
  });

  it('publishes immutable versions: N+1 per publish, draft changes never touch a published one', async () => {
    const id = await create({ name: '版本' });
    // Nothing to fill yet: refused.
    const empty = await admin('POST', `${FORM}/publish/`, { id });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('至少添加一个填写项');

    const v1 = testSchema();
    await expectOk(await save(id, v1));
    expect(await expectOk(await admin('POST', `${FORM}/publish/`, { id }))).toMatchObject({
      version: 1,
      publishedBy: '系统管理员',
    });
    let d = await detail(id);
    expect(d.status).toBe('published');
    expect(d.versions.map((v) => v.version)).toEqual([1]);

    // Publishing again without a change is refused.
    const again = await admin('POST', `${FORM}/publish/`, { id });
    expect(again.statusCode).toBe(409);

    const v2 = testSchema();
    v2.sections[0]!.fields[0]!.label = '申请人姓名';
    const saved = (await expectOk(await save(id, v2))) as { draftChanged: boolean };
    expect(saved.draftChanged).toBe(true);
    const frozen = (await expectOk(await admin('GET', `${FORM}/version/?id=${id}&version=1`))) as FormSchema;
    expect(frozen.sections[0]!.fields[0]!.label).toBe('姓名');

    expect(await expectOk(await admin('POST', `${FORM}/publish/`, { id }))).toMatchObject({ version: 2 });
    d = await detail(id);
    expect(d.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(
      ((await expectOk(await admin('GET', `${FORM}/version/?id=${id}&version=2`))) as FormSchema).sections[0]!
        .fields[0]!.label,
    ).toBe('申请人姓名');
    expect(
      ((await expectOk(await admin('GET', `${FORM}/version/?id=${id}&version=1`))) as FormSchema).sections[0]!
        .fields[0]!.label,
    ).toBe('姓名');
    expect((await admin('GET', `${FORM}/version/?id=${id}&version=3`)).statusCode).toBe(404);

    // Saving the published document back (keys in another order) is not a change.
    expect((await expectOk(await save(id, reverseKeys(v2)))) as { draftChanged: boolean }).toMatchObject({
      draftChanged: false,
    });
    const list = (await expectOk(await admin('GET', `${FORM}/list/?pageSize=200`))) as { list: FormListItem[] };
    expect(list.list.find((f) => f.id === id)).toMatchObject({
      latestVersion: 2,
      draftChanged: false,
      status: 'published',
    });
    const history = (await expectOk(await admin('GET', `${FORM}/history/?id=${id}`))) as { list: FormHistoryItem[] };
    expect(history.list.filter((h) => h.action === 'published').map((h) => h.detail)).toEqual([
      '发布版本 v2',
      '发布版本 v1',
    ]);
  });

  it('disables and enables a published form, and refuses both for a draft', async () => {
    const draft = await create({ name: '未发布' });
    expect((await admin('POST', `${FORM}/disable/`, { id: draft })).statusCode).toBe(409);
    const id = await publishedForm(app);
    await expectOk(await admin('POST', `${FORM}/disable/`, { id }));
    expect((await detail(id)).status).toBe('disabled');
    expect((await admin('POST', `${FORM}/disable/`, { id })).statusCode).toBe(409);
    await expectOk(await admin('POST', `${FORM}/enable/`, { id }));
    expect((await detail(id)).status).toBe('published');
    const actions = (
      (await expectOk(await admin('GET', `${FORM}/history/?id=${id}`))) as { list: FormHistoryItem[] }
    ).list.map((h) => h.action);
    expect(actions.slice(0, 2)).toEqual(['enabled', 'disabled']);
    expect(
      await app.db
        .selectFrom('auditLog')
        .select('id')
        .where('action', '=', 'form_disabled')
        .where('target', '=', `form:${id}`)
        .executeTakeFirst(),
    ).toBeTruthy();
  });

  it('copies a form as a new draft with the draft schema and no versions', async () => {
    const id = await publishedForm(app, { name: '原表单' });
    const { id: copy } = (await expectOk(await admin('POST', `${FORM}/copy/`, { id }))) as { id: number };
    const d = await detail(copy);
    expect(d).toMatchObject({ name: '原表单 - 副本', status: 'draft', versions: [], submissionCount: 0 });
    expect(d.draft).toEqual((await detail(id)).draft);
    const history = (await expectOk(await admin('GET', `${FORM}/history/?id=${copy}`))) as { list: FormHistoryItem[] };
    expect(history.list[0]).toMatchObject({ action: 'copied', detail: '复制自《原表单》' });
  });

  it('deletes a form without submissions, and refuses one with submissions', async () => {
    const spare = await publishedForm(app);
    await expectOk(await admin('POST', `${FORM}/delete/`, { id: spare }));
    expect((await admin('GET', `${FORM}/detail/?id=${spare}`)).statusCode).toBe(404);
    expect(await app.db.selectFrom('formVersion').select('version').where('formId', '=', spare).execute()).toEqual([]);

    const used = await publishedForm(app);
    await expectOk(await submit(app, 'student', used, { name: '李明轩', kind: 'sick' }));
    const res = await admin('POST', `${FORM}/delete/`, { id: used });
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe(Codes.conflict);
    expect(res.json().message).toBe('该表单已有 1 条提交记录，不能删除；如不再收集，请停用');
    expect((await detail(used)).submissionCount).toBe(1);
  });

  it('answers 404 for a form that does not exist', async () => {
    for (const url of ['publish', 'disable', 'copy', 'delete'])
      expect((await admin('POST', `${FORM}/${url}/`, { id: 999999 })).statusCode).toBe(404);
    expect((await save(999999, testSchema())).statusCode).toBe(404);
  });
});
