import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestUser, type TestApp } from '@/server/test/helper';
import { userPlatforms } from '@/server/identity/menus';
import type { OpenedForm, SummaryForm, SummaryPage } from '../contract';
import { LEAVE_FORM_NAME } from './seed-forms';
import { ACCESS_FORM_NAME } from './seed-access-form';
import { Codes } from '@/shared/errors';
import { expectOk, FILL, SUMMARY, submit } from './test-support';

describe("the demo's sample form", () => {
  let app: TestApp;
  let teacherPlatform: number;
  beforeAll(async () => {
    app = await buildTestApp();
    const teacher = await app.db
      .selectFrom('appUser')
      .select('id')
      .where('username', '=', 'teacher')
      .executeTakeFirstOrThrow();
    teacherPlatform = (await userPlatforms(app.db, teacher.id))[0]!.id;
  });
  afterAll(async () => {
    await app.close();
  });

  it("is published, fillable with the student's defaults, and summarised for its manager, the teacher", async () => {
    const forms = (await expectOk(
      await app.injectAs('teacher', { method: 'GET', url: `${SUMMARY}/forms/` }, teacherPlatform),
    )) as { list: SummaryForm[] };
    const form = forms.list.find((f) => f.name === LEAVE_FORM_NAME)!;
    // The seed's four samples, and whatever other modules' demo seeds (e.g. 好差评) applied for since.
    const own = await app.db
      .selectFrom('formSubmission')
      .select(['id', 'values'])
      .where('formId', '=', form.id)
      .orderBy('id')
      .limit(4)
      .execute();
    expect(form.submissionCount).toBeGreaterThanOrEqual(4);
    const sickSamples = own.filter((r) => (JSON.parse(r.values) as { kind: string }).kind === 'sick').length;
    expect(sickSamples).toBe(2);

    const page = (await expectOk(
      await app.injectAs(
        'teacher',
        { method: 'GET', url: `${SUMMARY}/list/?formId=${form.id}&filters=${encodeURIComponent('{"kind":"sick"}')}` },
        teacherPlatform,
      ),
    )) as SummaryPage;
    expect(page.total).toBeGreaterThanOrEqual(sickSamples);
    expect(page.list.every((r) => r.values.kind === 'sick')).toBe(true);
    expect(page.columns.map((c) => c.label)).toEqual(expect.arrayContaining(['请假类型', '请假时间', '请假事由']));
    expect(page.list.map((r) => r.submitter.name)).toContain('李明轩');

    const opened = (await expectOk(
      await app.injectAs('student', { method: 'GET', url: `${FILL}/open/?formId=${form.id}` }),
    )) as OpenedForm;
    expect(opened.defaults).toMatchObject({ name: '李明轩', studentNo: '20230101101' });
    const good = {
      ...opened.defaults,
      phone: '13912345678',
      kind: 'personal',
      period: '2026-05-06至2026-05-07',
      days: 2,
      reason: '家中有事',
    };
    await expectOk(await submit(app, 'student', form.id, good));
  });

  it("seeds 学院讲座报名 for the student's college only, once per person, closing in two weeks", async () => {
    const f = await app.db
      .selectFrom('form')
      .select(['id', 'closesAt', 'submitLimit'])
      .where('name', '=', ACCESS_FORM_NAME)
      .executeTakeFirstOrThrow();
    expect(f.submitLimit).toBe('once');
    expect(Number(f.closesAt)).toBeGreaterThan(Date.now());
    const opened = (await expectOk(
      await app.injectAs('student', { method: 'GET', url: `${FILL}/open/?formId=${f.id}` }),
    )) as OpenedForm;
    expect(opened.submitLimit).toBe('once');
    const rule = await app.db
      .selectFrom('formAudienceMember')
      .select(['kind', 'refId'])
      .where('formId', '=', f.id)
      .executeTakeFirstOrThrow();
    expect(rule.kind).toBe('deptTree');
    // A student of another college.
    const other = await app.db
      .selectFrom('department')
      .select('id')
      .where('kind', '=', 'college')
      .where('id', '!=', rule.refId)
      .executeTakeFirstOrThrow();
    const outsider = { username: 'other-college-student' };
    const id = await createTestUser(app, { username: outsider.username, password: 'Other@2026', kind: 'student' });
    await app.db.updateTable('appUser').set({ departmentId: other.id }).where('id', '=', id).execute();
    const outside = await app.injectAs(outsider.username, { method: 'GET', url: `${FILL}/open/?formId=${f.id}` });
    expect(outside.json().errorCode).toBe(Codes.formNotInAudience);
  });
});
