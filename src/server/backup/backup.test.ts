import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '@/shared/errors';
import { openDb, type Db } from '../db/dialect';
import { migrateToLatest } from '../db/migrate';
import { seedDemo } from '../db/seed';
import { createPgSchema, dropPgSchema, usePostgres } from '../test/helper';
import { EXCLUDED_SETTINGS, EXCLUDED_TABLES, listTables, raw } from './catalog';
import { KEY_MISMATCH, NOT_A_BACKUP, SEAL_BROKEN } from './format';
import { backupKeyFrom } from './key';
import { readBackup, readBackupHeader, verifyBackup } from './reader';
import { NEWER_VERSION, restoreBackup, RestoreError } from './restore';
import { openSealed, Sealer } from './seal';
import { tablePages, writeBackup } from './writer';

/** The installation key of these tests (BACKUP_KEY). */
const KEY = backupKeyFrom(Buffer.alloc(32, 9));

/** A database of either dialect with its own uploads folder, dropped by close(). */
interface TestDb {
  db: Db;
  uploads: string;
  close: () => Promise<void>;
}

async function freshDb(dialect: 'sqlite' | 'postgres'): Promise<TestDb> {
  const uploads = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cp-backup-')), 'uploads');
  if (dialect === 'postgres') {
    const schema = await createPgSchema();
    const { db } = openDb({ databaseUrl: process.env.TEST_DATABASE_URL!, pgSchema: schema, poolSize: 2 });
    await migrateToLatest(db);
    return {
      db,
      uploads,
      close: async () => {
        await db.destroy();
        await dropPgSchema(schema);
      },
    };
  }
  const { db } = openDb({ databaseUrl: null, sqliteFile: ':memory:' });
  await migrateToLatest(db);
  return { db, uploads, close: async () => db.destroy() };
}

const EDGE_TEXT = '中文「引号」"double" \'single\' \\ 反斜杠\n换行\t制表 😀 emoji — ';

/** The small seed plus rows with awkward values, and two uploaded files. */
async function populate(t: TestDb): Promise<void> {
  await seedDemo(t.db, { size: 'small' });
  const now = 1_790_000_000_123;
  await t.db
    .insertInto('appUser')
    .values([
      {
        username: 'edge_user',
        passwordHash: 'x',
        realName: EDGE_TEXT,
        userNo: '',
        kind: 'staff',
        isAdmin: 0,
        departmentId: null,
        phone: null,
        email: null,
        gender: null,
        avatar: null,
        status: 'disabled',
        mustChangePwd: 1,
        failedCount: 0,
        lockedUntil: Number.MAX_SAFE_INTEGER,
        lastLoginAt: 0,
        createdAt: now,
        updatedAt: now,
      },
      {
        username: '张三',
        passwordHash: 'y',
        realName: '张三',
        userNo: '2026000001',
        kind: 'student',
        isAdmin: 0,
        departmentId: null,
        phone: '13800000000',
        email: 'z@example.edu.cn',
        gender: '男',
        avatar: null,
        status: 'active',
        mustChangePwd: 0,
        failedCount: 4,
        lockedUntil: null,
        lastLoginAt: -1,
        createdAt: 0,
        updatedAt: 0,
      },
    ])
    .execute();
  const top = await t.db
    .insertInto('department')
    .values({ parentId: null, code: 'EDGE', name: '边界学院', kind: 'college', sort: -5, createdAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  // A child inserted with a smaller id than its parent would have if ids were reused: order must not matter.
  const child = await t.db
    .insertInto('department')
    .values({ parentId: top.id, code: 'EDGE-1', name: '边界专业', kind: 'major', sort: 0, createdAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.updateTable('department').set({ parentId: child.id }).where('code', '=', 'EDGE').execute();
  await t.db
    .insertInto('setting')
    .values({ key: 'edge', value: JSON.stringify({ text: EDGE_TEXT, n: 1.5 }), updatedAt: now })
    .execute();
  await t.db
    .insertInto('auditLog')
    .values({
      at: now,
      actorId: null,
      actorName: EDGE_TEXT,
      action: 'login',
      target: '',
      detail: 'x'.repeat(2000),
      ip: '::1',
      result: 'ok',
    })
    .execute();
  fs.mkdirSync(path.join(t.uploads, '2026/11'), { recursive: true });
  fs.writeFileSync(path.join(t.uploads, '2026/11/a.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]));
  fs.writeFileSync(path.join(t.uploads, '2026/11/big.bin'), Buffer.alloc(600 * 1024, 7));
  await t.db
    .insertInto('upload')
    .values({
      id: '00000000-0000-4000-8000-000000000001',
      ownerId: null,
      purpose: 'logo',
      originalName: '标志.png',
      mime: 'image/png',
      size: 8,
      path: '2026/11/a.png',
      isPublic: 1,
      createdAt: now,
    })
    .execute();
}

/** Every backed-up table's rows (sorted, dialect-neutral) and every uploaded file's bytes. */
async function snapshot(t: TestDb): Promise<{ tables: Record<string, string[]>; files: Record<string, string> }> {
  const r = raw(t.db);
  const tables: Record<string, string[]> = {};
  for (const info of await listTables(r)) {
    const rows: string[] = [];
    for await (const page of tablePages(r, info, 97))
      rows.push(...page.map((row) => JSON.stringify(Object.fromEntries(info.columns.map((c, i) => [c, row[i]])))));
    tables[info.name] = rows.sort();
  }
  const files: Record<string, string> = {};
  const walk = (dir: string, rel = '') => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(dir, e.name), `${rel}${e.name}/`);
      else files[`${rel}${e.name}`] = fs.readFileSync(path.join(dir, e.name)).toString('base64');
    }
  };
  walk(t.uploads);
  return { tables, files };
}

const tmpFile = (name: string) => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cp-bak-')), name);

/** The plain gzip'd JSON lines inside a sealed backup. */
async function unseal(file: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of openSealed(file, KEY)) parts.push(part);
  return Buffer.concat(parts);
}

/** Seals plain bytes as writeBackup does (a file edited by someone holding the key). */
async function seal(plain: Buffer, out: string): Promise<string> {
  const sealer = new Sealer(KEY, 4096);
  const chunks: Buffer[] = [];
  sealer.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => sealer.on('end', resolve));
  sealer.end(plain);
  await done;
  fs.writeFileSync(out, Buffer.concat(chunks));
  return out;
}

/** Rewrites a backup's records (for damaged-backup tests), sealed again with the key. */
async function rewrite(
  file: string,
  edit: (records: Record<string, unknown>[]) => Record<string, unknown>[],
): Promise<string> {
  const records = gunzipSync(await unseal(file))
    .toString('utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  return seal(
    gzipSync(
      edit(records)
        .map((r) => JSON.stringify(r))
        .join('\n') + '\n',
    ),
    tmpFile('edited.bak'),
  );
}

const origin = usePostgres() ? 'postgres' : 'sqlite';
const other = origin === 'postgres' ? 'sqlite' : 'postgres';

describe(`portable backup (${origin})`, () => {
  let source: TestDb;
  let original: Awaited<ReturnType<typeof snapshot>>;
  let backupFile: string;
  beforeAll(async () => {
    source = await freshDb(origin);
    await populate(source);
    original = await snapshot(source);
    backupFile = tmpFile('first.jsonl.gz');
    await writeBackup(source.db, source.uploads, backupFile, { key: KEY });
  });
  afterAll(async () => {
    await source.close();
  });

  it('holds every table but the live and bookkeeping ones, with a header naming the migrations', async () => {
    const header = await readBackupHeader(backupFile, KEY);
    expect(header.format).toBe('campus-portal-backup');
    expect(header.dialect).toBe(origin);
    expect(header.migrations).toContain('0001-core');
    const names = header.tables.map((t) => t.name);
    for (const t of ['app_user', 'department', 'menu', 'setting', 'audit_log', 'upload', 'notice'])
      expect(names).toContain(t);
    for (const t of EXCLUDED_TABLES) expect(names).not.toContain(t);
    // Parents before children: the order a restore inserts in.
    expect(names.indexOf('department')).toBeLessThan(names.indexOf('app_user'));
    expect(names.indexOf('app_user')).toBeLessThan(names.indexOf('user_role'));
    const summary = await verifyBackup(backupFile, KEY);
    expect(summary.files).toBe(2);
    expect(summary.rows.app_user).toBe(original.tables.app_user!.length);
  });

  it(`restores into a fresh ${origin} database with every row and file equal`, async () => {
    const target = await freshDb(origin);
    try {
      await restoreBackup(target.db, target.uploads, backupFile, KEY);
      expect(await snapshot(target)).toEqual(original);
      // Ids go on after the restored ones.
      const next = await target.db
        .insertInto('department')
        .values({ parentId: null, code: 'NEW', name: '新', kind: 'office', sort: 0, createdAt: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const max = await target.db
        .selectFrom('department')
        .select((eb) => eb.fn.max('id').as('m'))
        .where('code', '!=', 'NEW')
        .executeTakeFirstOrThrow();
      expect(next.id).toBeGreaterThan(Number(max.m));
    } finally {
      await target.close();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    `travels ${origin} → ${other} → ${origin} without losing anything`,
    async () => {
      const middle = await freshDb(other);
      const back = await freshDb(origin);
      try {
        await restoreBackup(middle.db, middle.uploads, backupFile, KEY);
        expect(await snapshot(middle)).toEqual(original);
        const second = tmpFile('second.jsonl.gz');
        await writeBackup(middle.db, middle.uploads, second, { key: KEY });
        expect((await readBackupHeader(second, KEY)).dialect).toBe(other);
        await restoreBackup(back.db, back.uploads, second, KEY);
        expect(await snapshot(back)).toEqual(original);
        // New ids continue after the restored ones on the other dialect too (sequences reset).
        const row = await middle.db
          .insertInto('auditLog')
          .values({ at: 1, action: 'x', result: 'ok' })
          .returning('id')
          .executeTakeFirstOrThrow();
        expect(row.id).toBeGreaterThan(original.tables.audit_log!.length);
      } finally {
        await middle.close();
        await back.close();
      }
    },
  );

  describe('a damaged backup leaves the database exactly as it was', () => {
    let target: TestDb;
    let before: Awaited<ReturnType<typeof snapshot>>;
    beforeAll(async () => {
      target = await freshDb(origin);
      await seedDemo(target.db, { size: 'small' });
      fs.mkdirSync(target.uploads, { recursive: true });
      fs.writeFileSync(path.join(target.uploads, 'keep.txt'), 'still here');
      before = await snapshot(target);
    });
    afterAll(async () => {
      await target.close();
    });

    it('refuses a truncated file', async () => {
      const cut = tmpFile('cut.jsonl.gz');
      const bytes = fs.readFileSync(backupFile);
      fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
      await expect(restoreBackup(target.db, target.uploads, cut, KEY)).rejects.toMatchObject({
        message: '备份文件不完整或已损坏',
        code: Codes.backupDamaged,
      });
      expect(await snapshot(target)).toEqual(before);
    });

    it('refuses a file whose footer is missing (cut at a line end)', async () => {
      const noFooter = await rewrite(backupFile, (recs) => recs.slice(0, -1));
      await expect(restoreBackup(target.db, target.uploads, noFooter, KEY)).rejects.toThrow('备份文件不完整或已损坏');
      expect(await snapshot(target)).toEqual(before);
    });

    it('rolls back when a row violates a constraint half-way through', async () => {
      // Two users with one username: the unique index fails after departments, roles… were written.
      const dup = await rewrite(backupFile, (recs) => {
        const at = recs.findIndex((r) => r.type === 'table' && r.name === 'app_user');
        const page = recs[at + 1] as { rows: unknown[][] };
        const cols = (recs[at] as { columns: string[] }).columns;
        const copy = [...page.rows[0]!];
        copy[cols.indexOf('id')] = 999_999;
        page.rows.push(copy);
        const footer = recs[recs.length - 1] as { rows: Record<string, number> };
        footer.rows.app_user! += 1;
        return recs;
      });
      await expect(restoreBackup(target.db, target.uploads, dup, KEY)).rejects.toThrow(
        /恢复失败，数据未作任何更改：表 app_user/,
      );
      expect(await snapshot(target)).toEqual(before);
    });

    it('rolls back when a row points at a parent that does not exist', async () => {
      const orphan = await rewrite(backupFile, (recs) => {
        const at = recs.findIndex((r) => r.type === 'table' && r.name === 'user_role');
        const cols = (recs[at] as { columns: string[] }).columns;
        (recs[at + 1] as { rows: unknown[][] }).rows[0]![cols.indexOf('user_id')] = 888_888;
        return recs;
      });
      await expect(restoreBackup(target.db, target.uploads, orphan, KEY)).rejects.toThrow(RestoreError);
      expect(await snapshot(target)).toEqual(before);
    });

    it('refuses a backup of a newer schema version', async () => {
      // (A backup of an older version, fewer migrations, is migrated forward: backup-operations.test.ts in maintenance.)
      const newer = await rewrite(backupFile, (recs) => {
        (recs[0] as { migrations: string[] }).migrations.push('9999-future');
        return recs;
      });
      await expect(restoreBackup(target.db, target.uploads, newer, KEY)).rejects.toThrow(NEWER_VERSION);
      expect(await snapshot(target)).toEqual(before);
    });

    it('refuses a file path that would leave the uploads folder', async () => {
      const evil = await rewrite(backupFile, (recs) =>
        recs.map((r) => (r.type === 'file' ? { ...r, path: '../../escape.txt' } : r)),
      );
      await expect(restoreBackup(target.db, target.uploads, evil, KEY)).rejects.toThrow('备份中的文件路径不合法');
      expect(fs.existsSync(path.join(target.uploads, '../../escape.txt'))).toBe(false);
      expect(await snapshot(target)).toEqual(before);
    });

    it('refuses something that is not a backup at all', async () => {
      const junk = tmpFile('junk.gz');
      fs.writeFileSync(junk, gzipSync('{"hello":"world"}\n'));
      await expect(restoreBackup(target.db, target.uploads, junk, KEY)).rejects.toThrow('不是本系统的备份文件');
      const plain = tmpFile('plain.txt');
      fs.writeFileSync(plain, 'not gzip');
      await expect(restoreBackup(target.db, target.uploads, plain, KEY)).rejects.toThrow(RestoreError);
      expect(await snapshot(target)).toEqual(before);
    });

    it('refuses an edited file whose seal no longer verifies (one byte changed anywhere, or the seal itself)', async () => {
      const bytes = fs.readFileSync(backupFile);
      for (const at of [60, Math.floor(bytes.length / 2), bytes.length - 40, bytes.length - 1]) {
        const edited = tmpFile('edited.bak');
        const copy = Buffer.from(bytes);
        copy[at] ^= 0x01;
        fs.writeFileSync(edited, copy);
        await expect(restoreBackup(target.db, target.uploads, edited, KEY)).rejects.toMatchObject({
          message: SEAL_BROKEN,
          code: Codes.backupSealBroken,
        });
      }
      // Something appended after the seal.
      const longer = tmpFile('longer.bak');
      fs.writeFileSync(longer, Buffer.concat([bytes, Buffer.from('x')]));
      await expect(restoreBackup(target.db, target.uploads, longer, KEY)).rejects.toThrow(SEAL_BROKEN);
      expect(await snapshot(target)).toEqual(before);
    });

    it('refuses an edited backup sealed with another key as made with another key', async () => {
      const stranger = backupKeyFrom(Buffer.alloc(32, 1));
      await expect(restoreBackup(target.db, target.uploads, backupFile, stranger)).rejects.toThrow(KEY_MISMATCH);
      await expect(verifyBackup(backupFile, stranger)).rejects.toMatchObject({
        problem: 'keyMismatch',
        code: Codes.backupKeyMismatch,
      });
      await expect(restoreBackup(target.db, target.uploads, backupFile, stranger)).rejects.toMatchObject({
        code: Codes.backupKeyMismatch,
      });
      expect(await snapshot(target)).toEqual(before);
    });

    it('refuses an unsealed (plain gzip) backup of the old format', async () => {
      const legacy = tmpFile('legacy.jsonl.gz');
      fs.writeFileSync(legacy, await unseal(backupFile));
      await expect(restoreBackup(target.db, target.uploads, legacy, KEY)).rejects.toThrow(NOT_A_BACKUP);
      await expect(verifyBackup(legacy, KEY)).rejects.toMatchObject({ problem: 'foreign', code: Codes.backupNotOurs });
      expect(await snapshot(target)).toEqual(before);
    });
  });

  it('merges an append-only table: keeps every row already here and brings back every row of the backup', async () => {
    const target = await freshDb(origin);
    try {
      const inBackup = original.tables.audit_log!.length;
      // A standby where someone signed in: its rows take the backup's first ids with other events.
      await target.db
        .insertInto('auditLog')
        .values([
          { at: 1_900_000_000_000, action: 'here_before', result: 'ok' },
          { at: 1, action: 'here_too', result: 'ok' },
        ])
        .execute();
      const outcome = await restoreBackup(target.db, target.uploads, backupFile, KEY, {
        appendOnly: { audit_log: 'at' },
      });
      expect(outcome.merged.audit_log).toEqual({ inBackup, added: inBackup, present: 0 });
      expect(outcome.restored.audit_log).toBeUndefined();
      const rows = await target.db.selectFrom('auditLog').select(['id', 'action']).execute();
      expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['here_before', 'here_too']));
      expect(rows).toHaveLength(inBackup + 2);
      expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
      // Again onto the same database: every row of the backup is already here, nothing doubles.
      const again = await restoreBackup(target.db, target.uploads, backupFile, KEY, {
        appendOnly: { audit_log: 'at' },
      });
      expect(again.merged.audit_log).toEqual({ inBackup, added: 0, present: inBackup });
      expect(await target.db.selectFrom('auditLog').select('id').execute()).toHaveLength(inBackup + 2);
    } finally {
      await target.close();
    }
  });

  it('keeps the settings that belong to the installation', async () => {
    const target = await freshDb(origin);
    try {
      await target.db.insertInto('setting').values({ key: 'licence', value: '"mine"', updatedAt: 1 }).execute();
      await source.db
        .insertInto('setting')
        .values({ key: 'licence', value: '"theirs"', updatedAt: 2 })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: '"theirs"' }))
        .execute();
      const file = tmpFile('lic.jsonl.gz');
      await writeBackup(source.db, source.uploads, file, { key: KEY });
      // The licence and the RSA private key are not in the backup at all (a restore never uses them).
      const settingKeys: string[] = [];
      let keyAt = -1;
      for await (const rec of readBackup(file, KEY)) {
        if (rec.type === 'table') keyAt = rec.name === 'setting' ? rec.columns.indexOf('key') : -1;
        if (rec.type === 'rows' && keyAt >= 0) settingKeys.push(...rec.rows.map((row) => String(row[keyAt])));
      }
      expect(settingKeys).toContain('edge');
      for (const k of EXCLUDED_SETTINGS) expect(settingKeys).not.toContain(k);
      await restoreBackup(target.db, target.uploads, file, KEY, { keepSetting: (k) => k === 'licence' });
      const row = await target.db
        .selectFrom('setting')
        .select('value')
        .where('key', '=', 'licence')
        .executeTakeFirstOrThrow();
      expect(row.value).toBe('"mine"');
      expect(
        await target.db.selectFrom('setting').select('key').where('key', '=', 'edge').executeTakeFirst(),
      ).toBeTruthy();
    } finally {
      await target.close();
      await source.db.deleteFrom('setting').where('key', '=', 'licence').execute();
    }
  });
});
