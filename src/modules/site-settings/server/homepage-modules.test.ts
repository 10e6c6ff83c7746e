import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import { DEFAULT_HOME_MODULES, type HomeModule } from '../contract';
import { DEMO_HOME_MODULES } from './seed';

const GET = '/portal/api/v1.homepage/modules/';
const SAVE = '/portal/api/v1.homepage/save/';

const LAYOUT: HomeModule[] = [
  { kind: 'search', placeholder: '搜索服务' },
  {
    kind: 'shortcuts',
    title: '服务直通车',
    items: [
      { title: '首页', icon: 'HomeOutlined', path: '/home/index', url: '' },
      { title: '学校官网', icon: 'LinkOutlined', path: '', url: 'https://www.example.edu' },
    ],
  },
  { kind: 'news', title: '新闻' },
  { kind: 'banner', title: '欢迎', subtitle: '副标题', picture: '' },
  { kind: 'shortcuts', title: '常用', items: [] },
  {
    kind: 'topAffairs',
    title: '热门事项',
    items: [{ title: '首页', icon: 'StarOutlined' as 'BookOutlined', path: '/home/index', url: '' }],
  },
];

describe('homepage modules', () => {
  let app: TestApp;
  let admin: string;
  beforeAll(async () => {
    app = await buildTestApp();
    admin = await app.tokenFor('admin');
  });
  afterAll(async () => {
    await app.close();
  });

  const save = (body: unknown, token?: string) =>
    app.inject({ method: 'POST', url: SAVE, payload: body as object, headers: token ? { authorization: token } : {} });
  const read = (scope?: string) => app.inject({ method: 'GET', url: scope ? `${GET}?scope=${scope}` : GET });
  const platformId = async () =>
    (await app.db.selectFrom('platform').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const valid = LAYOUT.map((m) =>
    m.kind === 'topAffairs' ? { ...m, items: [{ ...m.items[0]!, icon: 'BookOutlined' as const }] } : m,
  );

  it('answers the default look (banner, notices, news) to anyone before anything is saved', async () => {
    const bare = await buildTestApp({ seed: 'none' });
    try {
      const res = await bare.inject({ method: 'GET', url: GET });
      expect(res.json()).toMatchObject({
        errorCode: Codes.ok,
        data: { scope: 'visitor', own: false, modules: DEFAULT_HOME_MODULES },
      });
      expect(res.json().data.modules.map((m: HomeModule) => m.kind)).toEqual(['banner', 'notices', 'news']);
    } finally {
      await bare.close();
    }
  });

  it("answers the demo school's visitor home, fed by the server (search, hot items and questions, specials)", async () => {
    const res = await read();
    expect(res.json()).toMatchObject({
      errorCode: Codes.ok,
      data: { scope: 'visitor', own: true, modules: DEMO_HOME_MODULES },
    });
    // a platform without its own list shows the visitor one
    expect((await read(String(await platformId()))).json().data).toMatchObject({
      own: false,
      modules: DEMO_HOME_MODULES,
    });
  });

  it('refuses a save without a token (0x00000011) and from a user (0x00000010)', async () => {
    const anon = await save({ scope: 'visitor', modules: valid });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().errorCode).toBe(Codes.notAuthenticated);
    const user = await save({ scope: 'visitor', modules: valid }, await app.tokenFor('teacher'));
    expect(user.statusCode).toBe(403);
    expect(user.json().errorCode).toBe(Codes.noPermission);
    // nothing changed: still the demo school's look
    expect((await read()).json().data.modules).toEqual(DEMO_HOME_MODULES);
  });

  it('stores the modules in the given order, answers them publicly, and audits the save', async () => {
    const res = await save({ scope: 'visitor', modules: valid }, admin);
    expect(res.json().errorCode).toBe(Codes.ok);
    const back = (await read('visitor')).json().data;
    expect(back.own).toBe(true);
    expect(back.modules).toEqual(valid);
    const row = await app.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'homepage_modules_saved')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      actorName: 'admin',
      target: 'homepage:visitor',
      detail: 'search,shortcuts,news,banner,shortcuts,topAffairs',
    });
  });

  it("keeps each platform's list apart; a platform without its own shows the visitor one", async () => {
    const id = await platformId();
    expect((await read(String(id))).json().data).toMatchObject({ own: false, modules: valid });
    const mine: HomeModule[] = [{ kind: 'notices', title: '本平台通知' }];
    expect((await save({ scope: String(id), modules: mine }, admin)).json().errorCode).toBe(Codes.ok);
    expect((await read(String(id))).json().data).toEqual({ scope: String(id), own: true, modules: mine });
    expect((await read('visitor')).json().data.modules).toEqual(valid);
  });

  it('refuses an unknown platform scope (read and save)', async () => {
    expect((await read('99999')).json().errorCode).toBe(Codes.notFound);
    expect((await save({ scope: '99999', modules: [] }, admin)).json().errorCode).toBe(Codes.notFound);
    const bad = await read('teachers');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.field).toBe('scope');
  });

  const rejects = async (modules: unknown[], field: string) => {
    const before = (await read('visitor')).json().data.modules;
    const res = await save({ scope: 'visitor', modules }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe(Codes.inputError);
    expect(res.json().data.field).toBe(field);
    expect((await read('visitor')).json().data.modules).toEqual(before);
    return res.json().message as string;
  };

  it('rejects an unknown module kind', async () => {
    await rejects([{ kind: 'weather', title: '天气' }], 'modules.0.kind');
  });

  it('rejects a kind twice, but allows several shortcut groups', async () => {
    expect(
      await rejects(
        [
          { kind: 'notices', title: 'a' },
          { kind: 'notices', title: 'b' },
        ],
        'modules.1.kind',
      ),
    ).toContain('只能出现一次');
    const twoGroups = [
      { kind: 'shortcuts', title: 'a', items: [] },
      { kind: 'shortcuts', title: 'b', items: [] },
    ];
    expect((await save({ scope: 'visitor', modules: twoGroups }, admin)).json().errorCode).toBe(Codes.ok);
  });

  it('rejects a shortcut to a page that does not exist, with neither or both targets, or a bad url', async () => {
    const group = (item: object) => [
      {
        kind: 'shortcuts',
        title: '直通车',
        items: [{ title: '事项', icon: 'FormOutlined', path: '', url: '', ...item }],
      },
    ];
    expect(await rejects(group({ path: '/web/noSuchPage' }), 'modules.0.items.0.path')).toContain('/web/noSuchPage');
    expect(await rejects(group({ path: '/home/notice/:id' }), 'modules.0.items.0.path')).toContain('不存在');
    await rejects(group({}), 'modules.0.items.0.path');
    await rejects(group({ path: '/home/index', url: 'https://x.example.edu' }), 'modules.0.items.0.path');
    await rejects(group({ url: 'javascript:alert(1)' }), 'modules.0.items.0.url');
  });

  it('rejects more than 12 shortcuts in a group', async () => {
    const items = Array.from({ length: 13 }, (_, i) => ({
      title: `事项${i}`,
      icon: 'FormOutlined',
      path: '/home/index',
      url: '',
    }));
    await rejects([{ kind: 'shortcuts', title: '直通车', items }], 'modules.0.items');
    expect(
      (
        await save(
          { scope: 'visitor', modules: [{ kind: 'shortcuts', title: '直通车', items: items.slice(0, 12) }] },
          admin,
        )
      ).json().errorCode,
    ).toBe(Codes.ok);
  });

  it('refuses a platform scope too large for an id with 400, on PostgreSQL too', async () => {
    const res = await app.inject({ method: 'GET', url: `${GET}?scope=2147483648` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: Codes.inputError, data: { field: 'scope' } });
  });
});
