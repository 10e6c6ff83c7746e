import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import type { FillableForm, FormDetail } from '../contract';
import { expectOk, FILL, FORM, json, publishedForm, submit } from './test-support';

const P = '/workflow/api/v1.process';
const values = { name: '李明轩', code: `A-${Date.now()}`, days: 2, kind: 'sick' };

describe("a form's audience (适用对象): only the roles it names see and fill it", () => {
  let app: TestApp;
  let forStudents: number;
  let forEveryone: number;
  const fillable = async (who: string) =>
    (
      (await expectOk(await app.injectAs(who, { method: 'GET', url: `${FILL}/fillable/?pageSize=100` }))) as {
        list: FillableForm[];
      }
    ).list.map((f) => f.id);
  beforeAll(async () => {
    app = await buildTestApp();
    forStudents = await publishedForm(app, { name: '学生专用表单', audience: ['student'] });
    forEveryone = await publishedForm(app, { name: '人人可填表单' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('is saved, answered by detail/, and refused when it names no existing role', async () => {
    const d = (await expectOk(
      await app.injectAs('admin', { method: 'GET', url: `${FORM}/detail/?id=${forStudents}` }),
    )) as FormDetail;
    expect(d.audience).toEqual(['student']);
    const bad = await app.injectAs('admin', {
      method: 'POST',
      url: `${FORM}/save/`,
      ...json({
        id: forEveryone,
        name: '人人可填表单',
        category: '测试',
        description: '',
        access: 'signedIn',
        audience: ['nobody'],
        managerIds: [],
        schema: d.draft,
      }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('nobody');
  });

  it('lists it for students only (administrators see all), and lets only them open and submit it', async () => {
    expect(await fillable('student')).toEqual(expect.arrayContaining([forStudents, forEveryone]));
    const teachers = await fillable('teacher');
    expect(teachers).toContain(forEveryone);
    expect(teachers).not.toContain(forStudents);
    expect(await fillable('admin')).toContain(forStudents);

    const open = await app.injectAs('teacher', { method: 'GET', url: `${FILL}/open/?formId=${forStudents}` });
    expect(open.statusCode).toBe(403);
    expect(open.json().errorCode).not.toBe(Codes.ok);
    const refused = await submit(app, 'teacher', forStudents, values);
    expect(refused.statusCode).toBe(403);
    expect(await app.db.selectFrom('formSubmission').select('id').where('formId', '=', forStudents).execute()).toEqual(
      [],
    );
    // Signed out: asked to sign in first.
    expect((await app.inject({ method: 'GET', url: `${FILL}/open/?formId=${forStudents}` })).statusCode).toBe(401);
    await expectOk(await submit(app, 'student', forStudents, values));
  });

  it("keeps the processes of others' forms out of 办事服务", async () => {
    const leave = await app.db
      .selectFrom('form')
      .select('id')
      .where('name', '=', '学生请假申请')
      .executeTakeFirstOrThrow();
    const startable = async (who: string) =>
      (
        (await expectOk(await app.injectAs(who, { method: 'GET', url: `${P}/startable/?pageSize=100` }))) as {
          list: { formId: number }[];
        }
      ).list.map((p) => p.formId);
    // The demo's student leave form is for students: its process is offered to them, not to staff.
    expect(await startable('student')).toContain(leave.id);
    expect(await startable('teacher')).not.toContain(leave.id);
  });
});
