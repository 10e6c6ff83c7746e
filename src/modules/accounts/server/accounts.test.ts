import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSheet } from '@/server/excel/read';
import { peakRssGrowthMb } from '@/server/excel/test-memory';
import { sharedStringsBomb, xlsxOf } from '@/server/excel/test-xlsx';
import { verifyPassword } from '@/server/identity/passwords';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { multipartBody, TINY_PNG } from '@/server/test/multipart';
import { Codes } from '@/shared/errors';
import { isStrongPassword } from '@/modules/auth/contract';
import { encryptPassword, fetchPublicKey, loginAs } from '@/modules/auth/server/testing';
import { IMPORT_HEADERS, IMPORT_MAX_ROWS, MESSAGES } from '../contract';

const BASE = '/user/api/v1.account';

describe('account administration', () => {
  let app: TestApp;
  let adminId: number;
  let key: string;
  const enc = (p: string) => encryptPassword(key, p);
  const asAdmin = (opts: InjectOptions) => app.injectAs('admin', opts);
  const get = (path: string, query: Record<string, string | number> = {}) =>
    asAdmin({
      method: 'GET',
      url: `${BASE}/${path}/`,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    });
  const post = (path: string, body: unknown) =>
    asAdmin({ method: 'POST', url: `${BASE}/${path}/`, payload: body as Record<string, unknown> });
  const userRow = (username: string) =>
    app.db.selectFrom('appUser').selectAll().where('username', '=', username).executeTakeFirst();
  const auditRows = (action: string) =>
    app.db.selectFrom('auditLog').selectAll().where('action', '=', action).execute();

  // A department tree of our own: 学院 A > 系 B > 班 C, and a sibling D.
  const dept: Record<string, number> = {};
  const role: Record<string, number> = {};
  let platformId: number;

  beforeAll(async () => {
    app = await buildTestApp();
    key = await fetchPublicKey(app);
    adminId = (await userRow('admin'))!.id;
    const mk = async (code: string, name: string, parentId: number | null) =>
      (
        await app.db
          .insertInto('department')
          .values({ code, name, parentId, kind: 'college', sort: 0, createdAt: Date.now() })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    dept.A = await mk('TA', '测试学院', null);
    dept.B = await mk('TB', '测试系', dept.A);
    dept.C = await mk('TC', '测试班', dept.B);
    dept.D = await mk('TD', '另一学院', null);
    const group = (
      await app.db
        .insertInto('roleGroup')
        .values({ name: '测试组', sort: 99 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    for (const code of ['r1', 'r2']) {
      role[code] = (
        await app.db
          .insertInto('role')
          .values({ groupId: group, code: `acct_${code}`, name: `测试角色${code}`, sort: 0 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    }
    platformId = (await app.db.selectFrom('platform').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await app.close();
  });

  const newUser = (username: string, extra: Record<string, unknown> = {}) => ({
    username,
    password: enc('Start@2026x'),
    realName: '李四',
    userNo: `NO-${username}`,
    kind: 'student',
    departmentId: dept.C,
    phone: '13912345678',
    email: `${username}@example.edu.cn`,
    gender: '女',
    ...extra,
  });
  const create = async (username: string, extra: Record<string, unknown> = {}) => {
    const res = await post('create', newUser(username, extra));
    expect(res.json().errorCode).toBe(Codes.ok);
    return res.json().data as { id: number };
  };

  describe('access', () => {
    const endpoints: [string, string][] = [
      ['GET', 'list'],
      ['GET', 'detail'],
      ['POST', 'create'],
      ['POST', 'update'],
      ['POST', 'disable'],
      ['POST', 'enable'],
      ['POST', 'unlock'],
      ['POST', 'reset_password'],
      ['POST', 'assign_roles'],
      ['POST', 'assign_platforms'],
      ['POST', 'avatar'],
      ['POST', 'import'],
      ['GET', 'import_template'],
      ['GET', 'export'],
    ];
    it('refuses every endpoint without a token and with a user token', async () => {
      for (const [method, path] of endpoints) {
        const url = `${BASE}/${path}/`;
        const anon = await app.inject({ method: method as 'GET', url });
        expect(anon.json().errorCode, `${path} without token`).toBe(Codes.notAuthenticated);
        const user = await app.injectAs('student', { method: method as 'GET', url });
        expect(user.json().errorCode, `${path} as student`).toBe(Codes.noPermission);
        expect(user.statusCode).toBe(403);
      }
    });
  });

  describe('create, detail and update', () => {
    it('creates an account with roles and platforms, audited, that must change its password', async () => {
      const res = await post('create', newUser('lisi01', { roleIds: [role.r1, role.r2], platformIds: [platformId] }));
      expect(res.json().errorCode).toBe(Codes.ok);
      const d = res.json().data;
      expect(d).toMatchObject({
        username: 'lisi01',
        realName: '李四',
        kind: 'student',
        departmentId: dept.C,
        departmentName: '测试班',
        status: 'active',
        locked: false,
        mustChangePwd: true,
        gender: '女',
      });
      expect(d.roleIds.sort()).toEqual([role.r1, role.r2].sort());
      expect(d.platformIds).toEqual([platformId]);
      const row = (await userRow('lisi01'))!;
      expect(await verifyPassword(row.passwordHash, 'Start@2026x')).toBe(true);
      expect(row.isAdmin).toBe(0);
      expect(
        (await auditRows('account_created')).some((a) => a.target?.includes('lisi01') && a.actorId === adminId),
      ).toBe(true);

      const detail = await get('detail', { id: d.id });
      expect(detail.json().data).toMatchObject({ id: d.id, username: 'lisi01', platformIds: [platformId] });
      expect(detail.json().data).not.toHaveProperty('passwordHash');
    });

    it('names the field of each invalid value', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ username: 'ab' }, 'username', MESSAGES.username],
        [{ username: 'bad name!' }, 'username', MESSAGES.username],
        [{ phone: '2391234567' }, 'phone', MESSAGES.phone],
        [{ email: 'not-an-email' }, 'email', MESSAGES.email],
        [{ kind: 'alien' }, 'kind', MESSAGES.kind],
        [{ realName: '  ' }, 'realName', MESSAGES.realName],
        [{ gender: '未知' }, 'gender', MESSAGES.gender],
        [{ departmentId: 999999 }, 'departmentId', MESSAGES.department],
        [{ roleIds: [999999] }, 'roleIds', '所选角色不存在'],
        [{ password: enc('short1') }, 'password', MESSAGES.password],
        [{ password: enc('lettersonly') }, 'password', MESSAGES.password],
      ];
      for (const [patch, field, message] of cases) {
        const res = await post('create', { ...newUser('valid_name'), ...patch });
        expect(res.json(), JSON.stringify(patch)).toMatchObject({
          errorCode: Codes.inputError,
          message,
          data: { field },
        });
      }
      expect(await userRow('valid_name')).toBeUndefined();
    });

    it('refuses a password that was not encrypted with the server key', async () => {
      const res = await post('create', { ...newUser('plainpw'), password: 'Start@2026x' });
      expect(res.json().errorCode).toBe(Codes.inputError);
      expect(await userRow('plainpw')).toBeUndefined();
    });

    it('refuses a username that exists, on the username field', async () => {
      const res = await post('create', newUser('teacher'));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        errorCode: Codes.conflict,
        message: MESSAGES.usernameTaken,
        data: { field: 'username' },
      });
    });

    it("updates profile, roles and platforms; promoting to admin ends the user's sessions", async () => {
      const { id } = await create('wangwu');
      const token = await app.tokenFor('wangwu');
      const res = await post('update', {
        id,
        realName: '王五',
        userNo: 'W001',
        kind: 'admin',
        departmentId: dept.D,
        phone: '',
        email: null,
        gender: '男',
        roleIds: [role.r2],
        platformIds: [],
      });
      expect(res.json().errorCode).toBe(Codes.ok);
      expect(res.json().data).toMatchObject({
        realName: '王五',
        kind: 'admin',
        departmentId: dept.D,
        phone: null,
        roleIds: [role.r2],
        platformIds: [],
      });
      expect((await userRow('wangwu'))!.isAdmin).toBe(1);
      const check = await app.inject({
        method: 'POST',
        url: '/user/api/v1.user/check_user_is_login/',
        headers: { authorization: token },
      });
      expect(check.json().errorCode).toBe(Codes.notAuthenticated);
      expect((await auditRows('account_updated')).some((a) => a.target?.includes('wangwu'))).toBe(true);
    });

    it('does not let an administrator demote themself', async () => {
      const res = await post('update', { id: adminId, realName: '系统管理员', userNo: 'admin', kind: 'staff' });
      expect(res.json()).toMatchObject({
        errorCode: Codes.inputError,
        message: MESSAGES.selfDemote,
        data: { field: 'kind' },
      });
      expect((await userRow('admin'))!.isAdmin).toBe(1);
    });

    it('answers not found for an unknown account', async () => {
      expect((await get('detail', { id: 999999 })).json().errorCode).toBe(Codes.notFound);
    });
  });

  describe('status, lock and password', () => {
    it("disabling ends the user's open session at once; enabling lets them back", async () => {
      const { id } = await create('zhaoliu');
      const token = await app.tokenFor('zhaoliu');
      const check = () =>
        app.inject({
          method: 'POST',
          url: '/user/api/v1.user/check_user_is_login/',
          headers: { authorization: token },
        });
      expect((await check()).json().errorCode).toBe(Codes.ok);
      expect((await post('disable', { id })).json().errorCode).toBe(Codes.ok);
      expect((await check()).json().errorCode).toBe(Codes.notAuthenticated);
      const sessions = await app.db.selectFrom('session').select('revokedAt').where('userId', '=', id).execute();
      expect(sessions.every((s) => s.revokedAt !== null)).toBe(true);
      expect((await userRow('zhaoliu'))!.status).toBe('disabled');
      expect((await auditRows('account_disabled')).some((a) => a.target?.includes('zhaoliu'))).toBe(true);

      expect((await post('enable', { id })).json().errorCode).toBe(Codes.ok);
      expect((await userRow('zhaoliu'))!.status).toBe('active');
      // The revoked session stays revoked: enabling does not revive it.
      expect((await check()).json().errorCode).toBe(Codes.notAuthenticated);
    });

    it('does not let an administrator disable themself', async () => {
      const res = await post('disable', { id: adminId });
      expect(res.json()).toMatchObject({ errorCode: Codes.inputError, message: '不能停用当前登录的管理员账号' });
      expect((await userRow('admin'))!.status).toBe('active');
    });

    it('unlocks a locked account', async () => {
      const { id } = await create('locked1');
      await app.db
        .updateTable('appUser')
        .set({ failedCount: 5, lockedUntil: Date.now() + 600_000 })
        .where('id', '=', id)
        .execute();
      const listed = async (status: string) =>
        ((await get('list', { status, keyword: 'locked1' })).json().data.list as { id: number }[]).map((r) => r.id);
      expect(await listed('locked')).toEqual([id]);
      expect(await listed('active')).toEqual([]);
      expect((await post('unlock', { id })).json().errorCode).toBe(Codes.ok);
      const row = (await userRow('locked1'))!;
      expect(row).toMatchObject({ failedCount: 0, lockedUntil: null });
      expect(await listed('locked')).toEqual([]);
      expect(await listed('active')).toEqual([id]);
      expect((await auditRows('account_unlocked')).some((a) => a.target?.includes('locked1'))).toBe(true);
    });

    it('resets to a generated password shown once: sessions end and the user must change it', async () => {
      const { id } = await create('resetme');
      await app.db.updateTable('appUser').set({ mustChangePwd: 0 }).where('id', '=', id).execute();
      const token = await app.tokenFor('resetme');
      const res = await post('reset_password', { id });
      expect(res.json().errorCode).toBe(Codes.ok);
      const generated = res.json().data.password as string;
      expect(isStrongPassword(generated)).toBe(true);
      const check = await app.inject({
        method: 'POST',
        url: '/user/api/v1.user/check_user_is_login/',
        headers: { authorization: token },
      });
      expect(check.json().errorCode).toBe(Codes.notAuthenticated);
      const login = await loginAs(app, 'resetme', generated);
      expect(login.user_info.must_change_pwd).toBe(1);
      expect((await auditRows('account_password_reset')).some((a) => a.target?.includes('resetme'))).toBe(true);
    });

    it("resets to the administrator's encrypted password, which must be strong", async () => {
      const { id } = await create('resetme2');
      const weak = await post('reset_password', { id, password: enc('12345678') });
      expect(weak.json()).toMatchObject({ errorCode: Codes.inputError, data: { field: 'password' } });
      const res = await post('reset_password', { id, password: enc('NewPass2026') });
      expect(res.json()).toMatchObject({ errorCode: Codes.ok, data: { password: null } });
      const row = (await userRow('resetme2'))!;
      expect(await verifyPassword(row.passwordHash, 'NewPass2026')).toBe(true);
      expect(row.mustChangePwd).toBe(1);
    });
  });

  describe('roles and platforms', () => {
    it('replaces the role set and the platform set', async () => {
      const { id } = await create('assign1', { roleIds: [role.r1], platformIds: [platformId] });
      await app.injectAs('admin', {
        method: 'POST',
        url: `${BASE}/assign_roles/`,
        payload: { id, roleIds: [role.r2] },
      });
      await app.injectAs('admin', {
        method: 'POST',
        url: `${BASE}/assign_platforms/`,
        payload: { id, platformIds: [] },
      });
      const d = (await get('detail', { id })).json().data;
      expect(d.roleIds).toEqual([role.r2]);
      expect(d.platformIds).toEqual([]);
      const bad = await post('assign_platforms', { id, platformIds: [999999] });
      expect(bad.json()).toMatchObject({ errorCode: Codes.inputError, data: { field: 'platformIds' } });
      expect((await auditRows('account_roles_assigned')).length).toBeGreaterThan(0);
      expect((await auditRows('account_platforms_assigned')).length).toBeGreaterThan(0);
    });
  });

  describe('list', () => {
    let ids: Record<string, number>;
    beforeAll(async () => {
      ids = {
        inA: (await create('flt_a', { departmentId: dept.A, kind: 'staff', realName: '甲老师' })).id,
        inB: (await create('flt_b', { departmentId: dept.B, roleIds: [role.r1] })).id,
        inC: (await create('flt_c', { departmentId: dept.C, realName: '丙同学' })).id,
        inD: (await create('flt_d', { departmentId: dept.D })).id,
      };
      await post('disable', { id: ids.inD });
    });

    // Issue 15: a list filtered by kind at most takes its total from user_kind_count (triggers).
    it('answers the same total as a count of the table, unfiltered and by kind, after a deletion', async () => {
      const gone = (await create('flt_gone', {})).id;
      await app.db.deleteFrom('userRole').where('userId', '=', gone).execute();
      await app.db.deleteFrom('appUser').where('id', '=', gone).execute();
      for (const kind of [undefined, 'student', 'staff', 'admin'] as const) {
        let q = app.db.selectFrom('appUser').select((eb) => eb.fn.countAll<number>().as('n'));
        if (kind) q = q.where('kind', '=', kind);
        const n = Number((await q.executeTakeFirstOrThrow()).n);
        const res = await get('list', kind ? { kind, pageSize: 5 } : { pageSize: 5 });
        expect(res.json().data.total, kind ?? 'all').toBe(n);
        expect(res.json().data.list.length).toBe(Math.min(5, n));
      }
    });
    const listIds = async (q: Record<string, string | number>) => {
      const res = await get('list', { pageSize: 200, ...q });
      expect(res.json().errorCode).toBe(Codes.ok);
      return (res.json().data.list as { id: number }[]).map((r) => r.id);
    };

    it('filters by a department with or without its subtree', async () => {
      expect((await listIds({ keyword: 'flt_', departmentId: dept.A })).sort()).toEqual(
        [ids.inA, ids.inB, ids.inC].sort(),
      );
      expect(await listIds({ keyword: 'flt_', departmentId: dept.A, includeChildren: 0 })).toEqual([ids.inA]);
      expect((await listIds({ keyword: 'flt_', departmentId: dept.B })).sort()).toEqual([ids.inB, ids.inC].sort());
    });

    it('filters by keyword on username, name or number, by role, kind and status', async () => {
      expect(await listIds({ keyword: '丙同' })).toEqual([ids.inC]);
      expect(await listIds({ keyword: 'FLT_B' })).toEqual([ids.inB]);
      expect(await listIds({ keyword: 'NO-flt_a' })).toEqual([ids.inA]);
      expect(await listIds({ keyword: '%' })).toEqual([]);
      expect(await listIds({ keyword: 'flt_', roleId: role.r1 })).toEqual([ids.inB]);
      expect(await listIds({ keyword: 'flt_', kind: 'staff' })).toEqual([ids.inA]);
      expect(await listIds({ keyword: 'flt_', status: 'disabled' })).toEqual([ids.inD]);
    });

    it('pages in SQL, newest first, with department and roles', async () => {
      const res = await get('list', { keyword: 'flt_', page: 2, pageSize: 3 });
      const page = res.json().data;
      expect(page).toMatchObject({ total: 4, page: 2, pageSize: 3 });
      expect(page.list.map((r: { id: number }) => r.id)).toEqual([ids.inA]);
      const first = (await get('list', { keyword: 'flt_b' })).json().data.list[0];
      expect(first).toMatchObject({
        username: 'flt_b',
        departmentName: '测试系',
        roles: [{ id: role.r1, name: '测试角色r1' }],
      });
      expect(first).not.toHaveProperty('passwordHash');
    });

    it('refuses a page size over 200 naming the field', async () => {
      const res = await get('list', { pageSize: 500 });
      expect(res.json()).toMatchObject({ errorCode: Codes.inputError, data: { field: 'pageSize' } });
    });
  });

  describe('import and export', () => {
    const sheet = async (rows: (string | number)[][], headers: readonly string[] = IMPORT_HEADERS) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('账号');
      ws.addRow([...headers]);
      for (const r of rows) ws.addRow(r);
      return Buffer.from(await wb.xlsx.writeBuffer());
    };
    const upload = (content: Buffer, filename = 'users.xlsx') => {
      const body = multipartBody({
        filename,
        content,
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      });
      return asAdmin({ method: 'POST', url: `${BASE}/import/`, ...body });
    };

    it('keeps the valid rows and reports each bad field with its row number (partial import)', async () => {
      const file = await sheet([
        ['imp_ok1', '导入一', 'I001', '学生', 'TC', '13800000001', 'imp1@example.edu.cn', '男', 'Import@2026'],
        ['x', '导入二', 'I002', '学生', 'TC', '12345', '', '', ''],
        ['imp_ok2', '导入三', 'I003', '教职工', '', '', '', '女', ''],
        ['imp_bad3', '导入四', 'I004', '外星人', 'NOPE', '', 'bad', '', 'weak'],
        ['teacher', '重复', 'I005', '学生', '', '', '', '', ''],
        ['imp_ok1', '表内重复', 'I006', '学生', '', '', '', '', ''],
      ]);
      const res = await upload(file);
      const body = res.json();
      expect(body.errorCode).toBe(Codes.partialImportError);
      expect(body.data.imported).toBe(2);
      const failures = body.data.failed as { row: number; field: string; message: string }[];
      const at = (row: number) =>
        failures
          .filter((f) => f.row === row)
          .map((f) => f.field)
          .sort();
      expect(at(3)).toEqual(['手机号', '用户名'].sort());
      expect(at(5)).toEqual(['类型(学生/教职工)', '部门编码', '邮箱', '初始密码'].sort());
      expect(failures.find((f) => f.row === 6)).toMatchObject({ field: '用户名', message: MESSAGES.usernameTaken });
      expect(failures.find((f) => f.row === 7)).toMatchObject({ field: '用户名', message: '用户名在表格中重复' });
      expect(at(2)).toEqual([]);
      expect(at(4)).toEqual([]);

      const ok1 = (await userRow('imp_ok1'))!;
      const ok2 = (await userRow('imp_ok2'))!;
      expect(ok1).toMatchObject({
        realName: '导入一',
        kind: 'student',
        departmentId: dept.C,
        mustChangePwd: 1,
        gender: '男',
      });
      expect(ok2).toMatchObject({ kind: 'staff', departmentId: null, mustChangePwd: 1 });
      expect(await verifyPassword(ok1.passwordHash, 'Import@2026')).toBe(true);
      // Every row its own hash; a row without a password gets one generated and shown in this answer only.
      expect(ok1.passwordHash).not.toBe(ok2.passwordHash);
      expect(body.data.generatedPasswords).toHaveLength(1);
      expect(body.data.generatedPasswords[0]).toMatchObject({ row: 4, username: 'imp_ok2' });
      expect(await verifyPassword(ok2.passwordHash, body.data.generatedPasswords[0].password)).toBe(true);
      expect(await userRow('x')).toBeUndefined();
      expect(await userRow('imp_bad3')).toBeUndefined();
      expect((await auditRows('account_imported')).length).toBeGreaterThan(0);
    });

    it('answers ok when every row is valid', async () => {
      const res = await upload(await sheet([['imp_all1', '全对', 'A001', '学生', 'TA', '', '', '', 'AllGood2026']]));
      expect(res.json()).toMatchObject({ errorCode: Codes.ok, data: { imported: 1, failed: [] } });
    });

    it('refuses a file that is not a readable xlsx with the import error', async () => {
      const res = await upload(Buffer.from('username,realName\nfoo,bar\n'), 'users.xlsx');
      expect(res.json().errorCode).toBe(Codes.importError);
      const headerless = await upload(await sheet([['a', 'b']], ['foo', 'bar']));
      expect(headerless.json().errorCode).toBe(Codes.importError);
      expect(headerless.json().message).toContain('用户名');
    });

    describe('hostile spreadsheets (issue 11)', () => {
      const userCount = async () =>
        Number(
          (
            await app.db
              .selectFrom('appUser')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const header = [...IMPORT_HEADERS];
      const row = (i: number) => [`hostile${i}`, '导入', `H${i}`, '学生', '', '', '', '', 'Hostile@2026'];

      it("refuses the issue's zip bomb (3.2 GB of shared strings in 9 MB) with 413 and memory flat, then imports normally", async () => {
        const bomb = sharedStringsBomb(3200);
        const lying = sharedStringsBomb(3200, { lie: true });
        const before = await userCount();
        const answers: { statusCode: number; json: () => { errorCode: string; message: string } }[] = [];
        const growth = await peakRssGrowthMb(async () => {
          answers.push(await upload(bomb), await upload(lying));
        });
        const [honest, liar] = answers.map((r) => ({ status: r.statusCode, ...r.json() }));
        expect(honest).toMatchObject({
          status: 413,
          errorCode: Codes.spreadsheetTooLarge,
          message: '表格过大：文本内容解压后超过 30 MB',
        });
        expect(liar).toMatchObject({ status: 413, errorCode: Codes.spreadsheetTooLarge });
        expect(liar!.message).toContain('疑似压缩炸弹');
        expect(growth).toBeLessThan(200);
        expect(await userCount()).toBe(before);

        const res = await upload(await sheet([row(1)]));
        expect(res.json()).toMatchObject({ errorCode: Codes.ok, data: { imported: 1 } });
      });

      it('refuses too many rows, too many columns and a too-long cell with 413, each naming its limit', async () => {
        const before = await userCount();
        const rows = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => row(i + 100));
        const tooMany = await upload(xlsxOf([header, ...rows]));
        expect(tooMany.statusCode).toBe(413);
        expect(tooMany.json()).toMatchObject({
          errorCode: Codes.spreadsheetTooLarge,
          message: `表格行数过多：一次最多导入 ${IMPORT_MAX_ROWS} 行，请拆分文件`,
        });
        const wide = await upload(xlsxOf([[...header, ...Array.from({ length: 100 }, (_, i) => `备注${i}`)], row(2)]));
        expect(wide.statusCode).toBe(413);
        expect(wide.json()).toMatchObject({
          errorCode: Codes.spreadsheetTooLarge,
          message: '表格列数过多：第 1 行超过 100 列',
        });
        const long = await upload(xlsxOf([header, row(3), ['hostile4', '长'.repeat(40_000)]]));
        expect(long.statusCode).toBe(413);
        expect(long.json()).toMatchObject({
          errorCode: Codes.spreadsheetTooLarge,
          message: '单元格内容过长：第 3 行 B 列超过 32767 个字符',
        });
        expect(await userCount()).toBe(before);
      });

      it('refuses a cut-short zip and an old .xls with the import error (400) saying what to do', async () => {
        const good = await sheet([row(5)]);
        const cut = await upload(good.subarray(0, Math.floor(good.length * 0.6)));
        expect(cut.statusCode).toBe(400);
        expect(cut.json()).toMatchObject({
          errorCode: Codes.importError,
          message: '文件已损坏或不完整，请在 Excel 中重新保存为 .xlsx 后再导入',
        });
        const xls = await upload(
          Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(4096)]),
          'users.xls',
        );
        expect(xls.statusCode).toBe(400);
        expect(xls.json().message).toContain('另存为不加密的 .xlsx');
      });
    });

    it('serves a template with the headers and one example row', async () => {
      const res = await get('import_template');
      expect(res.headers['content-type']).toContain('spreadsheetml');
      const s = new PassThrough();
      s.end(res.rawPayload);
      const { headers, rows } = await readSheet(s, 10);
      expect(headers).toEqual([...IMPORT_HEADERS]);
      expect(rows).toHaveLength(1);
    });

    it('exports the filtered accounts as xlsx that reads back, without password hashes', async () => {
      await create('exp_one', { departmentId: dept.B, realName: '导出者' });
      const res = await get('export', { keyword: 'exp_one' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain('attachment');
      const s = new PassThrough();
      s.end(res.rawPayload);
      const { headers, rows } = await readSheet(s, 100);
      expect(headers).toContain('用户名');
      expect(rows).toHaveLength(1);
      expect(rows[0]!.cells).toMatchObject({
        用户名: 'exp_one',
        姓名: '导出者',
        部门: '测试系',
        部门编码: 'TB',
        类型: '学生',
        状态: '正常',
      });
      expect(res.rawPayload.toString('latin1')).not.toContain('$argon2');
      const all = await get('export');
      const t = new PassThrough();
      t.end(all.rawPayload);
      const everyone = await readSheet(t, 100_000);
      const count = await app.db
        .selectFrom('appUser')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(everyone.rows).toHaveLength(Number(count.n));
      expect(everyone.rows.every((r) => Object.values(r.cells).every((v) => !v.startsWith('$argon2')))).toBe(true);
    });
  });

  describe('avatar', () => {
    const send = (content: Buffer, filename: string, userId: number | string) =>
      asAdmin({
        method: 'POST',
        url: `${BASE}/avatar/`,
        ...multipartBody({ filename, content, type: 'image/png' }, { userId: String(userId) }),
      });

    it('stores an image and sets it as the avatar', async () => {
      const { id } = await create('avatar1');
      const res = await send(TINY_PNG, 'me.png', id);
      expect(res.json().errorCode).toBe(Codes.ok);
      const url = res.json().data.url as string;
      expect(url).toMatch(/^\/resource\/api\/v1\.file\/[0-9a-f-]{36}$/);
      expect((await userRow('avatar1'))!.avatar).toBe(url);
      const upload = await app.db
        .selectFrom('upload')
        .selectAll()
        .where('id', '=', url.split('/').pop()!)
        .executeTakeFirstOrThrow();
      expect(upload).toMatchObject({ purpose: 'avatar', isPublic: 0, ownerId: id });
    });

    it('refuses a file over 2 MB, a non-image and an unknown user', async () => {
      const { id } = await create('avatar2');
      const big = Buffer.concat([TINY_PNG, Buffer.alloc(2 * 1024 * 1024 + 10)]);
      expect((await send(big, 'big.png', id)).json().errorCode).toBe(Codes.payloadTooLarge);
      expect((await send(Buffer.from('hello world'), 'x.png', id)).json().errorCode).toBe(Codes.inputError);
      expect((await send(TINY_PNG, 'me.png', 999999)).json().errorCode).toBe(Codes.notFound);
      expect((await send(TINY_PNG, 'me.png', 'abc')).json()).toMatchObject({
        errorCode: Codes.inputError,
        data: { field: 'userId' },
      });
      expect((await userRow('avatar2'))!.avatar).toBeNull();
    });
  });
});
