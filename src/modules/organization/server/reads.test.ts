import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import type { DepartmentTree } from '../contract';

/** A major and a class below college C01, with two of the college's people moved into the class. */
async function buildSubtree(app: TestApp) {
  const college = await app.db
    .selectFrom('department')
    .select('id')
    .where('code', '=', 'C01')
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const major = await app.db
    .insertInto('department')
    .values({ parentId: college.id, code: 'T-M1', name: '测试专业', kind: 'major', sort: 1, createdAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const cls = await app.db
    .insertInto('department')
    .values({ parentId: major.id, code: 'T-M1-1', name: '测试班级', kind: 'class', sort: 1, createdAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const movers = await app.db
    .selectFrom('appUser')
    .select('id')
    .where('departmentId', '=', college.id)
    .orderBy('id')
    .limit(2)
    .execute();
  expect(movers).toHaveLength(2);
  await app.db
    .updateTable('appUser')
    .set({ departmentId: cls.id })
    .where(
      'id',
      'in',
      movers.map((m) => m.id),
    )
    .execute();
  return { id: cls.id, parentId: major.id, collegeId: college.id };
}

const READS = [
  '/user/api/v1.department/get_tree_node/',
  '/user/api/v1.department/getTreeNode/',
  '/user/api/v1.role/getRoleGroup/',
  '/user/api/v1.role/getAllRoleGroup/',
];

describe('organisation reads', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const post = (user: string, url: string, payload: Record<string, unknown> = {}) =>
    app.injectAs(user, { method: 'POST', url, payload });
  const deptId = async (code: string) =>
    (await app.db.selectFrom('department').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

  it('refuses callers without a token and answers any signed-in user', async () => {
    for (const url of [...READS, '/user/api/v1.department/getDepartment/', '/user/api/v1.user/getUserList/']) {
      const anon = await app.inject({ method: 'POST', url, payload: {} });
      expect(anon.statusCode).toBe(401);
      expect(anon.json().errorCode).toBe(Codes.notAuthenticated);
    }
    for (const url of READS) {
      const res = await post('student', url);
      expect(res.json().errorCode, url).toBe(Codes.ok);
    }
  });

  it('get_tree_node lists roots without parentId and direct children with leaf flags and head counts', async () => {
    const roots = (await post('teacher', '/user/api/v1.department/get_tree_node/')).json().data;
    expect(roots.map((r: { code: string }) => r.code)).toEqual(['HXLG']);
    expect(roots[0]).toMatchObject({ kind: 'school', parentId: null, isLeaf: false });
    const children = (await post('teacher', '/user/api/v1.department/get_tree_node/', { parentId: roots[0].id })).json()
      .data;
    expect(children.length).toBeGreaterThan(3);
    expect(children.every((c: { parentId: number }) => c.parentId === roots[0].id)).toBe(true);
    const college = children.find((c: { code: string }) => c.code === 'C01');
    const direct = await app.db
      .selectFrom('appUser')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('departmentId', '=', college.id)
      .executeTakeFirstOrThrow();
    expect(college.userCount).toBe(Number(direct.n));
    // The small seed's colleges have no majors yet.
    expect(college.isLeaf).toBe(true);
    // A form body sends the id as text: it is read as a number.
    const form = await app.injectAs('teacher', {
      method: 'POST',
      url: '/user/api/v1.department/get_tree_node/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `parentId=${roots[0].id}`,
    });
    expect(form.json().data).toEqual(children);
  });

  it('getTreeNode answers the whole tree nested and in sort order', async () => {
    const tree: DepartmentTree[] = (await post('teacher', '/user/api/v1.department/getTreeNode/')).json().data;
    let count = 0;
    const walk = (nodes: DepartmentTree[], parentId: number | null) => {
      for (let i = 0; i < nodes.length; i++) {
        count++;
        expect(nodes[i]!.parentId).toBe(parentId);
        if (i > 0) expect(nodes[i]!.sort).toBeGreaterThanOrEqual(nodes[i - 1]!.sort);
        walk(nodes[i]!.children, nodes[i]!.id);
      }
    };
    walk(tree, null);
    const total = await app.db
      .selectFrom('department')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(count).toBe(Number(total.n));
  });

  it('getDepartment answers the ancestors root first and direct and subtree head counts', async () => {
    const cls = await buildSubtree(app);
    const d = (await post('teacher', '/user/api/v1.department/getDepartment/', { id: cls.id })).json().data;
    expect(d.path).toHaveLength(3);
    expect(d.path[0].name).toBe('华夏理工大学');
    expect(d.path[2].id).toBe(cls.parentId);
    const college = await deptId('C01');
    const c = (await post('teacher', '/user/api/v1.department/getDepartment/', { id: college })).json().data;
    const nodes = (await post('teacher', '/user/api/v1.department/get_tree_node/', { parentId: college })).json().data;
    expect(nodes).toEqual([
      {
        id: cls.parentId,
        name: '测试专业',
        code: 'T-M1',
        kind: 'major',
        parentId: college,
        isLeaf: false,
        userCount: 0,
      },
    ]);
    expect(c.totalUserCount).toBeGreaterThan(c.userCount);
    expect(c.childCount).toBeGreaterThan(0);
    const missing = await post('teacher', '/user/api/v1.department/getDepartment/', { id: 999999 });
    expect(missing.json().errorCode).toBe(Codes.notFound);
    const bad = await post('teacher', '/user/api/v1.department/getDepartment/', { id: 'x' });
    expect(bad.json().errorCode).toBe(Codes.inputError);
    expect(bad.json().data.field).toBe('id');
  });

  it('getRoleGroup and getAllRoleGroup list roles with holders, by group', async () => {
    const groups = (await post('teacher', '/user/api/v1.role/getAllRoleGroup/')).json().data;
    expect(groups.length).toBe(3);
    const staffGroup = groups.find((g: { roles: { code: string }[] }) => g.roles.some((r) => r.code === 'staff'));
    const roles = (await post('teacher', '/user/api/v1.role/getRoleGroup/', { groupId: staffGroup.id })).json().data;
    expect(roles.map((r: { code: string }) => r.code)).toEqual(staffGroup.roles.map((r: { code: string }) => r.code));
    const staff = roles.find((r: { code: string }) => r.code === 'staff');
    const holders = await app.db
      .selectFrom('userRole')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('roleId', '=', staff.id)
      .executeTakeFirstOrThrow();
    expect(staff.userCount).toBe(Number(holders.n));
    expect(staff.system).toBe(true);
    const all = (await post('teacher', '/user/api/v1.role/getRoleGroup/')).json().data;
    expect(all.length).toBe(groups.reduce((n: number, g: { roles: unknown[] }) => n + g.roles.length, 0));
  });
});

describe('the back office directory getUserList', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });
  const list = async (body: Record<string, unknown>) => {
    const res = await app.injectAs('admin', {
      method: 'POST',
      url: '/user/api/v1.user/getUserList/',
      payload: { page: 1, pageSize: 200, ...body },
    });
    expect(res.json().errorCode).toBe(Codes.ok);
    return res.json().data as {
      list: {
        id: number;
        username: string;
        realName: string;
        userNo: string;
        department: { id: number; name: string } | null;
      }[];
      total: number;
    };
  };

  it('pages in SQL and reports the total', async () => {
    const all = await list({});
    const p2 = await list({ page: 2, pageSize: 3 });
    expect(p2.total).toBe(all.total);
    expect(p2.list.map((u) => u.id)).toEqual(all.list.slice(3, 6).map((u) => u.id));
    const res = await app.injectAs('admin', {
      method: 'POST',
      url: '/user/api/v1.user/getUserList/',
      payload: { page: 1, pageSize: 201 },
    });
    expect(res.json().errorCode).toBe(Codes.inputError);
    expect(res.json().data.field).toBe('pageSize');
  });

  it('matches the keyword as a prefix of username or number and anywhere in the real name', async () => {
    const all = (await list({})).list;
    const someone = all.find((u) => u.realName.length >= 2 && u.username !== 'admin')!;
    const byName = await list({ keyword: someone.realName.slice(1) });
    expect(byName.list.some((u) => u.id === someone.id)).toBe(true);
    expect(
      byName.list.every(
        (u) =>
          u.realName.includes(someone.realName.slice(1)) ||
          u.username.startsWith(someone.realName.slice(1)) ||
          u.userNo.startsWith(someone.realName.slice(1)),
      ),
    ).toBe(true);
    const byNo = await list({ keyword: someone.userNo });
    expect(byNo.list.map((u) => u.id)).toContain(someone.id);
    // Not a prefix: the middle of a number does not match.
    const middle = someone.userNo.slice(2, 6);
    const mid = await list({ keyword: middle });
    expect(
      mid.list.every(
        (u) => u.userNo.startsWith(middle) || u.username.startsWith(middle) || u.realName.includes(middle),
      ),
    ).toBe(true);
    // LIKE wildcards are plain characters.
    expect((await list({ keyword: '%' })).total).toBe(0);
    expect((await list({ keyword: '_' })).total).toBe(0);
  });

  it('filters by department, by its whole subtree, by role and by kind', async () => {
    const college = (await buildSubtree(app)).collegeId;
    const direct = await list({ departmentId: college });
    const subtree = await list({ departmentId: college, includeChildren: true });
    expect(subtree.total).toBeGreaterThan(direct.total);
    // Every one of them sits in a department whose ancestors include the college.
    const below = new Set<number>([college]);
    const depts = await app.db.selectFrom('department').select(['id', 'parentId']).orderBy('id').execute();
    for (let changed = true; changed; ) {
      changed = false;
      for (const d of depts)
        if (d.parentId !== null && below.has(d.parentId) && !below.has(d.id)) {
          below.add(d.id);
          changed = true;
        }
    }
    const expected = await app.db
      .selectFrom('appUser')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('departmentId', 'in', [...below])
      .executeTakeFirstOrThrow();
    expect(subtree.total).toBe(Number(expected.n));
    expect(subtree.list.every((u) => u.department && below.has(u.department.id))).toBe(true);

    const role = await app.db
      .selectFrom('role')
      .select('id')
      .where('code', '=', 'counsellor')
      .executeTakeFirstOrThrow();
    const holders = await app.db.selectFrom('userRole').select('userId').where('roleId', '=', role.id).execute();
    const byRole = await list({ roleId: role.id });
    expect(byRole.list.map((u) => u.id).sort()).toEqual(holders.map((h) => h.userId).sort());

    const staff = await list({ kind: 'staff' });
    const staffCount = await app.db
      .selectFrom('appUser')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'staff')
      .executeTakeFirstOrThrow();
    expect(staff.total).toBe(Number(staffCount.n));
    const badKind = await app.injectAs('admin', {
      method: 'POST',
      url: '/user/api/v1.user/getUserList/',
      payload: { page: 1, pageSize: 10, kind: 'alien' },
    });
    expect(badKind.json().data.field).toBe('kind');
  });

  it('answers only the asked ids, skipping unknown ones, and combines with the other filters', async () => {
    const all = (await list({})).list;
    const picked = [all[4]!, all[1]!, all[7]!];
    const byIds = await list({ ids: [...picked.map((u) => u.id), 987654] });
    expect(byIds.total).toBe(3);
    expect(byIds.list.map((u) => u.id)).toEqual(picked.map((u) => u.id).sort((a, b) => a - b));
    expect(byIds.list.find((u) => u.id === picked[0]!.id)).toEqual(picked[0]);
    const narrowed = await list({ ids: picked.map((u) => u.id), keyword: picked[2]!.userNo });
    expect(narrowed.list.map((u) => u.id)).toEqual([picked[2]!.id]);
    expect((await list({ ids: [987654] })).total).toBe(0);

    const bad = async (ids: unknown) => {
      const res = await app.injectAs('admin', {
        method: 'POST',
        url: '/user/api/v1.user/getUserList/',
        payload: { page: 1, pageSize: 10, ids },
      });
      expect(res.json().errorCode).toBe(Codes.inputError);
      expect(res.json().data.field).toMatch(/^ids/);
    };
    await bad([]);
    await bad([0]);
    await bad(Array.from({ length: 101 }, (_, i) => i + 1));
    // Still a signed-in read: no token, no answer.
    const anon = await app.inject({
      method: 'POST',
      url: '/user/api/v1.user/getUserList/',
      payload: { page: 1, pageSize: 10, ids: [1] },
    });
    expect(anon.json().errorCode).not.toBe(Codes.ok);
  });
});
