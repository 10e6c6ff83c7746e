import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import { putSetting } from '@/server/identity/settings';
import type { AppView, NavSection, ServerApp } from '../contract';

const U = '/portal/api/v1.appCenter';
const A = '/portal/api/v1.appPortal';
const json = (payload: unknown) => ({
  payload: JSON.stringify(payload),
  headers: { 'content-type': 'application/json' },
});

let app: TestApp;
let staffPlatform: number;
const id: Record<string, number> = {};
let categoryId: number;

const as = (who: string) => (who === 'teacher' ? staffPlatform : null);
const get = (who: string, url: string) => app.injectAs(who, { method: 'GET', url }, as(who));
const post = (who: string, url: string, body: unknown) =>
  app.injectAs(who, { method: 'POST', url, ...json(body) }, as(who));
const names = async (who: string, query = '') =>
  ((await get(who, `${U}/list/?page=1&pageSize=50${query}`)).json().data.list as AppView[]).map((a) => a.name);

const base = {
  description: '',
  color: '#1677ff',
  kind: 'external',
  url: 'https://lib.example.edu/',
  sso: false,
  devices: 'all',
  enabled: true,
  navPinned: true,
  sort: 100,
  roleIds: [] as number[],
  platformIds: [] as number[],
};

beforeAll(async () => {
  app = await buildTestApp();
  staffPlatform = (
    await app.db.selectFrom('platform').select('id').where('name', '=', '教职工服务平台').executeTakeFirstOrThrow()
  ).id;
  const staffRole = (await app.db.selectFrom('role').select('id').where('code', '=', 'staff').executeTakeFirstOrThrow())
    .id;
  categoryId = (await post('admin', `${A}/category/save/`, { name: '校园生活', sort: 10 })).json().data.id;
  const add = async (name: string, over: Record<string, unknown> = {}) => {
    const r = await post('admin', `${A}/save/`, { ...base, categoryId, name, ...over });
    expect(r.json().errorCode, r.body).toBe('0x00000000');
    id[name] = r.json().data.id;
  };
  await add('图书馆', { description: '馆藏检索、借阅续借' });
  await add('科研管理系统', { roleIds: [staffRole] });
  await add('校车时刻表', { devices: 'phone' });
  await add('教职工平台专用', { platformIds: [staffPlatform] });
  await add('停用的系统', { enabled: false });
  await add('教务管理系统', { url: 'https://jwxt.example.edu/index?a=1', sso: true });
  await add('校历日程', { kind: 'internal', url: '/web/lightApps/calendar', navPinned: false });
});
afterAll(async () => app?.close());

describe('visibility, enforced on the server', () => {
  it('a student sees only what their role, platform and device allow', async () => {
    const desk = await names('student');
    expect(desk).toEqual(expect.arrayContaining(['图书馆', '教务管理系统', '校历日程']));
    for (const hidden of ['科研管理系统', '校车时刻表', '教职工平台专用', '停用的系统'])
      expect(desk).not.toContain(hidden);
    expect(await names('student', '&device=phone')).toContain('校车时刻表');
  });

  it('a teacher on the staff platform sees the staff apps', async () => {
    const desk = await names('teacher');
    expect(desk).toEqual(expect.arrayContaining(['科研管理系统', '教职工平台专用', '图书馆']));
    expect(desk).not.toContain('停用的系统');
  });

  it('a hidden app cannot be favourited, rated or opened by id', async () => {
    for (const [url, body] of [
      [`${U}/favorite/`, { appId: id['科研管理系统'], on: true }],
      [`${U}/rate/`, { appId: id['科研管理系统'], score: 5 }],
      [`${U}/open/`, { appId: id['科研管理系统'] }],
    ] as const) {
      const r = await post('student', url, body);
      expect(r.statusCode).toBe(404);
      expect(r.json().errorCode).toBe(Codes.appCenterNotVisible);
    }
    const rows = await app.db
      .selectFrom('acFavorite')
      .select('userId')
      .where('appId', '=', id['科研管理系统']!)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('get_server_app answers the apps the user may open (spec §7)', async () => {
    const r = await get('student', '/message/api/v1.message/get_server_app/');
    const list = r.json().data as ServerApp[];
    expect(list.map((a) => a.name)).not.toContain('科研管理系统');
    expect(list.find((a) => a.name === '图书馆')).toMatchObject({
      kind: 'external',
      category: '校园生活',
      url: 'https://lib.example.edu/',
    });
    expect((await app.inject({ method: 'GET', url: '/message/api/v1.message/get_server_app/' })).statusCode).toBe(401);
  });
});

describe('favourites, ratings, recently used, search', () => {
  it('favourites come and go', async () => {
    expect((await post('student', `${U}/favorite/`, { appId: id['图书馆'], on: true })).json().errorCode).toBe(
      '0x00000000',
    );
    expect(await names('student', '&scope=favorite')).toEqual(['图书馆']);
    await post('student', `${U}/favorite/`, { appId: id['图书馆'], on: false });
    expect(await names('student', '&scope=favorite')).toEqual([]);
  });

  it('one score per person, the average moves with it', async () => {
    await post('student', `${U}/rate/`, { appId: id['图书馆'], score: 4 });
    await post('student', `${U}/rate/`, { appId: id['图书馆'], score: 2 });
    await post('teacher', `${U}/rate/`, { appId: id['图书馆'], score: 5 });
    const list = (await get('student', `${U}/list/?page=1&pageSize=50`)).json().data.list as AppView[];
    expect(list.find((a) => a.name === '图书馆')).toMatchObject({ rating: 3.5, ratingCount: 2, myScore: 2 });
    expect((await post('student', `${U}/rate/`, { appId: id['图书馆'], score: 6 })).statusCode).toBe(400);
  });

  it('opening records the use; recently used lists latest first', async () => {
    await post('student', `${U}/open/`, { appId: id['图书馆'] });
    const r = await post('student', `${U}/open/`, { appId: id['校历日程'] });
    expect(r.json().data).toEqual({ url: '/web/lightApps/calendar', kind: 'internal' });
    expect(await names('student', '&scope=recent')).toEqual(['校历日程', '图书馆']);
  });

  it('finds apps by name, description and pinyin initials', async () => {
    expect(await names('student', `&keyword=${encodeURIComponent('借阅')}`)).toEqual(['图书馆']);
    expect(await names('student', '&keyword=tsg')).toEqual(['图书馆']);
    expect(await names('student', '&keyword=jiaowu')).toEqual(['教务管理系统']);
    expect(await names('student', `&keyword=${encodeURIComponent('100%_')}`)).toEqual([]);
  });

  it('an SSO app opens through the CAS login when CAS is configured', async () => {
    const plain = await post('student', `${U}/open/`, { appId: id['教务管理系统'] });
    expect(plain.json().data.url).toBe('https://jwxt.example.edu/index?a=1');
    await putSetting(app.db, 'sso', { kind: 'cas', cas: { serverUrl: 'https://cas.example.edu/cas/' } });
    try {
      const r = await post('student', `${U}/open/`, { appId: id['教务管理系统'] });
      expect(r.json().data.url).toBe(
        `https://cas.example.edu/cas/login?service=${encodeURIComponent('https://jwxt.example.edu/index?a=1')}`,
      );
    } finally {
      await app.db.deleteFrom('setting').where('key', '=', 'sso').execute();
    }
  });

  it('the navigation portal lays out pinned apps by category', async () => {
    const nav = (await get('student', `${U}/nav/`)).json().data as NavSection[];
    expect(nav.map((s) => s.name)).toEqual(['校园生活']);
    expect(nav[0]!.apps.map((a) => a.name)).not.toContain('校历日程');
  });
});

describe('back office', () => {
  it('refuses bad addresses, a non-empty category delete, and users', async () => {
    const bad = await post('admin', `${A}/save/`, { ...base, categoryId, name: 'x', url: 'javascript:alert(1)' });
    expect(bad.json().errorCode).toBe(Codes.appCenterBadUrl);
    const badInternal = await post('admin', `${A}/save/`, {
      ...base,
      categoryId,
      name: 'x',
      kind: 'internal',
      url: '//evil.example',
    });
    expect(badInternal.json().errorCode).toBe(Codes.appCenterBadUrl);
    const badRole = await post('admin', `${A}/save/`, { ...base, categoryId, name: 'x', roleIds: [999999] });
    expect(badRole.statusCode).toBe(400);
    const full = await post('admin', `${A}/category/delete/`, { id: categoryId });
    expect(full.statusCode).toBe(409);
    expect(full.json().errorCode).toBe(Codes.appCenterCategoryNotEmpty);
    expect((await post('student', `${A}/save/`, { ...base, categoryId, name: 'x' })).statusCode).toBe(403);
    const list = (await get('admin', `${A}/list/?page=1&pageSize=50`)).json().data;
    expect(list.total).toBe(7);
    expect(list.list.find((a: { name: string }) => a.name === '科研管理系统').roleIds).toHaveLength(1);
  });

  it('deleting an app takes its favourites and ratings with it', async () => {
    await post('student', `${U}/favorite/`, { appId: id['图书馆'], on: true });
    expect((await post('admin', `${A}/delete/`, { id: id['图书馆'] })).json().errorCode).toBe('0x00000000');
    const left = await app.db.selectFrom('acRating').select('userId').where('appId', '=', id['图书馆']!).execute();
    expect(left).toHaveLength(0);
    expect(await names('student', '&scope=favorite')).toEqual([]);
  });
});
