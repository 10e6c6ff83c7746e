import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@/server/config';
import { Codes } from '@/shared/errors';
import { checkReadOnlySql, tableParts } from './sql-guard';
import { inferType, normalizeValue } from './field-values';
import { dataSourceKey } from './secret-box';
import { open, seal, SecretUnreadableError } from '@/server/secret-box';

describe('the read-only statement check', () => {
  it('lets plain SELECTs and CTEs through, with a trailing semicolon dropped', () => {
    expect(checkReadOnlySql('select * from t;  ')).toBe('select * from t');
    expect(checkReadOnlySql('WITH a AS (SELECT 1 AS x) SELECT x FROM a')).toMatch(/^WITH/);
    expect(checkReadOnlySql('SELECT \'drop table x; --\' AS s, "delete" FROM t -- update\n')).toMatch(/^SELECT/);
    expect(checkReadOnlySql('SELECT $$;insert$$ AS s')).toMatch(/^SELECT/);
    expect(checkReadOnlySql("SELECT replace(name, 'a', 'b') FROM t")).toMatch(/^SELECT/);
  });

  it.each([
    ['INSERT INTO t VALUES (1)'],
    ['select 1; select 2'],
    ['SELECT * FROM t FOR UPDATE'],
    ["SELECT * INTO OUTFILE '/tmp/x' FROM t"],
    ["SELECT nextval('s')"],
    ["SELECT pg_read_file('/etc/passwd')"],
    ['/* unterminated SELECT 1'],
    ["SELECT 'open"],
    ['EXPLAIN SELECT 1'],
    ['   '],
  ])('refuses %s', (sql) => {
    expect(() => checkReadOnlySql(sql)).toThrow(expect.objectContaining({ code: Codes.dataSourceWriteRefused }));
  });

  it('takes table or schema.table names only', () => {
    expect(tableParts('public.student')).toEqual(['public', 'student']);
    expect(() => tableParts('a.b.c')).toThrow();
    expect(() => tableParts('t"; drop')).toThrow();
  });
});

describe('value shapes', () => {
  it('normalises each type', () => {
    expect(normalizeValue('integer', '12345678901')).toBe(12345678901);
    expect(normalizeValue('decimal', '12.50')).toBe(12.5);
    expect(normalizeValue('boolean', 't')).toBe(true);
    expect(normalizeValue('boolean', 0)).toBe(false);
    expect(normalizeValue('date', '2026-3-5')).toBe('2026-03-05');
    expect(normalizeValue('date', '20260305')).toBe('2026-03-05');
    expect(normalizeValue('datetime', '2026-03-05 08:30:00')).toBe(new Date(2026, 2, 5, 8, 30).getTime());
    expect(normalizeValue('datetime', '2026-03-05T00:30:00Z')).toBe(Date.UTC(2026, 2, 5, 0, 30));
    expect(normalizeValue('datetime', 1_772_000_000)).toBe(1_772_000_000_000);
    expect(normalizeValue('integer', 'abc')).toBeNull();
    expect(normalizeValue('string', 42)).toBe('42');
    expect(normalizeValue('text', null)).toBeNull();
  });

  it('guesses types from values', () => {
    expect(inferType([1, 2, null])).toBe('integer');
    expect(inferType([1, 2.5])).toBe('decimal');
    expect(inferType(['2026-01-01', null])).toBe('date');
    expect(inferType(['2026-01-01 10:00:00'])).toBe('datetime');
    expect(inferType([true, false])).toBe('boolean');
    expect(inferType(['x'.repeat(300)])).toBe('text');
    expect(inferType([])).toBe('string');
  });
});

describe('the credentials key', () => {
  it('seals and opens, and refuses another key or a changed text', () => {
    const key = Buffer.alloc(32, 1);
    const sealed = seal(key, '口令 p@ss');
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('p@ss');
    expect(open(key, sealed)).toBe('口令 p@ss');
    expect(() => open(Buffer.alloc(32, 2), sealed)).toThrow(SecretUnreadableError);
    const parts = sealed.split(':');
    parts[3] = Buffer.from('tampered').toString('base64');
    expect(() => open(key, parts.join(':'))).toThrow(SecretUnreadableError);
  });

  it('takes DATA_SOURCE_KEY (base64 or hex, 32 bytes), requires it in production, else makes one file (0600)', () => {
    const b64 = Buffer.alloc(32, 9).toString('base64');
    expect(loadConfig({ DATA_SOURCE_KEY: b64 }).dataSourceKey).toEqual(Buffer.alloc(32, 9));
    expect(loadConfig({ DATA_SOURCE_KEY: '0a'.repeat(32) }).dataSourceKey).toEqual(Buffer.alloc(32, 10));
    expect(() => loadConfig({ DATA_SOURCE_KEY: 'short' })).toThrow(/DATA_SOURCE_KEY must be 32 bytes/);
    expect(() => loadConfig({ NODE_ENV: 'production', LICENCE_PUBLIC_KEY: 'x' })).toThrow();
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/(LICENCE_PUBLIC_KEY|DATA_SOURCE_KEY)/);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ds-key-'));
    try {
      const config = { dataSourceKey: null, dataDir: dir, production: false };
      const key = dataSourceKey(config);
      expect(key).toHaveLength(32);
      expect(fs.statSync(path.join(dir, 'data-source.key')).mode & 0o777).toBe(0o600);
      expect(dataSourceKey({ ...config })).toEqual(key);
      expect(() => dataSourceKey({ ...config, production: true, dataDir: path.join(dir, 'other') })).toThrow(
        /DATA_SOURCE_KEY/,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
