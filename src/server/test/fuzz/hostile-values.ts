/**
 * Values an attacker or a broken client sends in place of the expected ones: wrong types,
 * edge numbers, unicode oddities, injection strings. Each is a JSON value; numbers JSON cannot
 * carry (Infinity, 1e400, NaN) travel as raw JSON text or as query strings instead.
 */

/** One megabyte: the size of the string a client pastes by mistake or an attacker sends on purpose. */
export const MEGABYTE = 1024 * 1024;

export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfffy',
  '\u202eevil\u202c',
  'مرحبا بالعالم',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'e\u0301\u0301\u0301',
  '\u200b\ufeff',
  "' OR '1'='1' --",
  "'; DROP TABLE app_user; --",
  '%_\\',
  '1; SELECT pg_sleep(5)',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '{{7*7}}${7*7}%s%n',
  '__proto__',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '-1',
  '1.5',
  '100000000000000000000',
  '9007199254740993',
  '0x1F',
  '2026-02-30T25:61:61Z',
  'a'.repeat(10_000),
];

export const HOSTILE_NUMBERS: readonly number[] = [
  0,
  -1,
  1.5,
  -0.5,
  2 ** 31,
  2 ** 31 - 1,
  2 ** 53 + 2,
  1e20,
  -1e20,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
];

/** Query-string spellings of numbers, the non-finite ones included (ajv coerces them). */
export const HOSTILE_NUMBER_TEXTS: readonly string[] = [
  '100000000000000000000',
  'Infinity',
  '-Infinity',
  '1e400',
  '-1e400',
  'NaN',
  '-1',
  '0',
  '1.5',
  '1e308',
  '2147483648',
  '9007199254740993',
  '',
  'abc',
];

/** Nested a thousand levels: JSON.parse takes it; whatever walks it must not overflow. */
export function deepNesting(levels: number): unknown {
  let v: unknown = 'x';
  for (let i = 0; i < levels; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

export const HOSTILE_OTHERS: readonly unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [null],
  [1, 'a', null, {}],
  { constructor: { prototype: { isAdmin: true } }, toString: 'x', hasOwnProperty: 1 },
  deepNesting(200),
];

/** Whole bodies that are not JSON, or JSON a parser may choke on, sent as application/json. */
export const RAW_JSON_BODIES: readonly string[] = [
  '',
  '{',
  '{"a":',
  'nul',
  "{'a':1}",
  '{"a":1,}',
  '[1,2,3',
  '\u0000',
  '{"page":1e400}',
  '{"id":1e400,"page":-1e400}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '"just a string"',
  '12345',
  'null',
  '['.repeat(5000) + ']'.repeat(5000),
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
];
