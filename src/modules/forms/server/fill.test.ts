import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestUser, type TestApp } from '@/server/test/helper';
import { multipartBody, TINY_PNG } from '@/server/test/multipart';
import { Codes } from '@/shared/errors';
import { FORM_SCHEMA_FORMAT, type FileRef, type FormSchema } from '@/shared/forms/schema';
import type {
  DraftDetail,
  DraftInfo,
  FillableForm,
  OpenedForm,
  PickableDepartment,
  SubmissionDetail,
  SubmissionInfo,
} from '../contract';
import {
  callAs,
  DRAFT,
  expectOk,
  FILL,
  FORM,
  fieldErrorsOf,
  json,
  publishedForm,
  submit,
  testSchema,
} from './test-support';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

describe('filling forms', () => {
  let app: TestApp;
  let formId: number;
  let publicId: number;
  beforeAll(async () => {
    app = await buildTestApp({ env: { DATA_DIR: fs.mkdtempSync('/tmp/forms-fill-') } });
    await createTestUser(app, { username: 'other', password: 'Other@2026x' });
    formId = await publishedForm(app, { name: '填写测试', managers: ['teacher'] });
    publicId = await publishedForm(app, { name: '公开表单', access: 'public' });
  });
  afterAll(async () => {
    fs.rmSync(app.config.dataDir, { recursive: true, force: true });
    await app.close();
  });

  const admin = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    app.injectAs('admin', { method, url, ...(body === undefined ? {} : json(body)) });
  const upload = (who: string | null, form: number, field: string, filename: string, content: Buffer) => {
    const body = multipartBody({ filename, content });
    return callAs(app, who, {
      method: 'POST',
      url: `${FILL}/upload/?formId=${form}&field=${field}`,
      payload: body.payload,
      headers: body.headers,
    });
  };
  const uploaded = async (who: string | null, form: number, field: string, filename = 'proof.pdf', content = PDF) =>
    expectOk(await upload(who, form, field, filename, content)) as Promise<FileRef>;
  const detailOf = async (who: string, id: number) =>
    expectOk(
      await app.injectAs(who, { method: 'GET', url: `${FILL}/submission/?id=${id}` }),
    ) as Promise<SubmissionDetail>;

  describe('open/', () => {
    it("opens a published form with the signed-in user's defaults", async () => {
      const schema: FormSchema = {
        format: FORM_SCHEMA_FORMAT,
        rules: [],
        sections: [
          {
            id: 's',
            title: '',
            columns: 1,
            fields: [
              { id: 'who', type: 'text', label: '姓名', default: { kind: 'user', prop: 'realName' } },
              { id: 'no', type: 'text', label: '学号', default: { kind: 'user', prop: 'userNo' } },
              { id: 'dept', type: 'text', label: '学院', default: { kind: 'user', prop: 'department' } },
              { id: 'days', type: 'number', label: '天数', default: { kind: 'static', value: 3 } },
            ],
          },
        ],
      };
      const id = await publishedForm(app, { name: '默认值', schema, access: 'public' });
      const opened = (await expectOk(
        await app.injectAs('student', { method: 'GET', url: `${FILL}/open/?formId=${id}` }),
      )) as OpenedForm;
      expect(opened).toMatchObject({ id, name: '默认值', version: 1, access: 'public' });
      expect(opened.schema.sections[0]!.fields.map((f) => f.id)).toEqual(['who', 'no', 'dept', 'days']);
      expect(opened.defaults).toEqual({
        who: '李明轩',
        no: '20230101101',
        dept: expect.stringContaining('计算机'),
        days: 3,
      });
      // A visitor gets the static defaults only.
      expect(
        ((await expectOk(await app.inject({ method: 'GET', url: `${FILL}/open/?formId=${id}` }))) as OpenedForm)
          .defaults,
      ).toEqual({ days: 3 });
    });

    it('asks for a session for a signed-in form, and hides drafts, disabled and missing forms', async () => {
      const anon = await app.inject({ method: 'GET', url: `${FILL}/open/?formId=${formId}` });
      expect(anon.statusCode).toBe(401);
      expect(anon.json().errorCode).toBe(Codes.notAuthenticated);
      const { id: draft } = (await expectOk(
        await admin('POST', `${FORM}/create/`, { name: '草稿', category: '', access: 'public' }),
      )) as { id: number };
      const disabled = await publishedForm(app, { access: 'public' });
      await expectOk(await admin('POST', `${FORM}/disable/`, { id: disabled }));
      for (const id of [draft, disabled, 999999]) {
        const res = await app.injectAs('student', { method: 'GET', url: `${FILL}/open/?formId=${id}` });
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe('表单不存在或已停用');
      }
      expect(
        (await app.injectAs('student', { method: 'GET', url: `${FILL}/open/?formId=${formId}&version=2` })).statusCode,
      ).toBe(404);
    });

    it('lists fillable forms: published only', async () => {
      const page = (await expectOk(
        await app.injectAs('student', { method: 'GET', url: `${FILL}/fillable/?pageSize=200` }),
      )) as { list: FillableForm[] };
      const ids = page.list.map((f) => f.id);
      expect(ids).toEqual(expect.arrayContaining([formId, publicId]));
      const statuses = await app.db.selectFrom('form').select('status').where('id', 'in', ids).execute();
      expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(['published']));
    });
  });

  describe('submit/', () => {
    it('stores a good submission with its version, as the server normalised it', async () => {
      const res = await submit(app, 'student', formId, {
        name: '李明轩',
        kind: 'sick',
        days: '5',
        amount: 12.5,
        tags: ['urgent'],
        start: '2026-03-02',
        period: '2026-03-02至2026-03-04',
        reason: '不该保存',
      });
      const { id, submittedAt } = (await expectOk(res)) as { id: number; submittedAt: number };
      expect(submittedAt).toBeGreaterThan(Date.now() - 60_000);
      const d = await detailOf('student', id);
      expect(d).toMatchObject({ formId, version: 1, submitter: { name: '李明轩', userNo: '20230101101' } });
      // The hidden field's value is dropped; the number given as text is a number.
      expect(d.values).not.toHaveProperty('reason');
      expect(d.values.days).toBe(5);
      expect(d.schema.sections[0]!.fields[0]!.id).toBe('name');
    });

    it('answers 0x00000101 with per-field messages: required, required-when-visible, types and limits', async () => {
      let fields = fieldErrorsOf(await submit(app, 'student', formId, { days: 'abc' }));
      expect(fields.map((f) => f.field).sort()).toEqual(['days', 'kind', 'name']);
      fields = fieldErrorsOf(await submit(app, 'student', formId, { name: '李明轩', kind: 'personal', days: 50 }));
      expect(fields.map((f) => f.field).sort()).toEqual(['days', 'reason']);
      const res = await submit(app, 'student', formId, { name: '李明轩', kind: 'nope' });
      expect(res.json().message).toBe('表单填写有误');
      expect(fieldErrorsOf(res).map((f) => f.field)).toEqual(['kind']);
      // Visible and filled: accepted.
      await expectOk(await submit(app, 'student', formId, { name: '李明轩', kind: 'personal', reason: '家中有事' }));
    });

    it('refuses a version that is not published for the form, and a disabled form', async () => {
      expect((await submit(app, 'student', formId, { name: 'x', kind: 'sick' }, { version: 9 })).statusCode).toBe(404);
      const id = await publishedForm(app);
      await expectOk(await admin('POST', `${FORM}/disable/`, { id }));
      const res = await submit(app, 'student', id, { name: 'x', kind: 'sick' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('表单不存在或已停用');
    });

    it('asks for a session on a signed-in form; takes anonymous submissions of a public form', async () => {
      const res = await submit(app, null, formId, { name: 'x', kind: 'sick' });
      expect(res.statusCode).toBe(401);
      expect(res.json().errorCode).toBe(Codes.notAuthenticated);
      const { id } = (await expectOk(await submit(app, null, publicId, { name: '访客', kind: 'sick' }))) as {
        id: number;
      };
      expect(await detailOf('admin', id)).toMatchObject({ submitter: { id: null, name: '匿名', userNo: '' } });
    });

    it('keeps unique fields unique across the form, ignoring case', async () => {
      const id = await publishedForm(app);
      await expectOk(await submit(app, 'student', id, { name: 'a', kind: 'sick', code: 'ABC-1' }));
      const fields = fieldErrorsOf(await submit(app, 'teacher', id, { name: 'b', kind: 'sick', code: 'abc-1' }));
      expect(fields).toEqual([{ field: 'code', message: '已存在相同的编号' }]);
      await expectOk(await submit(app, 'teacher', id, { name: 'b', kind: 'sick', code: 'ABC-2' }));
      // Long values compare whole, not by their indexed start.
      const long = 'x'.repeat(150);
      await expectOk(await submit(app, 'teacher', id, { name: 'b', kind: 'sick', code: `${long}1` }));
      await expectOk(await submit(app, 'teacher', id, { name: 'b', kind: 'sick', code: `${long}2` }));
      expect(
        fieldErrorsOf(await submit(app, 'student', id, { name: 'b', kind: 'sick', code: `${long}2` }))[0]!.field,
      ).toBe('code');
    });

    it('lets exactly one of several simultaneous submissions of one unique value win', async () => {
      const id = await publishedForm(app);
      const results = await Promise.all(
        ['student', 'teacher', 'other', 'admin', 'student'].map((who) =>
          submit(app, who, id, { name: 'x', kind: 'sick', code: 'SAME' }),
        ),
      );
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      for (const r of results.filter((x) => x.statusCode !== 200))
        expect(fieldErrorsOf(r)).toEqual([{ field: 'code', message: '已存在相同的编号' }]);
      const stored = await app.db.selectFrom('formSubmission').select('id').where('formId', '=', id).execute();
      expect(stored).toHaveLength(1);
      expect(
        (await app.db.selectFrom('form').select('submissionCount').where('id', '=', id).executeTakeFirstOrThrow())
          .submissionCount,
      ).toBe(1);
    });
  });

  describe('attachments', () => {
    it('uploads a file of an accepted kind and size for a file field of the form', async () => {
      const ref = await uploaded('student', formId, 'proof', '证明.pdf');
      expect(ref).toMatchObject({ name: '证明.pdf', size: PDF.length, url: `/resource/api/v1.file/${ref.id}` });
      const row = await app.db.selectFrom('upload').selectAll().where('id', '=', ref.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ purpose: `form:${formId}`, isPublic: 0, mime: 'application/pdf' });

      expect((await upload('student', formId, 'proof', 'x.gif', GIF)).json().message).toContain('不支持的文件类型');
      expect((await upload('student', formId, 'photo', 'x.pdf', PDF)).json().message).toContain('不支持的文件类型');
      const big = await upload('student', formId, 'proof', 'big.pdf', Buffer.concat([PDF, Buffer.alloc(1024 * 1024)]));
      expect(big.statusCode).toBe(413);
      expect(big.json().message).toBe('文件不能超过 1 MB');
      expect((await upload('student', formId, 'name', 'x.pdf', PDF)).json().message).toBe('该字段不接受上传');
      expect((await upload(null, formId, 'proof', 'x.pdf', PDF)).statusCode).toBe(401);
      await expectOk(await upload('student', formId, 'sign', 'signature.png', TINY_PNG));
    });

    it("takes only the caller's own uploads for this form, with the stored names and sizes", async () => {
      const mine = await uploaded('student', formId, 'proof', '我的.pdf');
      const teachers = await uploaded('teacher', formId, 'proof');
      const otherForm = await uploaded('student', publicId, 'proof');
      const forged = { ...mine, name: '改名.pdf', size: 1, url: '/resource/api/v1.file/elsewhere' };
      const { id } = (await expectOk(
        await submit(app, 'student', formId, { name: 'a', kind: 'sick', proof: [forged] }),
      )) as { id: number };
      expect((await detailOf('student', id)).values.proof).toEqual([
        { id: mine.id, name: '我的.pdf', size: PDF.length, url: `/resource/api/v1.file/${mine.id}` },
      ]);

      for (const proof of [[teachers], [otherForm], [{ ...mine, id: '00000000-0000-0000-0000-000000000000' }]]) {
        const fields = fieldErrorsOf(await submit(app, 'student', formId, { name: 'a', kind: 'sick', proof }));
        expect(fields).toEqual([{ field: 'proof', message: '「证明」的附件无效，请重新上传' }]);
      }
      // Anonymous uploads go with anonymous submissions only.
      const anon = await uploaded(null, publicId, 'proof');
      expect(
        fieldErrorsOf(await submit(app, 'student', publicId, { name: 'a', kind: 'sick', proof: [anon] }))[0]!.field,
      ).toBe('proof');
      await expectOk(await submit(app, null, publicId, { name: 'a', kind: 'sick', proof: [anon] }));
    });

    it("serves attachments to their uploader, the form's managers and administrators only", async () => {
      const ref = await uploaded('student', formId, 'photo', 'me.png', TINY_PNG);
      const get = (who: string | null) => callAs(app, who, { method: 'GET', url: ref.url });
      expect((await get('student')).statusCode).toBe(200);
      expect((await get('teacher')).statusCode).toBe(200); // a manager of formId
      expect((await get('admin')).statusCode).toBe(200);
      const other = await get('other');
      expect(other.statusCode).toBe(403);
      expect(other.json().errorCode).toBe(Codes.noPermission);
      expect((await get(null)).statusCode).toBe(401);
      // The public form has no managers: the teacher is a stranger there.
      const anon = await uploaded(null, publicId, 'photo', 'a.png', TINY_PNG);
      expect((await callAs(app, 'teacher', { method: 'GET', url: anon.url })).statusCode).toBe(403);
      expect((await callAs(app, 'admin', { method: 'GET', url: anon.url })).statusCode).toBe(200);
    });
  });

  describe('mine/ and submission/', () => {
    it("lists the caller's own submissions and shows one to its owner, the managers and administrators", async () => {
      const { id } = (await expectOk(await submit(app, 'other', formId, { name: '其他', kind: 'sick' }))) as {
        id: number;
      };
      const mine = (await expectOk(
        await app.injectAs('other', { method: 'GET', url: `${FILL}/mine/?formId=${formId}` }),
      )) as { list: SubmissionInfo[]; total: number };
      expect(mine.list.map((s) => s.id)).toEqual([id]);
      expect(mine.list[0]).toMatchObject({ formName: '填写测试', version: 1, submitter: { name: 'other' } });
      for (const who of ['other', 'teacher', 'admin']) expect((await detailOf(who, id)).id).toBe(id);
      const res = await app.injectAs('student', { method: 'GET', url: `${FILL}/submission/?id=${id}` });
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe(Codes.noPermission);
      expect((await app.injectAs('student', { method: 'GET', url: `${FILL}/submission/?id=999999` })).statusCode).toBe(
        404,
      );
    });
  });

  describe('drafts', () => {
    it("saves, lists, reads, updates and deletes the user's own drafts only", async () => {
      const save = (who: string, body: Record<string, unknown>) =>
        app.injectAs(who, { method: 'POST', url: `${DRAFT}/save/`, ...json({ formId, version: 1, ...body }) });
      // Required fields may be empty in a draft; wrong types are still refused.
      const info = (await expectOk(await save('student', { values: { days: '3' } }))) as DraftInfo;
      expect(info).toMatchObject({ formId, formName: '填写测试', version: 1 });
      expect(fieldErrorsOf(await save('student', { values: { days: 'abc' } })).map((f) => f.field)).toEqual(['days']);

      await expectOk(await save('student', { id: info.id, values: { days: 4, name: '李' } }));
      const d = (await expectOk(
        await app.injectAs('student', { method: 'GET', url: `${DRAFT}/detail/?id=${info.id}` }),
      )) as DraftDetail;
      expect(d.values).toMatchObject({ days: 4, name: '李' });
      const list = (await expectOk(await app.injectAs('student', { method: 'GET', url: `${DRAFT}/list/` }))) as {
        list: DraftInfo[];
      };
      expect(list.list.map((x) => x.id)).toContain(info.id);

      // Someone else's draft does not exist for them.
      expect((await save('teacher', { id: info.id, values: {} })).statusCode).toBe(404);
      expect((await app.injectAs('teacher', { method: 'GET', url: `${DRAFT}/detail/?id=${info.id}` })).statusCode).toBe(
        404,
      );
      expect(
        (await app.injectAs('teacher', { method: 'POST', url: `${DRAFT}/delete/`, ...json({ id: info.id }) }))
          .statusCode,
      ).toBe(404);
      expect(
        (
          (await expectOk(await app.injectAs('teacher', { method: 'GET', url: `${DRAFT}/list/` }))) as {
            list: DraftInfo[];
          }
        ).list.map((x) => x.id),
      ).not.toContain(info.id);

      await expectOk(
        await app.injectAs('student', { method: 'POST', url: `${DRAFT}/delete/`, ...json({ id: info.id }) }),
      );
      expect((await app.injectAs('student', { method: 'GET', url: `${DRAFT}/detail/?id=${info.id}` })).statusCode).toBe(
        404,
      );
    });

    it('deletes the draft a submission completes, in the same transaction', async () => {
      const info = (await expectOk(
        await app.injectAs('student', {
          method: 'POST',
          url: `${DRAFT}/save/`,
          ...json({ formId, version: 1, values: { name: '李明轩' } }),
        }),
      )) as DraftInfo;
      // A refused submission keeps the draft.
      fieldErrorsOf(await submit(app, 'student', formId, { name: '李明轩' }, { draftId: info.id }));
      expect(
        await app.db.selectFrom('formDraft').select('id').where('id', '=', info.id).executeTakeFirst(),
      ).toBeTruthy();
      await expectOk(await submit(app, 'student', formId, { name: '李明轩', kind: 'sick' }, { draftId: info.id }));
      expect(
        await app.db.selectFrom('formDraft').select('id').where('id', '=', info.id).executeTakeFirst(),
      ).toBeUndefined();
    });
  });

  describe('pickers', () => {
    it('lists the department tree flat', async () => {
      const list = (await expectOk(
        await app.injectAs('student', { method: 'GET', url: `${FILL}/departments/` }),
      )) as PickableDepartment[];
      expect(list.length).toBeGreaterThan(3);
      const byId = new Map(list.map((d) => [d.id, d]));
      expect(list.some((d) => d.parentId === null)).toBe(true);
      for (const d of list) if (d.parentId !== null) expect(byId.has(d.parentId)).toBe(true);
    });
  });

  it('session routes need a session', async () => {
    for (const url of [
      `${FILL}/fillable/`,
      `${FILL}/mine/`,
      `${FILL}/submission/?id=1`,
      `${FILL}/departments/`,
      `${DRAFT}/list/`,
      `${DRAFT}/detail/?id=1`,
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    for (const url of [`${DRAFT}/save/`, `${DRAFT}/delete/`])
      expect((await app.inject({ method: 'POST', url })).statusCode, url).toBe(401);
  });
});

describe('public form routes are rate-limited per caller', () => {
  it('answers 429 after the limit, counting anonymous callers by address and users by account', async () => {
    const app = await buildTestApp({ env: { VISIT_RATE_LIMIT: '3' } });
    try {
      const id = await publishedForm(app, { access: 'public', schema: testSchema() });
      const open = (who: string | null) => callAs(app, who, { method: 'GET', url: `${FILL}/open/?formId=${id}` });
      for (let i = 0; i < 3; i++) expect((await open(null)).statusCode).toBe(200);
      const limited = await open(null);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().errorCode).toBe(Codes.tooManyRequests);
      // A signed-in caller from the same address has their own count.
      expect((await open('student')).statusCode).toBe(200);
      // Each route counts on its own.
      for (let i = 0; i < 3; i++)
        expect((await submit(app, null, id, { name: 'x', kind: 'sick' })).statusCode).toBe(200);
      expect((await submit(app, null, id, { name: 'x', kind: 'sick' })).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });
});
