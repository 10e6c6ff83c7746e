import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/dialect';
import type { Database } from '../db/schema';
import {
  appliedMigrations,
  dialectOf,
  listTables,
  parentsFirst,
  raw,
  selfReferences,
  type RawDb,
  type TableInfo,
} from './catalog';
import { BackupFormatError, decodeValue, type BackupHeader } from './format';
import { readBackup, verifyBackup, type BackupSummary } from './reader';

/** A restore refused or failed; the database and the uploaded files are as they were. `message` is for the administrator. */
export class RestoreError extends Error {}

export const VERSION_MISMATCH = '备份的数据库版本与当前系统不一致';

export interface RestoreOptions {
  /**
   * Settings that belong to this installation rather than to its data (the licence, the backup
   * schedule): the current rows stay and the backup's rows for those keys are ignored.
   */
  keepSetting?: (key: string) => boolean;
  /**
   * Append-only tables (table → its time column), e.g. the audit log: a restore never deletes
   * their rows. Into an empty table the backup's rows go as they are; otherwise only the
   * backup's rows older than the oldest row here are added, under new ids (a restore onto a
   * new server brings its history along, a restore onto this one erases nothing).
   */
  appendOnly?: Record<string, string>;
  /** Runs last inside the restore's transaction (the caller's audit row, which must survive the restore). */
  inTransaction?: (trx: Transaction<Database>) => Promise<void>;
}

const RESTORE_LOCK_KEY = 7_341_202;

/** Cells per INSERT statement: under SQLite's and PostgreSQL's bound-parameter limits. */
const CELLS_PER_INSERT = 4000;

/** Refuses a backup whose schema is not this database's: other migrations, tables or columns, or an unusable table order. */
function checkCompatible(header: BackupHeader, migrations: string[], tables: TableInfo[]): void {
  if (JSON.stringify(header.migrations) !== JSON.stringify(migrations)) throw new RestoreError(VERSION_MISMATCH);
  const byName = new Map(tables.map((t) => [t.name, t]));
  if (header.tables.length !== tables.length) throw new RestoreError(VERSION_MISMATCH);
  const seen = new Set<string>();
  for (const h of header.tables) {
    const t = byName.get(h.name);
    if (!t || [...h.columns].sort().join() !== [...t.columns].sort().join()) throw new RestoreError(VERSION_MISMATCH);
    // Rows are inserted in file order, so each table's parents must come before it.
    if (t.foreignKeys.some((f) => f.parent !== t.name && byName.has(f.parent) && !seen.has(f.parent)))
      throw new RestoreError('备份文件中的表顺序无法恢复');
    seen.add(h.name);
  }
}

/**
 * Replaces the data of every backed-up table with the backup's, all or nothing (issue 3):
 * the whole file is verified first; then one transaction signs everybody out, deletes every
 * table's rows children first, inserts the backup's rows parents first (self-references set
 * afterwards), resets PostgreSQL sequences and checks foreign keys. The uploaded files are
 * written beside DATA_DIR/uploads and swapped in only after the commit. Any failure rolls
 * everything back and throws RestoreError with the reason.
 */
export async function restoreBackup(
  db: Db,
  uploadsDir: string,
  file: string,
  opts: RestoreOptions = {},
): Promise<BackupSummary> {
  let summary: BackupSummary;
  try {
    summary = await verifyBackup(file);
  } catch (e) {
    if (e instanceof BackupFormatError) throw new RestoreError(e.message);
    throw e;
  }
  const r = raw(db);
  const tables = await listTables(r);
  checkCompatible(summary.header, await appliedMigrations(r), tables);

  const staging = `${uploadsDir}.restoring-${randomBytes(6).toString('hex')}`;
  fs.mkdirSync(staging, { recursive: true });
  let current = '';
  try {
    await db.transaction().execute(async (trx) => {
      current = '';
      await replaceData(trx, tables, file, staging, opts, (t) => {
        current = t;
      });
    });
  } catch (e) {
    fs.rmSync(staging, { recursive: true, force: true });
    if (e instanceof RestoreError) throw e;
    if (e instanceof BackupFormatError) throw new RestoreError(e.message);
    throw new RestoreError(
      `恢复失败，数据未作任何更改：${current ? `表 ${current} 的数据违反数据库约束` : '数据库写入出错'}`,
      { cause: e },
    );
  }
  swapIn(uploadsDir, staging);
  return summary;
}

async function replaceData(
  trx: Transaction<Database>,
  tables: TableInfo[],
  file: string,
  staging: string,
  opts: RestoreOptions,
  onTable: (name: string) => void,
): Promise<void> {
  const r = raw(trx) as RawDb;
  const postgres = dialectOf(r) === 'postgres';
  // SQLite checks foreign keys at commit instead of per statement (checked explicitly below).
  if (!postgres) await sql`PRAGMA defer_foreign_keys = ON`.execute(r);
  // Two restores at once (two app servers) take turns instead of deadlocking on each other's rows.
  else await sql`select pg_advisory_xact_lock(${RESTORE_LOCK_KEY})`.execute(r);
  const byName = new Map(tables.map((t) => [t.name, t]));
  const kept =
    opts.keepSetting && byName.get('setting')?.columns.includes('key')
      ? (await r.selectFrom('setting').selectAll().execute()).filter((row) => opts.keepSetting!(String(row.key)))
      : [];

  // The restore replaces the users: every session ends; everybody signs in again.
  await r.deleteFrom('session').execute();
  const appendOnly = opts.appendOnly ?? {};
  for (const t of [...parentsFirst(tables)].reverse()) if (!appendOnly[t.name]) await r.deleteFrom(t.name).execute();
  // The oldest row of each append-only table that has rows (null: empty, take the backup's as they are).
  const oldest = new Map<string, number | null>();
  for (const [name, column] of Object.entries(appendOnly)) {
    if (!byName.has(name)) continue;
    const row = await r
      .selectFrom(name)
      .select(sql<number | null>`min(${sql.ref(column)})`.as('m'))
      .executeTakeFirst();
    oldest.set(name, row?.m === null || row?.m === undefined ? null : Number(row.m));
  }

  let table: TableInfo | null = null;
  let columns: string[] = [];
  let selfRefs: number[] = [];
  let pkIndex = -1;
  let keyIndex = -1;
  let olderThan: { index: number; before: number; dropColumn: number } | null = null;
  const later: { table: TableInfo; pk: string; cols: string[]; rows: unknown[][] }[] = [];
  let out: fs.WriteStream | null = null;
  let outPath = '';
  const closeOut = async () => {
    if (!out) return;
    const s = out;
    out = null;
    await new Promise<void>((resolve, reject) => s.end((err?: Error | null) => (err ? reject(err) : resolve())));
  };

  for await (const rec of readBackup(file)) {
    if (rec.type === 'table') {
      table = byName.get(rec.name)!;
      onTable(rec.name);
      columns = rec.columns;
      const refs = selfReferences(table);
      const pk = table.primaryKey.length === 1 ? table.primaryKey[0]! : null;
      // Self-references are inserted empty and set once every row of the table exists, so
      // row order never matters (PostgreSQL's foreign keys are not deferrable here).
      selfRefs = pk ? refs.map((c) => columns.indexOf(c)) : [];
      pkIndex = pk ? columns.indexOf(pk) : -1;
      keyIndex = rec.name === 'setting' ? columns.indexOf('key') : -1;
      const before = oldest.get(rec.name);
      olderThan =
        before === null || before === undefined
          ? null
          : {
              index: columns.indexOf(appendOnly[rec.name]!),
              before,
              // New ids: the backup's may be taken by the rows that stay.
              dropColumn: table.primaryKey.length === 1 ? columns.indexOf(table.primaryKey[0]!) : -1,
            };
      if (selfRefs.length) later.push({ table, pk: pk!, cols: refs, rows: [] });
    } else if (rec.type === 'rows' && table) {
      let rows = rec.rows.map((row) => row.map(decodeValue));
      let cols = columns;
      if (keyIndex >= 0 && opts.keepSetting) rows = rows.filter((row) => !opts.keepSetting!(String(row[keyIndex])));
      if (olderThan) {
        const o = olderThan;
        rows = rows.filter((row) => Number(row[o.index]) < o.before);
        if (o.dropColumn >= 0) {
          cols = columns.filter((_, i) => i !== o.dropColumn);
          rows = rows.map((row) => row.filter((_, i) => i !== o.dropColumn));
        }
      }
      if (!rows.length) continue;
      if (selfRefs.length) {
        const pending = later[later.length - 1]!;
        for (const row of rows) {
          if (selfRefs.some((i) => row[i] !== null)) pending.rows.push([row[pkIndex], ...selfRefs.map((i) => row[i])]);
          for (const i of selfRefs) row[i] = null;
        }
      }
      const per = Math.max(1, Math.floor(CELLS_PER_INSERT / cols.length));
      for (let i = 0; i < rows.length; i += per) {
        await r
          .insertInto(table.name)
          .values(rows.slice(i, i + per).map((row) => Object.fromEntries(cols.map((c, j) => [c, row[j]]))))
          .execute();
      }
    } else if (rec.type === 'file') {
      if (outPath !== rec.path) {
        await closeOut();
        outPath = rec.path;
        const abs = path.join(staging, rec.path);
        fs.mkdirSync(path.dirname(abs), { recursive: true });
        out = fs.createWriteStream(abs, { flags: 'wx' });
      }
      const s = out!;
      const chunk = Buffer.from(rec.data, 'base64');
      if (!s.write(chunk)) await new Promise<void>((resolve) => s.once('drain', () => resolve()));
    }
  }
  await closeOut();

  for (const p of later) {
    onTable(p.table.name);
    for (const row of p.rows) {
      await r
        .updateTable(p.table.name)
        .set(Object.fromEntries(p.cols.map((c, i) => [c, row[i + 1]])))
        .where(sql.ref(p.pk), '=', row[0])
        .execute();
    }
  }
  onTable('');
  for (const row of kept) {
    await r
      .insertInto('setting')
      .values(row)
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value, updated_at: row.updated_at }))
      .execute();
  }
  if (postgres) {
    // Explicit ids were inserted: move every serial sequence past the largest one.
    const serials = (
      await sql<{
        table: string;
        column: string;
      }>`select table_name as table, column_name as column from information_schema.columns where table_schema = current_schema() and column_default like 'nextval(%'`.execute(
        r,
      )
    ).rows;
    for (const s of serials.filter((x) => byName.has(x.table))) {
      await sql`select setval(pg_get_serial_sequence(${s.table}, ${s.column}), coalesce((select max(${sql.ref(s.column)}) from ${sql.table(s.table)}), 0) + 1, false)`.execute(
        r,
      );
    }
  } else {
    const broken = (await sql<{ table: string }>`PRAGMA foreign_key_check`.execute(r)).rows;
    if (broken.length)
      throw new RestoreError(`恢复失败，数据未作任何更改：表 ${broken[0]!.table} 的数据引用了不存在的记录`);
  }
  if (opts.inTransaction) await opts.inTransaction(trx);
}

/** After the commit: the restored files replace DATA_DIR/uploads. */
function swapIn(uploadsDir: string, staging: string): void {
  const old = `${uploadsDir}.replaced-${randomBytes(6).toString('hex')}`;
  if (fs.existsSync(uploadsDir)) fs.renameSync(uploadsDir, old);
  fs.renameSync(staging, uploadsDir);
  fs.rmSync(old, { recursive: true, force: true });
}
