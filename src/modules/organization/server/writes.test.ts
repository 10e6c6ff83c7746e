import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';

const WRITES: [string, Record<string, unknown>][] = [
  ['/user/api/v1.department/create/', { name: 'x', code: 'X1', kind: 'office', parentId: null }],
  ['/user/api/v1.department/update/', { id: 1, name: 'x', code: 'X1', kind: 'office', sort: 1 }],
  ['/user/api/v1.department/delete/', { id: 1 }],
  ['/user/api/v1.department/move/', { id: 2, parentId: null, sort: 0 }],
  ['/user/api/v1.department/moveUsers/', { userIds: [1], departmentId: 1 }],
  ['/user/api/v1.roleGroup/create/', { name: 'x' }],
  ['/user/api/v1.roleGroup/update/', { id: 1, name: 'x' }],
  ['/user/api/v1.roleGroup/delete/', { id: 1 }],
  ['/user/api/v1.role/create/', { groupId: 1, code: 'xx', name: 'x' }],
  ['/user/api/v1.role/update/', { id: 1, groupId: 1, code: 'xx', name: 'x', sort: 1 }],
  ['/user/api/v1.role/delete/', { id: 1 }],
  ['/user/api/v1.role/assignUsers/', { roleId: 1, userIds: [1] }],
  ['/user/api/v1.role/unassignUsers/', { roleId: 1, userIds: [1] }],
];

describe('organisation writes', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const admin = (url: string, payload: Record<string, unknown>) =>
    app.injectAs('admin', { method: 'POST', url, payload });
  const ok = async (url: string, payload: Record<string, unknown>) => {
    const res = await admin(url, payload);
    expect(res.json().errorCode, `${url} ${res.json().message}`).toBe(Codes.ok);
    return res.json().data;
  };
  const dept = (code: string) =>
    app.db.selectFrom('department').selectAll().where('code', '=', code).executeTakeFirst();
  const deptId = async (code: string) => (await dept(code))!.id;
  const lastAudit = () => app.db.selectFrom('auditLog').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  const auditCount = async () =>
    Number(
      (
        await app.db
          .selectFrom('auditLog')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const fieldError = async (url: string, payload: Record<string, unknown>, field: string, text?: string) => {
    const res = await admin(url, payload);
    expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
    expect(res.json().errorCode).toBe(Codes.inputError);
    expect(res.json().data.field).toBe(field);
    if (text) expect(res.json().message).toContain(text);
  };

  it('refuses every write without a token and with a user token, changing nothing', async () => {
    const before = await app.db.selectFrom('department').select('id').execute();
    for (const [url, payload] of WRITES) {
      const anon = await app.inject({ method: 'POST', url, payload });
      expect(anon.json().errorCode, url).toBe(Codes.notAuthenticated);
      const user = await app.injectAs('teacher', { method: 'POST', url, payload });
      expect(user.statusCode, url).toBe(403);
      expect(user.json().errorCode, url).toBe(Codes.noPermission);
    }
    expect(await app.db.selectFrom('department').select('id').execute()).toEqual(before);
  });

  it('creates, updates and deletes a department, auditing each change', async () => {
    const root = await deptId('HXLG');
    const { id } = await ok('/user/api/v1.department/create/', {
      name: ' 国际交流处 ',
      code: 'B90',
      kind: 'office',
      parentId: root,
    });
    expect(await dept('B90')).toMatchObject({ id, name: '国际交流处', parentId: root, kind: 'office' });
    // Without a sort it goes last among its siblings.
    const siblings = await app.db.selectFrom('department').select('sort').where('parentId', '=', root).execute();
    expect((await dept('B90'))!.sort).toBe(Math.max(...siblings.map((s) => s.sort)));
    expect(await lastAudit()).toMatchObject({
      action: 'department_create',
      result: 'ok',
      actorName: 'admin',
      target: `department:${id} 国际交流处`,
    });

    await ok('/user/api/v1.department/update/', { id, name: '国际合作交流处', code: 'B91', kind: 'office', sort: 150 });
    expect(await dept('B91')).toMatchObject({ id, name: '国际合作交流处', sort: 150 });
    const upd = await lastAudit();
    expect(upd.action).toBe('department_update');
    expect(JSON.parse(upd.detail!)).toMatchObject({ before: { code: 'B90' }, after: { code: 'B91' } });

    await ok('/user/api/v1.department/delete/', { id });
    expect(await dept('B91')).toBeUndefined();
    expect((await lastAudit()).action).toBe('department_delete');
  });

  it('rejects bad department input naming the field, and a used code', async () => {
    const url = '/user/api/v1.department/create/';
    await fieldError(url, { name: '', code: 'B99', kind: 'office', parentId: null }, 'name', '部门名称');
    await fieldError(url, { name: 'x'.repeat(65), code: 'B99', kind: 'office', parentId: null }, 'name');
    await fieldError(url, { name: '甲', code: 'b 9', kind: 'office', parentId: null }, 'code', '部门编码');
    await fieldError(url, { name: '甲', code: 'B99', kind: 'planet', parentId: null }, 'kind');
    await fieldError(url, { name: '甲', code: 'B99', kind: 'office', parentId: 999999 }, 'parentId', '不存在');
    await fieldError(url, { name: '甲', code: 'B01', kind: 'office', parentId: null }, 'code', '已被使用');
    await fieldError(
      '/user/api/v1.department/update/',
      { id: await deptId('B02'), name: '教务处', code: 'B01', kind: 'office', sort: 1 },
      'code',
      '已被使用',
    );
    const missing = await admin('/user/api/v1.department/update/', {
      id: 999999,
      name: 'x',
      code: 'ZZ',
      kind: 'office',
      sort: 1,
    });
    expect(missing.json().errorCode).toBe(Codes.notFound);
    expect(await dept('B99')).toBeUndefined();
  });

  it('refuses to delete a department that still has sub-departments or people', async () => {
    const college = await deptId('C01');
    const res = await admin('/user/api/v1.department/delete/', { id: college });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ errorCode: Codes.conflict, message: '该部门下仍有子部门或人员，无法删除' });
    const { id: parent } = await ok('/user/api/v1.department/create/', {
      name: '空部门',
      code: 'E1',
      kind: 'office',
      parentId: null,
    });
    await ok('/user/api/v1.department/create/', { name: '子部门', code: 'E1-1', kind: 'office', parentId: parent });
    const withChild = await admin('/user/api/v1.department/delete/', { id: parent });
    expect(withChild.json().message).toBe('该部门下仍有子部门或人员，无法删除');
    expect(await dept('E1')).toBeDefined();
    expect(await dept('C01')).toBeDefined();
  });

  it('moves a department under another and refuses a move under itself or its descendants', async () => {
    const a = (await ok('/user/api/v1.department/create/', { name: 'A', code: 'MV-A', kind: 'office', parentId: null }))
      .id;
    const b = (await ok('/user/api/v1.department/create/', { name: 'B', code: 'MV-B', kind: 'office', parentId: a }))
      .id;
    const c = (await ok('/user/api/v1.department/create/', { name: 'C', code: 'MV-C', kind: 'office', parentId: b }))
      .id;
    const before = await auditCount();
    for (const target of [a, b, c]) {
      const res = await admin('/user/api/v1.department/move/', { id: a, parentId: target, sort: 0 });
      expect(res.json()).toMatchObject({
        errorCode: Codes.inputError,
        message: '不能移动到自身或下级部门之下',
        data: { field: 'parentId' },
      });
    }
    expect((await dept('MV-A'))!.parentId).toBeNull();
    expect(await auditCount()).toBe(before);

    // C moves up under A, placed first: its new siblings make room.
    await ok('/user/api/v1.department/move/', { id: c, parentId: a, sort: 0 });
    const kids = await app.db
      .selectFrom('department')
      .select(['id', 'sort'])
      .where('parentId', '=', a)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    expect(kids.map((k) => k.id)).toEqual([c, b]);
    expect(JSON.parse((await lastAudit()).detail!)).toEqual({
      from: { parentId: b, sort: 1 },
      to: { parentId: a, sort: 0 },
    });
    // And to the top level.
    await ok('/user/api/v1.department/move/', { id: b, parentId: null, sort: 5 });
    expect((await dept('MV-B'))!.parentId).toBeNull();
  });

  it('moves people between departments in one change, refusing unknown people', async () => {
    const target = await deptId('B03');
    const users = await app.db
      .selectFrom('appUser')
      .select('id')
      .where('departmentId', '=', await deptId('C02'))
      .orderBy('id')
      .limit(2)
      .execute();
    const ids = users.map((u) => u.id);
    const bad = await admin('/user/api/v1.department/moveUsers/', { userIds: [...ids, 999999], departmentId: target });
    expect(bad.json()).toMatchObject({ errorCode: Codes.inputError, data: { field: 'userIds' } });
    expect(
      (await app.db.selectFrom('appUser').select('departmentId').where('id', 'in', ids).execute()).every(
        (u) => u.departmentId !== target,
      ),
    ).toBe(true);
    await fieldError('/user/api/v1.department/moveUsers/', { userIds: [], departmentId: target }, 'userIds');
    await fieldError('/user/api/v1.department/moveUsers/', { userIds: ids, departmentId: 999999 }, 'departmentId');

    expect(await ok('/user/api/v1.department/moveUsers/', { userIds: ids, departmentId: target })).toEqual({
      count: 2,
    });
    expect(
      (await app.db.selectFrom('appUser').select('departmentId').where('id', 'in', ids).execute()).every(
        (u) => u.departmentId === target,
      ),
    ).toBe(true);
    expect(await lastAudit()).toMatchObject({
      action: 'department_move_users',
      target: `department:${target} 信息化办公室`,
    });
  });

  it('rolls a department change back when its audit row cannot be written', async () => {
    // Break the second write of the transaction: the audit insert fails, the department must not stay.
    await app.db.schema.alterTable('audit_log').renameTo('audit_log_away').execute();
    try {
      const res = await admin('/user/api/v1.department/create/', {
        name: '半截',
        code: 'HALF',
        kind: 'office',
        parentId: null,
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await app.db.schema.alterTable('audit_log_away').renameTo('audit_log').execute();
    }
    expect(await dept('HALF')).toBeUndefined();
  });

  it('manages role groups: create, rename, refuse deleting one with roles, delete an empty one', async () => {
    const { id } = await ok('/user/api/v1.roleGroup/create/', { name: '外聘人员' });
    expect((await lastAudit()).action).toBe('role_group_create');
    await ok('/user/api/v1.roleGroup/update/', { id, name: '外聘与访问人员' });
    expect(
      (await app.db.selectFrom('roleGroup').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name,
    ).toBe('外聘与访问人员');
    await fieldError('/user/api/v1.roleGroup/update/', { id, name: '  ' }, 'name', '角色组名称');
    const role = await ok('/user/api/v1.role/create/', { groupId: id, code: 'visitor', name: '访问学者' });
    const refused = await admin('/user/api/v1.roleGroup/delete/', { id });
    expect(refused.json()).toMatchObject({ errorCode: Codes.conflict, message: '该角色组下仍有 1 个角色，无法删除' });
    await ok('/user/api/v1.role/delete/', { id: role.id });
    await ok('/user/api/v1.roleGroup/delete/', { id });
    expect(await app.db.selectFrom('roleGroup').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect((await lastAudit()).action).toBe('role_group_delete');
  });

  it('creates and updates roles with a checked, unique code; system roles keep theirs', async () => {
    const group = (await app.db.selectFrom('roleGroup').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    for (const code of ['A1', '1ab', 'a', 'a-b', 'a'.repeat(33)]) {
      await fieldError(
        '/user/api/v1.role/create/',
        { groupId: group, code, name: '甲' },
        'code',
        '角色编码须以小写字母开头',
      );
    }
    await fieldError(
      '/user/api/v1.role/create/',
      { groupId: group, code: 'counsellor', name: '甲' },
      'code',
      '已被使用',
    );
    await fieldError('/user/api/v1.role/create/', { groupId: 999999, code: 'tutor', name: '甲' }, 'groupId');
    const { id } = await ok('/user/api/v1.role/create/', { groupId: group, code: 'tutor', name: '导师' });
    expect(await lastAudit()).toMatchObject({ action: 'role_create', target: `role:${id} tutor` });
    await ok('/user/api/v1.role/update/', { id, groupId: group, code: 'tutor_2', name: '研究生导师', sort: 9 });
    expect(await app.db.selectFrom('role').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toMatchObject({
      code: 'tutor_2',
      name: '研究生导师',
      sort: 9,
    });

    const student = await app.db.selectFrom('role').selectAll().where('code', '=', 'student').executeTakeFirstOrThrow();
    await fieldError(
      '/user/api/v1.role/update/',
      { id: student.id, groupId: student.groupId, code: 'pupil', name: '学生', sort: 1 },
      'code',
      '系统角色',
    );
    await ok('/user/api/v1.role/update/', {
      id: student.id,
      groupId: student.groupId,
      code: 'student',
      name: '在校学生',
      sort: student.sort,
    });
    expect(
      (await app.db.selectFrom('role').select('name').where('id', '=', student.id).executeTakeFirstOrThrow()).name,
    ).toBe('在校学生');
  });

  it('refuses deleting a system role or a role people hold, naming the count', async () => {
    for (const code of ['student', 'staff', 'admin']) {
      const r = await app.db.selectFrom('role').select('id').where('code', '=', code).executeTakeFirstOrThrow();
      const res = await admin('/user/api/v1.role/delete/', { id: r.id });
      expect(res.json().errorCode).toBe(Codes.conflict);
      expect(res.json().message).toContain('系统角色');
    }
    const counsellor = await app.db
      .selectFrom('role')
      .select('id')
      .where('code', '=', 'counsellor')
      .executeTakeFirstOrThrow();
    const holders = await app.db.selectFrom('userRole').select('userId').where('roleId', '=', counsellor.id).execute();
    expect(holders.length).toBeGreaterThan(0);
    const res = await admin('/user/api/v1.role/delete/', { id: counsellor.id });
    expect(res.json()).toMatchObject({ errorCode: Codes.conflict });
    expect(res.json().message).toContain(`仍有 ${holders.length} 名用户`);
  });

  it('assigns and unassigns people to a role, counting only real changes, and deletes it with its grants once empty', async () => {
    const group = (await app.db.selectFrom('roleGroup').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const { id: roleId } = await ok('/user/api/v1.role/create/', {
      groupId: group,
      code: 'lab_keeper',
      name: '实验室管理员',
    });
    const users = (
      await app.db.selectFrom('appUser').select('id').where('kind', '=', 'staff').orderBy('id').limit(3).execute()
    ).map((u) => u.id);
    expect(await ok('/user/api/v1.role/assignUsers/', { roleId, userIds: users.slice(0, 2) })).toEqual({ count: 2 });
    expect(await ok('/user/api/v1.role/assignUsers/', { roleId, userIds: users })).toEqual({ count: 1 });
    expect(await lastAudit()).toMatchObject({ action: 'role_assign_users', target: `role:${roleId} lab_keeper` });
    const bad = await admin('/user/api/v1.role/assignUsers/', { roleId, userIds: [999999] });
    expect(bad.json().data.field).toBe('userIds');
    await fieldError('/user/api/v1.role/assignUsers/', { roleId: 999999, userIds: users }, 'roleId');
    const picker = await app.injectAs('admin', {
      method: 'POST',
      url: '/user/api/v1.user/getUserList/',
      payload: { roleId, page: 1, pageSize: 20 },
    });
    expect(picker.json().data.total).toBe(3);

    const refused = await admin('/user/api/v1.role/delete/', { id: roleId });
    expect(refused.json().message).toContain('仍有 3 名用户');
    expect(await ok('/user/api/v1.role/unassignUsers/', { roleId, userIds: users })).toEqual({ count: 3 });
    expect((await lastAudit()).action).toBe('role_unassign_users');

    const platform = await app.db.selectFrom('platform').select('id').orderBy('id').executeTakeFirstOrThrow();
    await app.db.insertInto('platformRole').values({ platformId: platform.id, roleId }).execute();
    await ok('/user/api/v1.role/delete/', { id: roleId });
    expect(await app.db.selectFrom('role').select('id').where('id', '=', roleId).executeTakeFirst()).toBeUndefined();
    expect(
      await app.db.selectFrom('platformRole').select('roleId').where('roleId', '=', roleId).executeTakeFirst(),
    ).toBeUndefined();
    expect(await lastAudit()).toMatchObject({ action: 'role_delete', target: `role:${roleId} lab_keeper` });
  });
});
