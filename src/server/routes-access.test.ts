import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestUser, testConfig, type TestApp } from './test/helper';
import { buildApp } from './app';
import { Codes } from '@/shared/errors';
import { userPlatforms } from './identity/menus';

/**
 * Walks every route the server registers: each must declare its access (registration throws
 * otherwise — proved below), and each is called with no token, a token of the wrong kind and
 * a token of the right kind. "Passes" means the answer is neither 0x00000011 nor 0x00000010
 * with 401/403; it may still be an input error, since these calls carry no body. (A public
 * route may report "not signed in" in an HTTP 200 body: check_user_is_login does, by design.)
 */
const DENIED = [Codes.notAuthenticated, Codes.noPermission];

function concreteUrl(url: string): string {
  return url.replace(/:[A-Za-z_]+/g, '1').replace(/\*/g, 'x');
}

describe('every route declares and enforces its access', () => {
  let app: TestApp;
  let tokens: { admin: string; userTokens: string[]; noMenu: string };
  beforeAll(async () => {
    app = await buildTestApp();
    const userTokens: string[] = [];
    for (const username of ['student', 'teacher']) {
      const u = await app.db
        .selectFrom('appUser')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow();
      for (const p of await userPlatforms(app.db, u.id)) userTokens.push(await app.tokenFor(username, p.id));
    }
    // The seed grants every web menu to every platform's roles, so the refusal of a route-name
    // route is shown with a signed-in account that holds no platform and no menu.
    await createTestUser(app, { username: 'no-menu', password: 'NoMenu@2026' });
    tokens = { admin: await app.tokenFor('admin'), userTokens, noMenu: await app.tokenFor('no-menu') };
  });
  afterAll(async () => {
    await app.close();
  });

  const call = (method: string, url: string, token?: string) =>
    app.inject({ method: method as 'GET', url: concreteUrl(url), headers: token ? { authorization: token } : {} });
  const codeOf = (res: { body: string; statusCode: number }) => {
    if (res.statusCode !== 401 && res.statusCode !== 403) return `HTTP ${res.statusCode}`;
    try {
      return (JSON.parse(res.body) as { errorCode?: string }).errorCode;
    } catch {
      return undefined;
    }
  };

  it('refuses to register a route without an access declaration', async () => {
    const bare = await buildApp({ config: testConfig(), db: { sqliteFile: ':memory:' } });
    expect(() => bare.get('/user/api/v1.undeclared/x/', async () => 'x')).toThrow(/declares no config.access/);
    await bare.close();
  });

  it('has the routes of the platform core', () => {
    const urls = app.declaredRoutes.map((r) => `${r.method} ${r.url}`);
    for (const u of [
      'POST /user/login/',
      'GET /user/login/',
      'GET /user/login/get_code/',
      'POST /user/login/login_out/',
      'POST /user/api/v1.user/check_user_is_login/',
      'POST /user/api/v1.platform/choice_platform/',
      'POST /portal/backend/organizationConfig/saveTheme/',
    ]) {
      expect(urls).toContain(u);
    }
  });

  it('lets anyone call public routes, and nobody without a token call the others', async () => {
    for (const r of app.declaredRoutes) {
      const res = await call(r.method, r.url);
      if (r.access === 'public') expect(DENIED, `${r.method} ${r.url}`).not.toContain(codeOf(res));
      else expect(codeOf(res), `${r.method} ${r.url}`).toBe(Codes.notAuthenticated);
    }
  });

  it('keeps administrator routes for administrators', async () => {
    for (const r of app.declaredRoutes.filter((x) => x.access === 'admin')) {
      for (const t of tokens.userTokens)
        expect(codeOf(await call(r.method, r.url, t)), `${r.method} ${r.url}`).toBe(Codes.noPermission);
      expect(DENIED, `${r.method} ${r.url}`).not.toContain(codeOf(await call(r.method, r.url, tokens.admin)));
    }
  });

  it('lets any signed-in caller use session routes', async () => {
    for (const r of app.declaredRoutes.filter((x) => x.access === 'session')) {
      for (const t of [tokens.admin, ...tokens.userTokens])
        expect(DENIED, `${r.method} ${r.url}`).not.toContain(codeOf(await call(r.method, r.url, t)));
    }
  });

  it('grants route-name routes exactly to callers whose menu holds one of the names', async () => {
    for (const r of app.declaredRoutes.filter((x) => typeof x.access === 'object')) {
      const results = await Promise.all(
        [tokens.admin, ...tokens.userTokens, tokens.noMenu].map(async (t) => codeOf(await call(r.method, r.url, t))),
      );
      expect(
        results.some((c) => !DENIED.includes(c as never)),
        `${r.method} ${r.url}: no demo account is granted it`,
      ).toBe(true);
      expect(
        results.some((c) => c === Codes.noPermission),
        `${r.method} ${r.url}: every demo account is granted it`,
      ).toBe(true);
    }
  });
});
