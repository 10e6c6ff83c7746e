import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { encodeFormBody, encodeQuery } from './form-encode';

// The server parses with qs: the client's own encoder must write what qs writes.
const samples: Record<string, unknown>[] = [
  {},
  { is_admin: 0, username: 'student', password: 'a+b/c==', code: 'AB12' },
  { name: '张三 李四', note: 'a&b=c?d#e%f', emoji: '😀', empty: '', zero: 0, no: false },
  { ids: [1, 2, 3], tags: ['甲', '乙'], none: [] },
  { filter: { kind: 'student', dept: { id: 7 } }, list: [{ a: 1 }, { a: 2, b: [3, 4] }] },
  { at: new Date(Date.UTC(2026, 10, 22, 8, 30)), nothing: null, missing: undefined },
  { 'odd key[]': 'x', 'a.b': 'y', bang: "it's (fine)! *~-_." },
];

describe('encodeFormBody', () => {
  it.each(samples)('writes what qs.stringify writes: %j', (s) => {
    expect(encodeFormBody(s)).toBe(qs.stringify(s));
  });
  it('is empty for no body', () => {
    expect(encodeFormBody(undefined)).toBe('');
  });
});

describe('encodeQuery', () => {
  it.each(samples)("writes what qs.stringify(…, { arrayFormat: 'repeat', skipNulls: true }) writes: %j", (s) => {
    expect(encodeQuery(s)).toBe(qs.stringify(s, { arrayFormat: 'repeat', skipNulls: true }));
  });
});
