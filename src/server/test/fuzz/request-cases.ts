import type { InjectOptions } from 'fastify';
import type { Prng } from './prng';
import { pathsOf, sampleValid, withPath, type JsonSchema } from './schema-sample';
import {
  HOSTILE_NUMBERS,
  HOSTILE_NUMBER_TEXTS,
  HOSTILE_OTHERS,
  HOSTILE_STRINGS,
  MEGABYTE,
  RAW_JSON_BODIES,
  deepNesting,
} from './hostile-values';
import { multipartCases } from './multipart-cases';

export interface RouteUnderTest {
  method: string;
  url: string;
  schema?: { params?: unknown; querystring?: unknown; body?: unknown };
}

/** One request to send, with a label short enough to print when it fails. */
export interface FuzzCase {
  label: string;
  inject: InjectOptions;
}

/** The paging spellings that answered 500 before the paging schema was bounded (issue 11). */
export const BAD_PAGING = ['100000000000000000000', 'Infinity', '1e400', '-1', '1.5', '1e308', '2147483648'];

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const asSchema = (s: unknown): JsonSchema | undefined => (s && typeof s === 'object' ? (s as JsonSchema) : undefined);

function hostileValue(r: Prng): unknown {
  const kind = r.int(0, 2);
  if (kind === 0) return r.pick(HOSTILE_STRINGS);
  if (kind === 1) return r.pick(HOSTILE_NUMBERS);
  return r.pick(HOSTILE_OTHERS);
}

/** A query-string value as text: arrays repeat the key, objects travel as JSON. */
function queryText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

function toQuery(q: Record<string, unknown>): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) {
    if (Array.isArray(v)) for (const x of v) sp.append(k, queryText(x));
    else sp.append(k, queryText(v));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}

function fillPath(url: string, params: Record<string, unknown>): string {
  return url.replace(/:([A-Za-z_]+)/g, (_, name: string) => encode(queryText(params[name] ?? '1'))).replace(/\*/g, 'x');
}

/** encodeURIComponent, except that lone surrogates (which URLs cannot carry) go as their UTF-8 replacement. */
function encode(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return [...Buffer.from(v)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}

/** `v` with every string in it replaced by `text`. */
function everyString(v: unknown, text: string): unknown {
  if (typeof v === 'string') return text;
  if (Array.isArray(v)) return v.map((x) => everyString(x, text));
  if (v && typeof v === 'object')
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, everyString(x, text)]));
  return v;
}

function short(v: unknown): string {
  const s = typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
  return s.length > 120 ? `${s.slice(0, 100)}… (${s.length} chars)` : s;
}

/**
 * Requests for one route: a few of the schema's own shape, then hostile ones — each spoils one
 * part (a query field, a path parameter, a body field, the body as a whole, its encoding).
 */
export function casesFor(route: RouteUnderTest, r: Prng, opts: { hostile: number; valid: number }): FuzzCase[] {
  const paramsSchema = asSchema(route.schema?.params);
  const querySchema = asSchema(route.schema?.querystring);
  const bodySchema = asSchema(route.schema?.body);
  const hasBody = BODY_METHODS.has(route.method);
  const out: FuzzCase[] = [];

  const base = () => ({
    params: (paramsSchema ? sampleValid(paramsSchema, r) : {}) as Record<string, unknown>,
    query: (querySchema ? sampleValid(querySchema, r) : {}) as Record<string, unknown>,
    body: bodySchema ? sampleValid(bodySchema, r) : undefined,
  });
  const make = (label: string, b: ReturnType<typeof base>, extra: Partial<InjectOptions> = {}): FuzzCase => ({
    label,
    inject: {
      method: route.method as 'GET',
      url: fillPath(route.url, b.params) + toQuery(b.query),
      ...(hasBody && b.body !== undefined ? { payload: b.body as object } : {}),
      ...extra,
    },
  });

  for (let i = 0; i < opts.valid; i++) out.push(make('valid-shaped', base()));

  // The paging inputs that used to answer 500, on every list route, always.
  for (const field of ['page', 'pageSize']) {
    for (const text of BAD_PAGING) {
      if (querySchema?.properties?.[field]) {
        const b = base();
        out.push(make(`query ${field}=${text}`, { ...b, query: { ...b.query, [field]: text } }));
      }
      if (hasBody && bodySchema?.properties?.[field]) {
        const b = base();
        out.push(
          make(`body ${field}=${text}`, b, {
            payload: JSON.stringify({ ...(b.body as object), [field]: 0 }).replace(
              /"(page|pageSize)":0/,
              `"$1":${text}`,
            ),
            headers: { 'content-type': 'application/json' },
          }),
        );
      }
    }
  }

  // Every string of a well-shaped body at once: a NUL (PostgreSQL text cannot hold one), then odd unicode.
  if (hasBody && bodySchema) {
    for (const text of ['a\u0000b', "\ud800\u202e👩‍👩‍👧‍👦<script>x</script>'--"]) {
      const b = base();
      out.push(make(`body with every string ${short(text)}`, { ...b, body: everyString(b.body, text) }));
    }
  }

  const kinds = ['query', 'query-extra', 'param'] as const;
  const bodyKinds = ['body-field', 'body-missing', 'body-extra', 'body-whole', 'body-raw', 'body-form', 'body-type'];
  for (let i = 0; i < opts.hostile; i++) {
    const b = base();
    const kind = hasBody && r.chance(0.7) ? r.pick(bodyKinds) : r.pick(kinds);
    switch (kind) {
      case 'query': {
        const keys = Object.keys(querySchema?.properties ?? {});
        const key = keys.length ? r.pick(keys) : 'q';
        const v = r.chance(0.5) ? r.pick(HOSTILE_NUMBER_TEXTS) : r.pick(HOSTILE_STRINGS);
        out.push(make(`query ${key}=${short(v)}`, { ...b, query: { ...b.query, [key]: v } }));
        break;
      }
      case 'query-extra': {
        const keys = Object.keys(querySchema?.properties ?? {});
        const key = keys.length ? r.pick(keys) : 'id';
        // A key given twice arrives as an array where the schema expects one value.
        out.push(
          make(`query ${key} twice + extras`, { ...b, query: { ...b.query, [key]: ['1', 'x'], __proto__x: 1 } }),
        );
        break;
      }
      case 'param': {
        if (!route.url.includes(':')) {
          out.push(make('query of 100 kB', { ...b, query: { ...b.query, q: 'q'.repeat(100_000) } }));
          break;
        }
        const v = r.pick([...HOSTILE_STRINGS.slice(0, 30), ...HOSTILE_NUMBER_TEXTS]);
        const params = Object.fromEntries(Object.keys(b.params).map((k) => [k, v]));
        const url = route.url.replace(/:([A-Za-z_]+)/g, () => encode(v)).replace(/\*/g, 'x');
        out.push({ label: `param=${short(v)}`, inject: { ...make('', { ...b, params }).inject, url } });
        break;
      }
      case 'body-field': {
        const paths = pathsOf(b.body);
        const path = paths.length ? r.pick(paths) : ['x'];
        const big = r.chance(0.15);
        const v = big ? (r.chance(0.5) ? 'm'.repeat(MEGABYTE) : 'k'.repeat(900 * 1024)) : hostileValue(r);
        out.push(make(`body ${path.join('.')}=${short(v)}`, { ...b, body: withPath(b.body ?? {}, path, v) }));
        break;
      }
      case 'body-missing': {
        const req = bodySchema?.required ?? [];
        const key = req.length ? r.pick(req) : 'x';
        out.push(make(`body without ${key}`, { ...b, body: withPath(b.body ?? {}, [key], undefined, true) }));
        break;
      }
      case 'body-extra': {
        const extra = { isAdmin: 1, id: 1, userId: 1, status: 'x', nested: deepNesting(50), ...(b.body as object) };
        out.push(make('body with extra fields', { ...b, body: Array.isArray(b.body) ? [...b.body, extra] : extra }));
        break;
      }
      case 'body-whole': {
        const v = r.pick([...HOSTILE_OTHERS, ...HOSTILE_STRINGS.slice(0, 5)]);
        out.push(
          make(`body=${short(v)}`, b, { payload: JSON.stringify(v), headers: { 'content-type': 'application/json' } }),
        );
        break;
      }
      case 'body-raw': {
        const raw = r.pick(RAW_JSON_BODIES);
        out.push(make(`raw JSON ${short(raw)}`, b, { payload: raw, headers: { 'content-type': 'application/json' } }));
        break;
      }
      case 'body-form': {
        const form = r.pick([
          'a[b][c][d][e][f][g][h]=1',
          'page=1e400&pageSize=Infinity',
          'id[]=1&id[]=2&id[__proto__]=x',
          `${Object.keys(bodySchema?.properties ?? { x: 1 })[0] ?? 'x'}=${encode(r.pick(HOSTILE_STRINGS))}`,
          'x=' + 'y'.repeat(200_000),
        ]);
        out.push(
          make(`form ${short(form)}`, b, {
            payload: form,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          }),
        );
        break;
      }
      case 'body-type': {
        const type = r.pick([
          'text/plain',
          'application/xml',
          'application/json; charset=utf-16',
          'application/x-www-form-urlencoded; charset=latin1',
          'image/png',
        ]);
        out.push(
          make(`content-type ${type}`, b, { payload: JSON.stringify(b.body ?? {}), headers: { 'content-type': type } }),
        );
        break;
      }
    }
  }
  return out;
}

/** Broken multipart bodies for a route that takes uploads (or might: every body route without a JSON schema). */
export function multipartCasesFor(route: RouteUnderTest): FuzzCase[] {
  return multipartCases().map((c) => ({
    label: `multipart: ${c.label}`,
    inject: { method: route.method as 'POST', url: fillPath(route.url, {}), headers: c.headers, payload: c.payload },
  }));
}
