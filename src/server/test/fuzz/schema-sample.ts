import type { Prng } from './prng';

/** The part of JSON Schema that TypeBox emits for this server's routes. */
export interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  patternProperties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

const WORDS = ['测试', '张三', 'abc', '2026', '学生', 'x', '华夏理工', 'note'];

/** Strings tried in turn when a schema asks for a pattern: the first that fits is used. */
const PATTERN_CANDIDATES = [
  '1',
  'a',
  'abc',
  'Abc123',
  'test_code',
  '2026-01-01',
  '2026-01-01 08:00:00',
  '08:00',
  '#1677ff',
  '13800138000',
  'a@example.edu',
  'https://example.edu/x',
  '/web/home',
  '00000000-0000-4000-8000-000000000000',
];

function typesOf(s: JsonSchema): string[] {
  if (Array.isArray(s.type)) return s.type;
  if (s.type) return [s.type];
  if (s.properties || s.patternProperties) return ['object'];
  if (s.items) return ['array'];
  return [];
}

function sampleString(s: JsonSchema, r: Prng): string {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? Math.max(min, 24);
  if (s.pattern) {
    const re = new RegExp(s.pattern, 'u');
    const fit = PATTERN_CANDIDATES.filter((c) => re.test(c) && c.length >= min && c.length <= max);
    if (fit.length) return r.pick(fit);
  }
  switch (s.format) {
    case 'date-time':
      return new Date(Date.UTC(2026, 0, r.int(1, 28))).toISOString();
    case 'date':
      return `2026-01-${String(r.int(1, 28)).padStart(2, '0')}`;
    case 'email':
      return `user${r.int(1, 99)}@example.edu`;
    case 'uri':
      return `https://example.edu/${r.int(1, 99)}`;
  }
  let out = '';
  while (out.length < min) out += r.pick(WORDS);
  if (!out && max > 0) out = r.pick(WORDS);
  return out.slice(0, max);
}

function sampleNumber(s: JsonSchema, r: Prng, integer: boolean): number {
  const lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 0);
  // Small values by default: ids 1..20 hit real demo rows, pages and sizes stay cheap.
  const hi = Math.min(s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : lo + 20), lo + 20);
  const v = lo + r.next() * (hi - lo);
  return integer ? Math.round(v) : v;
}

/** A value of the schema's shape: what a well-behaved client would send (depth-limited). */
export function sampleValid(s: JsonSchema, r: Prng, depth = 0): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum) return r.pick(s.enum);
  if (s.anyOf?.length) return sampleValid(r.pick(s.anyOf), r, depth);
  if (s.oneOf?.length) return sampleValid(r.pick(s.oneOf), r, depth);
  if (s.allOf?.length) return sampleValid(s.allOf[0]!, r, depth);
  const type = typesOf(s).length ? r.pick(typesOf(s)) : r.pick(['string', 'integer', 'null']);
  switch (type) {
    case 'string':
      return sampleString(s, r);
    case 'integer':
      return sampleNumber(s, r, true);
    case 'number':
      return sampleNumber(s, r, false);
    case 'boolean':
      return r.chance(0.5);
    case 'null':
      return null;
    case 'array': {
      const min = s.minItems ?? 0;
      const n = depth > 4 ? min : r.int(min, Math.max(min, Math.min(s.maxItems ?? min + 3, min + 3)));
      const items = s.items;
      return Array.from({ length: n }, (_, i) =>
        sampleValid(Array.isArray(items) ? (items[i] ?? {}) : (items ?? {}), r, depth + 1),
      );
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set(s.required ?? []);
      for (const [k, sub] of Object.entries(s.properties ?? {})) {
        if (required.has(k) || (depth < 4 && r.chance(0.5))) out[k] = sampleValid(sub, r, depth + 1);
      }
      if (s.patternProperties && depth < 4 && r.chance(0.5)) {
        const sub = Object.values(s.patternProperties)[0] ?? {};
        out[`k${r.int(1, 9)}`] = sampleValid(sub, r, depth + 1);
      }
      return out;
    }
  }
  return null;
}

/** Leaf and branch paths of a sampled value, to pick one to spoil. */
export function pathsOf(v: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []) {
  if (prefix.length) out.push(prefix);
  if (prefix.length > 5) return out;
  if (Array.isArray(v)) v.forEach((x, i) => pathsOf(x, [...prefix, i], out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) pathsOf(x, [...prefix, k], out);
  return out;
}

/** A copy of `v` with the value at `path` replaced (or removed, with `remove`). */
export function withPath(v: unknown, path: (string | number)[], value: unknown, remove = false): unknown {
  if (!path.length) return value;
  const copy = (Array.isArray(v) ? [...(v as unknown[])] : { ...(v as object) }) as Record<string | number, unknown>;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (!rest.length) {
    if (remove) delete copy[head];
    else copy[head] = value;
  } else {
    copy[head] = withPath(copy[head], rest, value, remove);
  }
  return copy;
}
