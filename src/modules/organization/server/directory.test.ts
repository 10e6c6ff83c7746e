import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import { FORM_SCHEMA_FORMAT, type FormSchema } from '@/shared/forms/schema';
import { publishedForm } from '@/modules/forms/server/testing';
import { act, apply, expectOk, flow, line, pending, users } from '@/modules/workflow/server/testing';
import { PICK_LIMIT, type DirectoryPerson, type PickContext } from '../contract';

const LIST = '/user/api/v1.user/getUserList/';
const PICK = '/user/api/v1.directory/pick/';

/** A form whose user fields pick anyone, only counsellors, or only people of college C01 (and below). */
const pickSchema = (collegeId: number): FormSchema => ({
  format: FORM_SCHEMA_FORMAT,
  sections: [
    {
      id: 's',
      title: '',
      columns: 1,
      fields: [
        { id: 'anyone', type: 'user', label: '任何人' },
        { id: 'counsellor', type: 'user', label: '辅导员', pickScope: { roleCodes: ['counsellor'] } },
        { id: 'classmate', type: 'user', label: '同学院', pickScope: { departmentIds: [collegeId] } },
        { id: 'note', type: 'text', label: '备注' },
      ],
    },
  ],
  rules: [],
});

/** `n` active students named 测试人NN in no department, inserted directly (no password hashing). */
async function namesakes(app: TestApp, n: number) {
  const now = Date.now();
  for (let i = 0; i < n; i += 1)
    await app.db
      .insertInto('appUser')
      .values({
        username: `namesake${i}`,
        passwordHash: 'x',
        realName: `测试人${String(i).padStart(2, '0')}`,
        userNo: `99${String(i).padStart(6, '0')}`,
        kind: 'student',
        isAdmin: 0,
        departmentId: null,
        phone: null,
        email: null,
        gender: null,
        avatar: null,
        status: 'active',
        mustChangePwd: 0,
        failedCount: 0,
        lockedUntil: null,
        lastLoginAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
}

describe('the people directory', () => {
  let app: TestApp;
  let collegeId: number;
  let formId: number;
  beforeAll(async () => {
    app = await buildTestApp();
    collegeId = (await app.db.selectFrom('department').select('id').where('code', '=', 'C01').executeTakeFirstOrThrow())
      .id;
    formId = await publishedForm(app, { schema: pickSchema(collegeId) });
    await namesakes(app, PICK_LIMIT + 5);
  });
  afterAll(async () => {
    await app.close();
  });

  const pick = (who: string, context: PickContext, extra: { keyword?: string; ids?: number[] } = {}) =>
    app.injectAs(who, { method: 'POST', url: PICK, payload: { context, ...extra } });
  const field = (fieldId: string): PickContext => ({ kind: 'formField', formId, fieldId });

  it('refuses the whole listing to students and staff without a back-office page, with the no-permission code', async () => {
    for (const who of ['student', 'teacher']) {
      const res = await app.injectAs(who, { method: 'POST', url: LIST, payload: { page: 1, pageSize: 200 } });
      expect(res.statusCode, who).toBe(403);
      expect(res.json().errorCode, who).toBe(Codes.noPermission);
      expect(JSON.stringify(res.json().data ?? null)).not.toContain('userNo');
    }
    const admin = await app.injectAs('admin', { method: 'POST', url: LIST, payload: { page: 1, pageSize: 20 } });
    expect(admin.json().errorCode).toBe(Codes.ok);
    expect(admin.json().data.total).toBeGreaterThan(PICK_LIMIT);
    expect(admin.json().data.list[0]).toHaveProperty('username');
  });

  it("answers a student's form field only with a keyword, at most PICK_LIMIT people, and only name and department", async () => {
    for (const keyword of [undefined, '', '  ', 'a', '9']) {
      const res = await pick('student', field('anyone'), keyword === undefined ? {} : { keyword });
      expect(res.statusCode, String(keyword)).toBe(400);
      expect(res.json().errorCode).toBe(Codes.inputError);
      expect(res.json().data.field).toBe('keyword');
    }
    const many = (await expectOk(await pick('student', field('anyone'), { keyword: '测试人' }))) as DirectoryPerson[];
    expect(many).toHaveLength(PICK_LIMIT);
    for (const p of many) expect(Object.keys(p).sort()).toEqual(['department', 'id', 'name']);
    // One Chinese character is enough; a number is matched from its start.
    const byName = (await expectOk(await pick('student', field('anyone'), { keyword: '建' }))) as DirectoryPerson[];
    expect(byName.map((p) => p.name)).toContain('王建国');
    const byNo = (await expectOk(await pick('student', field('anyone'), { keyword: '99000024' }))) as DirectoryPerson[];
    expect(byNo.map((p) => p.name)).toEqual(['测试人24']);
    expect(await expectOk(await pick('student', field('anyone'), { keyword: '000024' }))).toEqual([]);
    // Disabled accounts are never offered.
    await app.db.updateTable('appUser').set({ status: 'disabled' }).where('username', '=', 'namesake24').execute();
    expect(await expectOk(await pick('student', field('anyone'), { keyword: '99000024' }))).toEqual([]);
  });

  it("keeps to the field's configured roles and departments", async () => {
    const counsellors = await app.db
      .selectFrom('userRole')
      .innerJoin('role', 'role.id', 'userRole.roleId')
      .innerJoin('appUser', 'appUser.id', 'userRole.userId')
      .select(['appUser.id', 'appUser.realName'])
      .where('role.code', '=', 'counsellor')
      .execute();
    expect(counsellors.length).toBeGreaterThan(0);
    const someCounsellor = counsellors[0]!;
    const found = (await expectOk(
      await pick('student', field('counsellor'), { keyword: someCounsellor.realName }),
    )) as DirectoryPerson[];
    expect(found.map((p) => p.id)).toContain(someCounsellor.id);
    const ids = new Set(counsellors.map((c) => c.id));
    expect(found.every((p) => ids.has(p.id))).toBe(true);
    // The student himself is no counsellor: searching his name in that field finds nobody.
    expect(await expectOk(await pick('student', field('counsellor'), { keyword: '李明轩' }))).toEqual([]);
    expect(
      ((await expectOk(await pick('student', field('anyone'), { keyword: '李明轩' }))) as DirectoryPerson[]).length,
    ).toBe(1);
    // Departments: the college and everything below it; the namesakes (no department) are outside.
    expect(await expectOk(await pick('student', field('classmate'), { keyword: '测试人' }))).toEqual([]);
    const below = await app.db
      .selectFrom('appUser')
      .innerJoin('department', 'department.id', 'appUser.departmentId')
      .select(['appUser.id', 'appUser.realName'])
      .where((eb) => eb.or([eb('department.id', '=', collegeId), eb('department.parentId', '=', collegeId)]))
      .where('appUser.status', '=', 'active')
      .limit(1)
      .executeTakeFirstOrThrow();
    const inCollege = (await expectOk(
      await pick('student', field('classmate'), { keyword: below.realName }),
    )) as DirectoryPerson[];
    expect(inCollege.map((p) => p.id)).toContain(below.id);
  });

  it('names already picked people by id only within the scope', async () => {
    const outsider = (
      await app.db.selectFrom('appUser').select('id').where('username', '=', 'namesake3').executeTakeFirstOrThrow()
    ).id;
    const named = (await expectOk(
      await pick('student', field('anyone'), { ids: [outsider, 987654] }),
    )) as DirectoryPerson[];
    expect(named).toEqual([{ id: outsider, name: '测试人03', department: '' }]);
    expect(await expectOk(await pick('student', field('counsellor'), { ids: [outsider] }))).toEqual([]);
    const tooMany = await pick('student', field('anyone'), { ids: Array.from({ length: 51 }, (_, i) => i + 1) });
    expect(tooMany.json().errorCode).toBe(Codes.inputError);
  });

  it('refuses a context that is not a user field, not a form, or not signed in', async () => {
    const notUser = await pick('student', field('note'), { keyword: '王' });
    expect(notUser.statusCode).toBe(400);
    expect(notUser.json().errorCode).toBe(Codes.inputError);
    const gone = await pick('student', { kind: 'formField', formId: 987654, fieldId: 'anyone' }, { keyword: '王' });
    expect(gone.statusCode).toBe(404);
    const forged = await app.injectAs('student', {
      method: 'POST',
      url: PICK,
      payload: { context: { kind: 'everyone' }, keyword: '王' },
    });
    expect(forged.json().errorCode).toBe(Codes.inputError);
    const anon = await app.inject({ method: 'POST', url: PICK, payload: { context: field('anyone'), keyword: '王' } });
    expect(anon.json().errorCode).toBe(Codes.notAuthenticated);
  });
});

describe('pickers of the approval pages', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });
  const pick = (who: string, context: PickContext, keyword: string) =>
    app.injectAs(who, { method: 'POST', url: PICK, payload: { context, keyword } });

  it("offers the approver of a nodePick's earlier node only staff candidates, and nobody else may ask", async () => {
    const u = await users(app, 'np', 2);
    const { formId } = await flow(
      app,
      line([
        {
          id: 'first',
          type: 'approval',
          name: '初审',
          assignee: { kind: 'users', userIds: [u.np1!] },
          signMode: 'any',
        },
        {
          id: 'chosen',
          type: 'approval',
          name: '复审',
          assignee: { kind: 'nodePick', nodeId: 'first' },
          signMode: 'any',
        },
      ]),
    );
    const instanceId = await apply(app, 'student', formId, { days: 1 });
    const task = (await pending(app, 'np1', instanceId))!;
    const next: PickContext = { kind: 'task', taskId: task.id, purpose: 'next' };

    const staff = (await expectOk(await pick('np1', next, 'np'))) as DirectoryPerson[];
    expect(staff.map((p) => p.name).sort()).toEqual(['np1', 'np2']);
    const teacher = (await expectOk(await pick('np1', next, '王建国'))) as DirectoryPerson[];
    expect(teacher.map((p) => p.name)).toEqual(['王建国']);
    // Students are no candidates, the applicant included.
    expect(await expectOk(await pick('np1', next, '李明轩'))).toEqual([]);

    // Somebody else's task: refused, nothing answered.
    for (const who of ['student', 'teacher', 'np2']) {
      const res = await pick(who, next, 'np');
      expect(res.statusCode, who).toBe(403);
      expect(res.json().errorCode).toBe(Codes.noPermission);
      expect(res.json().data).toBeNull();
    }
    // A node that chooses nobody's approvers has no 'next' picker.
    await expectOk(
      await act(app, 'np1', '/workflow/api/v1.task/approve/', { taskId: task.id, nextAssignees: [u.np2] }),
    );
    const second = (await pending(app, 'np2', instanceId))!;
    const none = await pick('np2', { kind: 'task', taskId: second.id, purpose: 'next' }, 'np');
    expect(none.statusCode).toBe(400);
    expect(
      (await expectOk(
        await pick('np2', { kind: 'task', taskId: second.id, purpose: 'transfer' }, 'np1'),
      )) as DirectoryPerson[],
    ).toHaveLength(1);
    // A handled task picks nobody any more.
    const handled = await pick('np1', next, 'np');
    expect(handled.statusCode).toBe(409);

    // The record's user field: its applicant and its approvers, nobody else.
    const field: PickContext = { kind: 'instanceField', instanceId, fieldId: 'who' };
    expect(((await expectOk(await pick('student', field, '王建国'))) as DirectoryPerson[]).length).toBe(1);
    expect(((await expectOk(await pick('np2', field, '王建国'))) as DirectoryPerson[]).length).toBe(1);
    expect((await pick('teacher', field, '王建国')).json().errorCode).toBe(Codes.noPermission);
  });
});

describe('directory rate limit', () => {
  it('stops one account after DIRECTORY_RATE_LIMIT calls a minute, with the too-many-requests code', async () => {
    const app = await buildTestApp({ env: { DIRECTORY_RATE_LIMIT: '3' } });
    try {
      const formId = await publishedForm(app, {
        schema: {
          format: FORM_SCHEMA_FORMAT,
          sections: [{ id: 's', title: '', columns: 1, fields: [{ id: 'who', type: 'user', label: '人员' }] }],
          rules: [],
        },
      });
      const call = (who: string) =>
        app.injectAs(who, {
          method: 'POST',
          url: PICK,
          payload: { context: { kind: 'formField', formId, fieldId: 'who' }, keyword: '王' },
        });
      for (let i = 0; i < 3; i += 1) expect((await call('student')).json().errorCode).toBe(Codes.ok);
      const fourth = await call('student');
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().errorCode).toBe(Codes.tooManyRequests);
      // Counted per account: another user is not slowed by the first.
      expect((await call('teacher')).json().errorCode).toBe(Codes.ok);
      // The back office's listing shares the limit.
      for (let i = 0; i < 3; i += 1)
        await app.injectAs('admin', { method: 'POST', url: LIST, payload: { page: 1, pageSize: 20 } });
      expect(
        (await app.injectAs('admin', { method: 'POST', url: LIST, payload: { page: 1, pageSize: 20 } })).statusCode,
      ).toBe(429);
    } finally {
      await app.close();
    }
  });
});
