import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { userPlatforms } from '@/server/identity/menus';
import { verifyPassword } from '@/server/identity/passwords';
import { getSetting } from '@/server/identity/settings';
import { defineModule } from '@/shared/module';
import { DEMO_ACCOUNTS, DEMO_GENERATED_PASSWORD, seedDemo, seedFirstAdmin } from '.';
import { menuPlan, MENU_GROUP_PREFIX, routeOnPlatform } from './platforms';
import { firstStart } from './first-start';
import { mulberry32 } from './prng';

const apps: TestApp[] = [];
async function app(seed: 'small' | 'none' = 'small', env: Record<string, string> = {}) {
  const a = await buildTestApp({ seed, env });
  apps.push(a);
  return a;
}
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

const userId = async (a: TestApp, username: string) =>
  (await a.db.selectFrom('appUser').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

describe('small seed', () => {
  it('creates the three fixed accounts with their passwords and kinds', async () => {
    const a = await app();
    for (const acc of DEMO_ACCOUNTS) {
      const u = await a.db
        .selectFrom('appUser')
        .selectAll()
        .where('username', '=', acc.username)
        .executeTakeFirstOrThrow();
      expect(u.realName).toBe(acc.realName);
      expect(u.isAdmin).toBe(acc.isAdmin ? 1 : 0);
      expect(u.kind).toBe(acc.kind);
      expect(await verifyPassword(u.passwordHash, acc.password)).toBe(true);
    }
  });

  it('gives the teacher two platforms, the student exactly one and the administrator none', async () => {
    const a = await app();
    const names = async (u: string) => (await userPlatforms(a.db, await userId(a, u))).map((p) => p.name);
    expect(await names('teacher')).toEqual(['教职工服务平台', '一表通平台']);
    expect(await names('student')).toEqual(['学生服务平台']);
    expect(await names('admin')).toEqual([]);
  });

  it('puts teacher and student in 计算机科学与技术学院 with their roles', async () => {
    const a = await app();
    const row = (u: string) =>
      a.db
        .selectFrom('appUser')
        .innerJoin('department', 'department.id', 'appUser.departmentId')
        .select('department.name')
        .where('appUser.username', '=', u)
        .executeTakeFirstOrThrow();
    expect((await row('teacher')).name).toBe('计算机科学与技术学院');
    expect((await row('student')).name).toBe('计算机科学与技术学院');
    const roles = await a.db
      .selectFrom('userRole')
      .innerJoin('role', 'role.id', 'userRole.roleId')
      .select('role.code')
      .where('userRole.userId', '=', await userId(a, 'teacher'))
      .orderBy('role.code')
      .execute();
    expect(roles.map((r) => r.code)).toEqual(['counsellor', 'staff']);
  });

  it('has three platforms, one of kind one-form, and a menu node for every web and cms menu route', async () => {
    const a = await app();
    const platforms = await a.db.selectFrom('platform').selectAll().orderBy('sort').execute();
    expect(platforms.map((p) => [p.name, p.kind])).toEqual([
      ['学生服务平台', 'normal'],
      ['教职工服务平台', 'normal'],
      ['一表通平台', 'one-form'],
    ]);
    expect(platforms[0]!.indexUrl).toBe('/web/home/index');
    const webRoutes = a.modules.routes.filter((r) => r.area === 'web' && r.menu).map((r) => r.name);
    const cmsRoutes = a.modules.routes.filter((r) => r.area === 'cms' && r.menu).map((r) => r.name);
    expect(webRoutes.length).toBeGreaterThan(0);
    expect(cmsRoutes.length).toBeGreaterThan(0);
    // Seed keys of the platforms above, in the same order: a route limited to some platforms (RouteSpec.platforms) is only in theirs.
    const keys = ['student', 'staff', 'one-form'];
    for (const [i, p] of platforms.entries()) {
      const names = (
        await a.db.selectFrom('menu').select('name').where('scope', '=', 'web').where('platformId', '=', p.id).execute()
      ).map((m) => m.name);
      const meant = a.modules.routes
        .filter((r) => r.area === 'web' && r.menu && routeOnPlatform(r, keys[i]!))
        .map((r) => r.name);
      expect(names).toEqual(expect.arrayContaining(meant));
    }
    const cms = (await a.db.selectFrom('menu').select('name').where('scope', '=', 'cms').execute()).map((m) => m.name);
    expect(cms).toEqual(expect.arrayContaining(cmsRoutes));
  });

  it("grants each platform's whole menu to its roles, and nothing of another platform", async () => {
    const a = await app();
    const grants = await a.db
      .selectFrom('roleMenu')
      .innerJoin('role', 'role.id', 'roleMenu.roleId')
      .innerJoin('menu', 'menu.id', 'roleMenu.menuId')
      .innerJoin('platform', 'platform.id', 'menu.platformId')
      .select(['role.code', 'platform.name'])
      .distinct()
      .orderBy('role.code')
      .orderBy('platform.name')
      .execute();
    // Besides the platforms' roles: a module's seed may narrow its pages to a role of its own
    // (grantPagesToRoles: 消息发布 goes to 消息发布员, the office staff, not every staff member;
    // data-sharing's approval pages to 数据共享管理员; 学生预警's lists to counsellors, college
    // leaders, 学工处 and 资助中心).
    expect(grants.map((g) => `${g.code}→${g.name}`).sort()).toEqual(
      [
        'staff→一表通平台',
        'staff→教职工服务平台',
        'student→学生服务平台',
        'msg_publisher→教职工服务平台',
        'data_share_admin→教职工服务平台',
        'counsellor→教职工服务平台',
        'college_leader→教职工服务平台',
        'student_affairs→教职工服务平台',
        'funding_office→教职工服务平台',
        // BI's 指标预警 to 指标负责人 (indicator owners).
        'bi_indicator_owner→教职工服务平台',
        // 领导驾驶舱's 综合校情 and 教学概况 to 校领导.
        'school_leader→教职工服务平台',
      ].sort(),
    );
    const studentPlatform = await a.db
      .selectFrom('platform')
      .select('id')
      .where('name', '=', '学生服务平台')
      .executeTakeFirstOrThrow();
    const nodes = await a.db.selectFrom('menu').select('id').where('platformId', '=', studentPlatform.id).execute();
    const studentRole = await a.db
      .selectFrom('role')
      .select('id')
      .where('code', '=', 'student')
      .executeTakeFirstOrThrow();
    const granted = await a.db.selectFrom('roleMenu').select('menuId').where('roleId', '=', studentRole.id).execute();
    expect(granted.map((g) => g.menuId).sort()).toEqual(nodes.map((n) => n.id).sort());
  });

  it('adds about twenty more users with the shared demo password, published notices and news', async () => {
    const a = await app();
    const users = await a.db.selectFrom('appUser').selectAll().execute();
    expect(users.length).toBeGreaterThanOrEqual(20);
    const generated = users.find((u) => u.userNo === '20230100001')!;
    expect(generated.kind).toBe('student');
    expect(await verifyPassword(generated.passwordHash, DEMO_GENERATED_PASSWORD)).toBe(true);
    const published = await a.db
      .selectFrom('notice')
      .select(['kind', 'title'])
      .where('status', '=', 'published')
      .execute();
    expect(published.filter((n) => n.kind === 'notice').length).toBeGreaterThanOrEqual(3);
    expect(published.filter((n) => n.kind === 'news').length).toBeGreaterThanOrEqual(3);
    expect(published.some((n) => n.title.includes('寒假放假安排'))).toBe(true);
  });

  it("stores the demo school's organisation config", async () => {
    const a = await app();
    expect(await getSetting<{ front: { title: string } }>(a.db, 'org.logo')).toMatchObject({
      front: { title: '华夏理工大学综合服务平台' },
    });
    expect(await getSetting<{ primaryColor: string }>(a.db, 'org.theme')).toEqual({ primaryColor: '#1677ff' });
  });

  it('is deterministic: two seeds make the same people', async () => {
    const [a, b] = [await app(), await app()];
    const people = (x: TestApp) =>
      x.db
        .selectFrom('appUser')
        .select(['username', 'realName', 'userNo', 'phone', 'gender', 'email'])
        .orderBy('username')
        .execute();
    const [pa, pb] = [await people(a), await people(b)];
    expect(pa.length).toBeGreaterThan(20);
    expect(pa).toEqual(pb);
  });

  it('is idempotent: seeding again changes nothing', async () => {
    const a = await app();
    const count = async () => ({
      users: (await a.db.selectFrom('appUser').select('id').execute()).length,
      menus: (await a.db.selectFrom('menu').select('id').execute()).length,
      notices: (await a.db.selectFrom('notice').select('id').execute()).length,
    });
    const before = await count();
    await seedDemo(a.db, { size: 'small' });
    await seedDemo(a.db, { size: 'full' });
    expect(await count()).toEqual(before);
  });
});

describe('menu plan', () => {
  it('makes a submenu for a module with several menu routes and a top-level node for a single one', () => {
    const many = defineModule({
      id: 'task-center',
      title: '审批中心',
      routes: [
        { name: 'taskWorkBench', path: '/web/taskCenter/taskWorkBench', title: '工作台', area: 'web', menu: true },
        {
          name: 'taskApproval',
          path: '/web/taskCenter/taskApproval',
          title: '审批',
          area: 'web',
          menu: true,
          relationRoutes: ['taskFormPreview'],
        },
        { name: 'taskFormPreview', path: '/web/taskCenter/taskFormPreview', title: '预览', area: 'web' },
      ],
    });
    const one = defineModule({
      id: 'feedback',
      title: '意见反馈',
      routes: [{ name: 'feedbackIndex', path: '/web/feedback/index', title: '意见反馈', area: 'web', menu: true }],
    });
    const plan = menuPlan('web', [many, one]);
    expect(plan[0]!.group?.name).toBe(`${MENU_GROUP_PREFIX}task-center`);
    expect(plan[0]!.routes.map((r) => r.name)).toEqual(['taskWorkBench', 'taskApproval']);
    expect(plan[1]!.group).toBeNull();
    expect(menuPlan('cms', [many, one])).toEqual([]);
  });

  it("keeps a route meant for some platforms out of the others' menus", () => {
    const staffOnly = defineModule({
      id: 'datacentre',
      title: '数据中心',
      routes: [
        {
          name: 'dataTable',
          path: '/web/datasource/dataTable',
          title: '数据表',
          area: 'web',
          menu: true,
          platforms: ['staff'],
        },
        { name: 'feedbackIndex', path: '/web/feedback/index', title: '意见反馈', area: 'web', menu: true },
      ],
    });
    const names = (key?: string) => menuPlan('web', [staffOnly], key).flatMap((p) => p.routes.map((r) => r.name));
    expect(names('student')).toEqual(['feedbackIndex']);
    expect(names('staff')).toEqual(['dataTable', 'feedbackIndex']);
    expect(names()).toEqual(['dataTable', 'feedbackIndex']);
  });

  it('gives 一表通平台 only the routes that name it, not the student and staff services', () => {
    const mod = defineModule({
      id: 'mix',
      title: '混合',
      routes: [
        { name: 'a', path: '/web/a', title: '数据填报', area: 'web', menu: true, platforms: ['student', 'one-form'] },
        { name: 'b', path: '/web/b', title: '办事服务', area: 'web', menu: true },
        { name: 'c', path: '/web/c', title: '数据表', area: 'web', menu: true, platforms: ['staff', 'one-form'] },
      ],
    });
    const names = (key: string) => menuPlan('web', [mod], key).flatMap((p) => p.routes.map((r) => r.name));
    expect(names('one-form')).toEqual(['a', 'c']);
    expect(names('student')).toEqual(['a', 'b']);
    expect(names('staff')).toEqual(['b', 'c']);
  });

  it('draws the same numbers from the same seed', () => {
    const [x, y] = [mulberry32(42), mulberry32(42)];
    const draws = (r: typeof x) => Array.from({ length: 5 }, () => r.int(0, 1000));
    expect(draws(x)).toEqual(draws(y));
    expect(draws(mulberry32(43))).not.toEqual(draws(mulberry32(42)));
  });
});

describe('full seed and first start', () => {
  afterAll(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
  });

  it('creates thousands of students and hundreds of staff in colleges, majors and classes, and prints the demo accounts', async () => {
    const a = await app('none', { DEMO: '1' });
    const lines: string[] = [];
    await firstStart(a, (l) => lines.push(l));
    const kinds = await a.db
      .selectFrom('appUser')
      .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('kind')
      .execute();
    const n = (k: string) => Number(kinds.find((r) => r.kind === k)?.n ?? 0);
    expect(n('student')).toBeGreaterThanOrEqual(3000);
    expect(n('staff')).toBeGreaterThanOrEqual(200);
    const depts = await a.db
      .selectFrom('department')
      .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('kind')
      .execute();
    const d = (k: string) => Number(depts.find((r) => r.kind === k)?.n ?? 0);
    expect(d('college')).toBeGreaterThanOrEqual(8);
    expect(d('major')).toBeGreaterThanOrEqual(20);
    expect(d('class')).toBeGreaterThanOrEqual(100);
    // Every generated student sits in a class, and student numbers are unique.
    const inClass = await a.db
      .selectFrom('appUser')
      .innerJoin('department', 'department.id', 'appUser.departmentId')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('appUser.kind', '=', 'student')
      .where('department.kind', '=', 'class')
      .executeTakeFirstOrThrow();
    expect(Number(inClass.n)).toBeGreaterThanOrEqual(n('student') - 20);
    const distinct = await a.db
      .selectFrom('appUser')
      .select((eb) => eb.fn.count<number>('userNo').distinct().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(distinct.n)).toBe(n('student') + n('staff') + n('admin'));
    const out = lines.join('\n');
    for (const acc of DEMO_ACCOUNTS)
      expect(out).toMatch(new RegExp(`${acc.username}\\s+${acc.password.replace(/[@]/g, '\\$&')}`));
    // A second start finds users and neither seeds nor prints.
    lines.length = 0;
    await firstStart(a, (l) => lines.push(l));
    expect(lines).toEqual([]);
    // The whole demo university with every module's demo (≈ 20 s of module seeds on SQLite alone,
    // early-warning 9 s and service-feedback 6 s the biggest): over 30 s on PostgreSQL under load.
  }, 120_000);

  it('without demo mode creates only an administrator whose one-time password must be changed', async () => {
    const a = await app('none', { DEMO: '0' });
    const lines: string[] = [];
    await firstStart(a, (l) => lines.push(l));
    const users = await a.db.selectFrom('appUser').selectAll().execute();
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ username: 'admin', isAdmin: 1, mustChangePwd: 1 });
    const password = /password: (\S+)/.exec(lines.join('\n'))?.[1];
    expect(password).toBeTruthy();
    expect(await verifyPassword(users[0]!.passwordHash, password!)).toBe(true);
    expect(await seedFirstAdmin(a.db)).toBeNull();
  });
});
