import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import type { FillableForm, FormDetail } from '../contract';
import { DRAFT, expectOk, FILL, FORM, json, publishedForm, submit } from './test-support';

const values = () => ({ name: '李明轩', code: `A-${Math.random().toString(36).slice(2)}`, days: 2, kind: 'sick' });

describe('填写设置: who may fill, how often, when, and with which password (issue 24 item 4)', () => {
  let app: TestApp;
  let studentId: number;
  let teacherId: number;
  let studentDept: number;
  let studentDeptKind: string;
  let parentDept: number;
  let otherDept: number;
  const userId = async (username: string) =>
    (await app.db.selectFrom('appUser').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  const fillable = async (who: string) =>
    (
      (await expectOk(await app.injectAs(who, { method: 'GET', url: `${FILL}/fillable/?pageSize=100` }))) as {
        list: FillableForm[];
      }
    ).list;
  const open = (who: string | null, formId: number, headers: Record<string, string> = {}) =>
    who
      ? app.injectAs(who, { method: 'GET', url: `${FILL}/open/?formId=${formId}`, headers })
      : app.inject({ method: 'GET', url: `${FILL}/open/?formId=${formId}`, headers });
  const refusedWith = (res: { statusCode: number; json(): { errorCode: string; message: string } }, code: string) => {
    expect(res.json().errorCode, res.json().message).toBe(code);
    return res.json().message;
  };
  const submissions = async (formId: number) =>
    (await app.db.selectFrom('formSubmission').select('id').where('formId', '=', formId).execute()).length;

  beforeAll(async () => {
    app = await buildTestApp();
    studentId = await userId('student');
    teacherId = await userId('teacher');
    const dept = await app.db
      .selectFrom('appUser as u')
      .innerJoin('department as d', 'd.id', 'u.departmentId')
      .select(['d.id', 'd.parentId', 'd.kind'])
      .where('u.id', '=', studentId)
      .executeTakeFirstOrThrow();
    studentDept = dept.id;
    studentDeptKind = dept.kind;
    parentDept = dept.parentId!;
    const other = await app.db
      .selectFrom('department')
      .select('id')
      .where('id', 'not in', [studentDept, parentDept])
      .where('parentId', 'is not', null)
      .executeTakeFirstOrThrow();
    otherDept = other.id;
  });
  afterAll(async () => {
    await app.close();
  });

  it('admits by department (with or without sub-departments) and refuses others with the code and 不在适用范围内', async () => {
    expect(parentDept).toBeTruthy();
    const elsewhere = await publishedForm(app, {
      name: '他院专用',
      fill: { departments: [{ id: otherDept, withChildren: true }] },
    });
    const mine = await publishedForm(app, {
      name: '本部门专用',
      fill: { departments: [{ id: studentDept, withChildren: false }] },
    });
    const treeAbove = await publishedForm(app, {
      name: '上级含下级',
      fill: { departments: [{ id: parentDept, withChildren: true }] },
    });
    const onlyAbove = await publishedForm(app, {
      name: '上级不含下级',
      fill: { departments: [{ id: parentDept, withChildren: false }] },
    });

    const listed = (await fillable('student')).map((f) => f.id);
    expect(listed).toEqual(expect.arrayContaining([mine, treeAbove]));
    expect(listed).not.toContain(elsewhere);
    expect(listed).not.toContain(onlyAbove);

    for (const formId of [elsewhere, onlyAbove]) {
      const o = await open('student', formId);
      expect(o.statusCode).toBe(403);
      expect(refusedWith(o, Codes.formNotInAudience)).toContain('不在');
      refusedWith(await submit(app, 'student', formId, values()), Codes.formNotInAudience);
      refusedWith(
        await app.injectAs('student', {
          method: 'POST',
          url: `${DRAFT}/save/`,
          ...json({ formId, version: 1, values: values() }),
        }),
        Codes.formNotInAudience,
      );
      expect(await submissions(formId)).toBe(0);
    }
    await expectOk(await open('student', mine));
    await expectOk(await submit(app, 'student', treeAbove, values()));
    // Signed out: asked to sign in first (the audience needs to know who asks).
    expect((await open(null, mine)).statusCode).toBe(401);
    // detail/ answers the rules with names for the designer.
    const d = (await expectOk(
      await app.injectAs('admin', { method: 'GET', url: `${FORM}/detail/?id=${treeAbove}` }),
    )) as FormDetail;
    expect(d.fill.departments).toEqual([{ id: parentDept, name: expect.any(String), withChildren: true }]);
  });

  it('admits by class, platform and an explicit list of people; any matching rule is enough', async () => {
    if (studentDeptKind === 'class') {
      const cls = await publishedForm(app, { name: '本班专用', fill: { classIds: [studentDept] } });
      await expectOk(await open('student', cls));
      refusedWith(await open('teacher', cls), Codes.formNotInAudience);
    }
    const platformOf = async (uid: number) =>
      (
        await app.db
          .selectFrom('platformRole')
          .innerJoin('userRole', 'userRole.roleId', 'platformRole.roleId')
          .select('platformRole.platformId')
          .where('userRole.userId', '=', uid)
          .execute()
      ).map((r) => r.platformId);
    const teacherPlatforms = await platformOf(teacherId);
    const studentPlatforms = new Set(await platformOf(studentId));
    const staffOnly = teacherPlatforms.find((p) => !studentPlatforms.has(p));
    expect(staffOnly).toBeDefined();
    const byPlatform = await publishedForm(app, { name: '教职工平台表单', fill: { platformIds: [staffOnly!] } });
    await expectOk(await open('teacher', byPlatform));
    refusedWith(await submit(app, 'student', byPlatform, values()), Codes.formNotInAudience);
    expect((await fillable('student')).map((f) => f.id)).not.toContain(byPlatform);

    const byList = await publishedForm(app, { name: '指定人员表单', fill: { userIds: [teacherId] } });
    await expectOk(await submit(app, 'teacher', byList, values()));
    refusedWith(await submit(app, 'student', byList, values()), Codes.formNotInAudience);
    // A role rule or a list rule: the student is admitted by the role.
    const either = await publishedForm(app, {
      name: '角色或名单',
      audience: ['student'],
      fill: { userIds: [teacherId] },
    });
    await expectOk(await open('student', either));
    await expectOk(await open('teacher', either));
  });

  it('refuses a list entry that does not exist, and a window that closes before it opens', async () => {
    const id = await publishedForm(app, { name: '设置校验' });
    const d = (await expectOk(
      await app.injectAs('admin', { method: 'GET', url: `${FORM}/detail/?id=${id}` }),
    )) as FormDetail;
    const save = (fill: Record<string, unknown>) =>
      app.injectAs('admin', {
        method: 'POST',
        url: `${FORM}/save/`,
        ...json({
          id,
          name: d.name,
          category: d.category,
          description: '',
          access: 'signedIn',
          managerIds: [],
          schema: d.draft,
          fill: {
            departments: [],
            classIds: [],
            platformIds: [],
            userIds: [],
            submitLimit: 'none',
            opensAt: null,
            closesAt: null,
            ...fill,
          },
        }),
      });
    refusedWith(await save({ userIds: [987654] }), Codes.formBadFillSettings);
    refusedWith(await save({ opensAt: 2_000_000, closesAt: 1_000_000 }), Codes.formBadFillSettings);
    refusedWith(await save({ password: 'secret1' }), Codes.formBadFillSettings);
  });

  it('one submission per person: two parallel submits store exactly one; a draft does not count', async () => {
    const once = await publishedForm(app, { name: '限填一次', fill: { submitLimit: 'once' } });
    await expectOk(
      await app.injectAs('student', {
        method: 'POST',
        url: `${DRAFT}/save/`,
        ...json({ formId: once, version: 1, values: values() }),
      }),
    );
    const [a, b] = await Promise.all([submit(app, 'student', once, values()), submit(app, 'student', once, values())]);
    const codes = [a.json().errorCode, b.json().errorCode].sort();
    expect(codes).toEqual([Codes.ok, Codes.formAlreadySubmitted].sort());
    expect(await submissions(once)).toBe(1);
    expect(refusedWith(await submit(app, 'student', once, values()), Codes.formAlreadySubmitted)).toContain('已提交');
    // Another person still may.
    await expectOk(await submit(app, 'teacher', once, values()));

    const daily = await publishedForm(app, { name: '每天一次', fill: { submitLimit: 'day' } });
    await expectOk(await submit(app, 'student', daily, values()));
    expect(refusedWith(await submit(app, 'student', daily, values()), Codes.formAlreadySubmitted)).toContain('今天');
    // Yesterday's slot does not hold today's.
    await app.db.updateTable('formSubmitSlot').set({ period: 'd:2000-01-01' }).where('formId', '=', daily).execute();
    await expectOk(await submit(app, 'student', daily, values()));
    expect(await submissions(daily)).toBe(2);
  });

  it('opening and closing times: 未开始 with the time, 已截止; the list shows the state', async () => {
    const now = Date.now();
    const later = await publishedForm(app, { name: '尚未开始', fill: { opensAt: now + 86_400_000 } });
    const closed = await publishedForm(app, {
      name: '已经截止',
      fill: { opensAt: now - 2 * 86_400_000, closesAt: now - 60_000 },
    });
    const open1 = await publishedForm(app, { name: '正在填写', fill: { closesAt: now + 86_400_000 } });
    const states = new Map((await fillable('student')).map((f) => [f.id, f.state]));
    expect(states.get(later)).toBe('notOpen');
    expect(states.get(closed)).toBe('closed');
    expect(states.get(open1)).toBe('open');
    const early = await open('student', later);
    expect(refusedWith(early, Codes.formNotOpen)).toContain('开始填写');
    expect((early.json() as { data: { opensAt: number } }).data.opensAt).toBe(now + 86_400_000);
    refusedWith(await submit(app, 'student', later, values()), Codes.formNotOpen);
    expect(refusedWith(await submit(app, 'student', closed, values()), Codes.formClosed)).toContain('已截止');
    expect(await submissions(closed)).toBe(0);
    await expectOk(await submit(app, 'student', open1, values()));
  });

  it('a public form with an access password: hashed, checked on the server, wrong one refused', async () => {
    const id = await publishedForm(app, { name: '公开有密码', access: 'public', fill: { password: 'campus2026' } });
    const stored = await app.db
      .selectFrom('form')
      .select('passwordHash')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.passwordHash).toBeTruthy();
    expect(stored.passwordHash).not.toContain('campus2026');
    const d = (await expectOk(
      await app.injectAs('admin', { method: 'GET', url: `${FORM}/detail/?id=${id}` }),
    )) as FormDetail;
    expect(d.fill.hasPassword).toBe(true);

    const noPassword = await open(null, id);
    refusedWith(noPassword, Codes.formPasswordNeeded);
    expect((noPassword.json() as { data: { needsPassword: boolean } }).data.needsPassword).toBe(true);
    const unlock = (password: string) =>
      app.inject({ method: 'POST', url: `${FILL}/unlock/`, ...json({ formId: id, password }) });
    refusedWith(await unlock('wrong-one'), Codes.formPasswordWrong);
    expect((await expectOk(await unlock('campus2026'))) as { id: number }).toMatchObject({ id });
    refusedWith(await submit(app, null, id, values()), Codes.formPasswordNeeded);
    refusedWith(
      await app.inject({
        method: 'POST',
        url: `${FILL}/submit/`,
        headers: { 'content-type': 'application/json', 'x-form-password': 'nope' },
        payload: JSON.stringify({ formId: id, version: 1, values: values() }),
      }),
      Codes.formPasswordWrong,
    );
    expect(await submissions(id)).toBe(0);
    await expectOk(
      await app.inject({
        method: 'POST',
        url: `${FILL}/submit/`,
        headers: { 'content-type': 'application/json', 'x-form-password': 'campus2026' },
        payload: JSON.stringify({ formId: id, version: 1, values: values() }),
      }),
    );
    expect(await submissions(id)).toBe(1);
  });
});
