import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import { DEFAULT_GROUP_TITLE, PHONE_PAGES, type LayoutGroup, type LayoutTile, type MobileLayout } from '../contract';
import { isPhoneTarget, phoneLink } from '@/shared/approval-links';

const L = '/portal/api/v1.mobileLayout';

describe('mobile layout', () => {
  let app: TestApp;
  let admin: string;
  let student: string;
  let studentPlatform: number;
  let staffPlatform: number;

  beforeAll(async () => {
    app = await buildTestApp();
    admin = await app.tokenFor('admin');
    student = await app.tokenFor('student');
    const byName = async (name: string) =>
      (await app.db.selectFrom('platform').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    studentPlatform = await byName('学生服务平台');
    staffPlatform = await byName('教职工服务平台');
  });
  afterAll(async () => {
    await app.close();
  });

  const get = async (platformId: number, token: string) =>
    app.inject({ method: 'GET', url: `${L}/get/?platformId=${platformId}`, headers: { authorization: token } });
  const layoutOf = async (platformId: number, token: string) => {
    const res = await get(platformId, token);
    expect(res.json().errorCode).toBe(Codes.ok);
    return res.json().data as MobileLayout;
  };
  const save = (body: object, token = admin) =>
    app.inject({ method: 'POST', url: `${L}/save/`, payload: body, headers: { authorization: token } });
  const reset = (platformId: number, token = admin) =>
    app.inject({ method: 'POST', url: `${L}/reset/`, payload: { platformId }, headers: { authorization: token } });
  const menuLeaves = async (platformId: number) =>
    await app.db
      .selectFrom('menu')
      .select(['name', 'path'])
      .where('platformId', '=', platformId)
      .where('scope', '=', 'web')
      .where('path', '!=', '')
      .orderBy('sort')
      .execute();
  const menuTile = (name: string, title: string, extra: Partial<LayoutTile> = {}): LayoutTile => ({
    kind: 'menu',
    name,
    url: '',
    title,
    icon: 'apps',
    badge: '',
    ...extra,
  });
  const linkTile = (url: string, title: string, extra: Partial<LayoutTile> = {}): LayoutTile => ({
    kind: 'link',
    name: '',
    url,
    title,
    icon: 'link',
    badge: '',
    ...extra,
  });
  const rejects = async (groups: unknown[], field: string, platformId = studentPlatform) => {
    const res = await save({ platformId, groups });
    expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
    expect(res.json().errorCode).toBe(Codes.inputError);
    expect(res.json().data.field).toBe(field);
    return res.json().message as string;
  };

  it("answers the default: the platform's menu leaves in menu order, in groups of 24, with their paths (phone pages where there are)", async () => {
    const data = await layoutOf(studentPlatform, student);
    const leaves = await menuLeaves(studentPlatform);
    expect(data.own).toBe(false);
    // One group until the menu passes 24 leaves (the light apps made the student's menu longer).
    expect(data.groups[0]!.title).toBe(DEFAULT_GROUP_TITLE);
    const tiles = data.groups.flatMap((g) => g.tiles);
    const deskOnly = new Set(app.modules.routes.filter((r) => r.deskOnly).map((r) => r.name));
    // Each tile opens its page's phone page; pages without one (the desktop home) are not offered on the phone.
    expect(tiles.map((t) => [t.name, t.to])).toEqual(
      leaves
        .filter((l) => !deskOnly.has(l.name))
        .map((l) => [l.name, PHONE_PAGES[l.name] ?? phoneLink(l.path)])
        .filter(([, to]) => isPhoneTarget(to!)),
    );
    expect(tiles.every((t) => t.to.startsWith('/mobile/'))).toBe(true);
    expect(tiles.find((t) => t.name === 'taskWorkBench')?.to).toBe('/mobile/taskPending');
    expect(tiles.find((t) => t.name === 'helpIndex')).toMatchObject({
      kind: 'menu',
      title: '帮助中心',
      icon: 'help',
      badge: '',
      to: '/mobile/help',
    });
    expect(tiles.find((t) => t.name === 'webHomeIndex')).toBeUndefined();
    expect(data.entries.map((e) => e.name)).toEqual(leaves.map((l) => l.name));
  });

  it('leaves desk-only pages (deskOnly in module.ts) out of the default, though the menu offers them', async () => {
    const deskOnly = app.modules.routes.filter((r) => r.deskOnly).map((r) => r.name);
    expect(deskOnly).toEqual(expect.arrayContaining(['dataTable', 'taskCreation']));
    const data = await layoutOf(staffPlatform, admin);
    const tiles = data.groups.flatMap((g) => g.tiles.map((t) => t.name));
    expect(data.entries.map((e) => e.name)).toEqual(expect.arrayContaining(['dataTable', 'taskCreation']));
    for (const name of deskOnly) expect(tiles).not.toContain(name);
    expect(tiles).toContain('dataFilling');
  });

  it('keeps a user to their own platforms; administrators read any; an unknown one is missing', async () => {
    const other = await get(staffPlatform, student);
    expect(other.statusCode).toBe(403);
    expect(other.json().errorCode).toBe(Codes.noPermission);
    expect((await layoutOf(staffPlatform, admin)).own).toBe(false);
    expect((await get(99999, admin)).json().errorCode).toBe(Codes.notFound);
    expect((await get(99999, student)).json().errorCode).toBe(Codes.noPermission);
    expect((await app.inject({ method: 'GET', url: `${L}/get/?platformId=${studentPlatform}` })).statusCode).toBe(401);
  });

  it('refuses save and reset to anyone but an administrator', async () => {
    for (const res of [
      await save({ platformId: studentPlatform, groups: [] }, student),
      await reset(studentPlatform, student),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe(Codes.noPermission);
    }
    expect((await layoutOf(studentPlatform, student)).own).toBe(false);
  });

  it('validates titles (1–12 characters once emoji are stripped)', async () => {
    expect(await rejects([{ title: '😀', tiles: [] }], 'groups.0.title')).toContain('请填写名称');
    expect(await rejects([{ title: '一二三四五六七八九十一二三', tiles: [] }], 'groups.0.title')).toContain('12');
    await rejects([{ title: '常用', tiles: [menuTile('webHomeIndex', '  ')] }], 'groups.0.tiles.0.title');
    await rejects(
      [{ title: '常用', tiles: [menuTile('webHomeIndex', '首页'), menuTile('helpIndex', 'x'.repeat(13))] }],
      'groups.0.tiles.1.title',
    );
  });

  it("accepts only route names of this platform's menu, once a group", async () => {
    expect(
      await rejects([{ title: '常用', tiles: [menuTile('noSuchRoute', '不存在')] }], 'groups.0.tiles.0.name'),
    ).toContain('noSuchRoute');
    // cms pages are not on a platform's menu.
    await rejects([{ title: '常用', tiles: [menuTile('mobileLayout', '布局')] }], 'groups.0.tiles.0.name');
    await rejects(
      [{ title: '常用', tiles: [menuTile('helpIndex', '帮助'), menuTile('helpIndex', '帮助2')] }],
      'groups.0.tiles.1.name',
    );
    // A page only the staff platform's menu holds.
    await app.db
      .insertInto('menu')
      .values({
        scope: 'web',
        platformId: staffPlatform,
        parentId: null,
        name: 'staffOnlyPage',
        path: '/web/staff/only',
        title: '教工专属',
        icon: null,
        sort: 999,
        relationRoutes: '[]',
      })
      .execute();
    await rejects([{ title: '常用', tiles: [menuTile('staffOnlyPage', '教工专属')] }], 'groups.0.tiles.0.name');
    expect(
      (
        await save({
          platformId: staffPlatform,
          groups: [{ title: '常用', tiles: [menuTile('staffOnlyPage', '教工专属')] }],
        })
      ).json().errorCode,
    ).toBe(Codes.ok);
    expect((await reset(staffPlatform)).json().errorCode).toBe(Codes.ok);
  });

  it('accepts http(s) links and in-app paths, nothing else', async () => {
    for (const bad of ['javascript:alert(1)', '//evil.example.com', 'ftp://x.example', 'web/help', '']) {
      await rejects([{ title: '链接', tiles: [linkTile(bad, '外链')] }], 'groups.0.tiles.0.url');
    }
    const ok = await save({
      platformId: studentPlatform,
      groups: [
        { title: '链接', tiles: [linkTile('https://lib.example.edu/', '图书馆'), linkTile('/web/help/index', '帮助')] },
      ],
    });
    expect(ok.json().errorCode).toBe(Codes.ok);
  });

  it('checks icons, badges, the group count and the tiles per group', async () => {
    await rejects(
      [{ title: '常用', tiles: [menuTile('webHomeIndex', '首页', { icon: 'rocket' as 'apps' })] }],
      'groups.0.tiles.0.icon',
    );
    await rejects(
      [{ title: '常用', tiles: [menuTile('webHomeIndex', '首页', { badge: 'tasks' as '' })] }],
      'groups.0.tiles.0.badge',
    );
    const thirteen = Array.from({ length: 13 }, (_, i) => ({ title: `分组${i}`, tiles: [] }));
    await rejects(thirteen, 'groups');
    const many = Array.from({ length: 25 }, (_, i) => linkTile(`/web/help/index?i=${i}`, `链接${i}`));
    await rejects([{ title: '很多', tiles: many }], 'groups.0.tiles');
    expect(
      (
        await save({
          platformId: studentPlatform,
          groups: [...thirteen.slice(0, 12).map((g, i) => (i ? g : { ...g, tiles: many.slice(0, 24) }))],
        })
      ).json().errorCode,
    ).toBe(Codes.ok);
    expect((await save({ platformId: 99999, groups: [] })).json().errorCode).toBe(Codes.notFound);
  });

  it('stores the layout (emoji stripped), audits it, and answers each caller only the tiles they may open', async () => {
    const groups: LayoutGroup[] = [
      {
        title: '常用服务🎉',
        tiles: [
          menuTile('helpIndex', '帮助中心', { icon: 'help' }),
          menuTile('webHomeIndex', '首页', { icon: 'home', badge: 'messages' }),
          linkTile('https://lib.example.edu/', '图书馆', { icon: 'library' }),
        ],
      },
      { title: '学习', tiles: [menuTile('helpIndex', '使用帮助', { icon: 'book' })] },
      { title: '空分组', tiles: [] },
    ];
    const res = await save({ platformId: studentPlatform, groups });
    expect(res.json().errorCode).toBe(Codes.ok);
    expect(res.json().data.groups[0].title).toBe('常用服务');
    const row = await app.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'mobile_layout_saved')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      actorName: 'admin',
      target: `mobileLayout:${studentPlatform}`,
      detail: '常用服务(3),学习(1),空分组(0)',
    });

    const mine = await layoutOf(studentPlatform, student);
    expect(mine.own).toBe(true);
    expect(mine.groups.map((g) => g.title)).toEqual(['常用服务', '学习']); // the empty group is not shown on phones
    // On the phone a tile opens its phone page; the desktop home has none, so the phone is not offered it.
    expect(mine.groups[0]!.tiles.map((t) => [t.title, t.to, t.badge])).toEqual([
      ['帮助中心', '/mobile/help', ''],
      ['图书馆', 'https://lib.example.edu/', ''],
    ]);
    // The administrator sees the whole layout, empty group and desktop-only tile included.
    const whole = await layoutOf(studentPlatform, admin);
    expect(whole.groups.map((g) => g.title)).toEqual(['常用服务', '学习', '空分组']);
    expect(whole.groups[0]!.tiles.map((t) => t.to)).toEqual([
      '/mobile/help',
      '/web/home/index',
      'https://lib.example.edu/',
    ]);

    // Take the help centre away from the student role: its tiles go, and so does the group it leaves empty.
    const helpIds = (
      await app.db
        .selectFrom('menu')
        .select('id')
        .where('platformId', '=', studentPlatform)
        .where('name', '=', 'helpIndex')
        .execute()
    ).map((r) => r.id);
    await app.db.deleteFrom('roleMenu').where('menuId', 'in', helpIds).execute();
    const after = await layoutOf(studentPlatform, student);
    expect(after.groups.map((g) => g.title)).toEqual(['常用服务']);
    expect(after.groups[0]!.tiles.map((t) => t.title)).toEqual(['图书馆']);
    expect(after.entries.map((e) => e.name)).not.toContain('helpIndex');
    // The default is filtered the same way.
    expect((await reset(studentPlatform)).json().data).toMatchObject({ own: false });
    const def = await layoutOf(studentPlatform, student);
    expect(def.groups[0]!.tiles.map((t) => t.name)).not.toContain('helpIndex');
    expect(def.groups[0]!.tiles.length).toBeGreaterThan(0);
  });

  it('resets to the default and audits it', async () => {
    expect((await save({ platformId: studentPlatform, groups: [{ title: '常用', tiles: [] }] })).json().errorCode).toBe(
      Codes.ok,
    );
    const res = await reset(studentPlatform);
    expect(res.json()).toMatchObject({ errorCode: Codes.ok, message: '已恢复默认布局', data: { own: false } });
    expect(res.json().data.groups[0].title).toBe(DEFAULT_GROUP_TITLE);
    expect((await layoutOf(studentPlatform, admin)).own).toBe(false);
    expect(
      await app.db.selectFrom('auditLog').select('target').where('action', '=', 'mobile_layout_reset').execute(),
    ).not.toHaveLength(0);
  });
});
