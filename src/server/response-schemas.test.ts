import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { buildTestApp, type TestApp } from './test/helper';
import { resolveSession } from './identity/sessions';

/**
 * Response schemas (issue 15): a route that declares `schema.response` is written by the compiled
 * serialiser, which writes only the declared fields. So for each hot route this test compares the
 * handler's own answer with what goes over the wire — a field the client reads that the schema
 * forgot would be dropped silently — and checks that no declared schema names a secret.
 */
const SECRET = /password|passwd|hash|secret|salt|token|private/i;

/** Every key path of a JSON value, arrays collapsed to `[]` (one item stands for all). */
function keyPaths(v: unknown, prefix = '', out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) for (const item of v) keyPaths(item, `${prefix}[].`, out);
  else if (v && typeof v === 'object')
    for (const [k, child] of Object.entries(v)) {
      out.add(`${prefix}${k}`);
      keyPaths(child, `${prefix}${k}.`, out);
    }
  return out;
}

/** Every property name a JSON schema declares, at any depth. */
function schemaProperties(s: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(s)) for (const x of s) schemaProperties(x, out);
  else if (s && typeof s === 'object') {
    const props = (s as { properties?: Record<string, unknown> }).properties;
    if (props) for (const k of Object.keys(props)) out.add(k);
    for (const v of Object.values(s)) schemaProperties(v, out);
  }
  return out;
}

/** The hot routes of issue 15, called as these users with these (already valid) inputs. */
type Inputs = Record<string, unknown>;
const HOT: {
  method: string;
  url: string;
  as: string | null;
  /** The query, or a function finding it in the seeded data (an id that exists). */
  query?: Inputs | ((app: TestApp) => Promise<Inputs>);
  body?: object;
}[] = [
  { method: 'POST', url: '/user/api/v1.user/check_user_is_login/', as: 'student', body: {} },
  { method: 'POST', url: '/user/api/v1.user/check_user_is_login/', as: null, body: {} },
  { method: 'GET', url: '/portal/api/v1.notice/list/', as: null, query: { kind: 'notice', page: 1, pageSize: 20 } },
  { method: 'GET', url: '/user/api/v1.dashboard/summary/', as: 'admin' },
  { method: 'GET', url: '/user/api/v1.account/list/', as: 'admin', query: { page: 1, pageSize: 20 } },
  {
    method: 'GET',
    url: '/workflow/api/v1.task/list/',
    as: 'teacher',
    query: { type: 'dsp', page: 1, pageSize: 20 },
  },
  // The approval centre's other lists and their counts.
  { method: 'GET', url: '/workflow/api/v1.task/list/', as: 'student', query: { type: 'wfq', page: 1, pageSize: 20 } },
  { method: 'GET', url: '/workflow/api/v1.task/list/', as: 'teacher', query: { type: 'ysp', page: 1, pageSize: 20 } },
  { method: 'GET', url: '/workflow/api/v1.task/counts/', as: 'teacher' },
  // Sign-in and session calls (POST /user/login/ itself, whose captcha and RSA make each call one of a
  // kind, is compared with issueLogin's own answer in auth's login.test.ts).
  { method: 'POST', url: '/user/commonInterface/get_public_key/', as: null },
  { method: 'POST', url: '/user/login/login_out/', as: null, body: {} },
  { method: 'POST', url: '/user/api/v1.user/incVisit/', as: null, body: {} },
  { method: 'GET', url: '/user/api/v1.user/getMyInfo/', as: 'student' },
  { method: 'GET', url: '/user/api/v1.user/getPersonalInfo/', as: 'teacher' },
  // The personal centre's home and its lists.
  { method: 'GET', url: '/user/api/v1.userCenter/home/', as: 'student' },
  { method: 'GET', url: '/user/api/v1.userCenter/favorite/list/', as: 'student', query: { page: 1, pageSize: 20 } },
  { method: 'GET', url: '/user/api/v1.userCenter/footprint/list/', as: 'student', query: { page: 1, pageSize: 20 } },
  // Notices and messages.
  {
    method: 'GET',
    url: '/portal/api/v1.notice/detail/',
    as: null,
    query: async (app) => {
      const n = await app.db
        .selectFrom('notice')
        .select('id')
        .where('status', '=', 'published')
        .executeTakeFirstOrThrow();
      return { id: n.id };
    },
  },
  {
    method: 'GET',
    url: '/message/api/v1.message/list/',
    as: 'student',
    query: { status: 'all', page: 1, pageSize: 20 },
  },
  { method: 'GET', url: '/message/api/v1.message/message_count/', as: 'student' },
  { method: 'POST', url: '/message/api/v1.message/read_message/', as: 'student', body: { all: true } },
  { method: 'GET', url: '/message/api/v1.message/user_message_count/', as: 'admin', query: { page: 1, pageSize: 20 } },
  // Accounts (the detail is also what create/ and update/ answer): never a password hash.
  {
    method: 'GET',
    url: '/user/api/v1.account/detail/',
    as: 'admin',
    query: async (app) => {
      const u = await app.db
        .selectFrom('appUser')
        .select('id')
        .where('username', '=', 'student')
        .executeTakeFirstOrThrow();
      return { id: u.id };
    },
  },
];

describe('response schemas', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
    // The student's favourite and footprint, so their lists are checked with a row.
    const uc = '/user/api/v1.userCenter';
    for (const [url, payload] of [
      [`${uc}/favorite/add/`, { kind: 'page', refKey: 'myMessage', title: '我的消息', link: '/web/myMessage' }],
      [
        `${uc}/footprint/record/`,
        { visits: [{ kind: 'page', path: '/web/myMessage', title: '我的消息', at: Date.now() }] },
      ],
    ] as const) {
      const res = await app.injectAs('student', { method: 'POST', url, payload });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(async () => {
    await app.close();
  });

  it('declares one on every hot route', () => {
    for (const h of HOT) {
      const r = app.declaredRoutes.find((d) => d.method === h.method && d.url === h.url);
      expect(r, `${h.method} ${h.url} is registered`).toBeDefined();
      expect(r!.schema?.response, `${h.method} ${h.url} declares a response schema`).toBeDefined();
    }
  });

  it('writes every field the handler answers on the hot routes', async () => {
    for (const h of HOT) {
      const route = app.declaredRoutes.find((d) => d.method === h.method && d.url === h.url)!;
      const token = h.as ? await app.tokenFor(h.as) : null;
      const auth = token ? await resolveSession(app.db, app.config, token) : null;
      const query = typeof h.query === 'function' ? await h.query(app) : (h.query ?? {});
      const req = { query, body: h.body ?? {}, auth, ip: '127.0.0.1', headers: {}, server: app };
      const own = (await (route.handler as (r: FastifyRequest, p: FastifyReply) => unknown).call(
        app,
        req as unknown as FastifyRequest,
        {} as FastifyReply,
      )) as object;
      const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
      const res = await app.inject({
        method: h.method,
        url: qs ? `${h.url}?${qs}` : h.url,
        headers: token ? { authorization: token } : {},
        ...(h.method === 'POST' ? { payload: h.body ?? {} } : {}),
      });
      expect(res.statusCode, `${h.method} ${h.url}: ${res.body.slice(0, 200)}`).toBe(200);
      const sent = keyPaths(res.json());
      const dropped = [...keyPaths(JSON.parse(JSON.stringify(own)))].filter((k) => !sent.has(k));
      expect(dropped, `${h.method} ${h.url} as ${h.as ?? 'visitor'}`).toEqual([]);
      // A list is checked with rows in it, or the item schema went untested.
      const data = (res.json() as { data: { list?: unknown[] } }).data;
      if (data && 'list' in data)
        expect(data.list!.length, `${h.url} ${qs} as ${h.as ?? 'visitor'} answers rows`).toBeGreaterThan(0);
    }
  });

  it('names no secret in any declared response schema', () => {
    const leaks = app.declaredRoutes
      .filter((r) => r.schema?.response)
      .flatMap((r) =>
        [...schemaProperties(r.schema!.response)].filter((k) => SECRET.test(k)).map((k) => `${r.url} ${k}`),
      );
    expect(leaks).toEqual([]);
  });

  it('reports the routes still without one', () => {
    const without = app.declaredRoutes.filter((r) => !r.schema?.response);
    // The goal is every route (issue 15); this count only prints where that stands.
    console.info(
      `response schemas: ${app.declaredRoutes.length - without.length} of ${app.declaredRoutes.length} routes; ` +
        `${without.length} without (RESPONSE_SCHEMA_LIST=1 lists them)`,
    );
    if (process.env.RESPONSE_SCHEMA_LIST) for (const r of without) console.info(`  ${r.method} ${r.url}`);
    expect(without.length).toBeLessThan(app.declaredRoutes.length);
  });
});
