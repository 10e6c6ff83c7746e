import fs from 'node:fs';
import path from 'node:path';
import { UPLOADS_PREFIX, type FileStore } from '../uploads/file-store';
import { randomBytes } from 'node:crypto';
import { Migrator, sql, type Kysely, type Migration, type Transaction } from 'kysely';
import { openDb, type Db } from '../db/dialect';
import type { Database } from '../db/schema';
import { Codes, type Code } from '@/shared/errors';
import { findMigrations, loadMigrations } from '../db/find-migrations';
import { migrateToLatest } from '../db/migrate';
import { migrateToPreviousRelease, PREVIOUS_RELEASE_MIGRATIONS } from '../db/upgrade-fixture/previous-release';
import {
  appliedMigrations,
  dialectOf,
  EXCLUDED_TABLES,
  listTables,
  parentsFirst,
  raw,
  selfReferences,
  type RawDb,
  type TableInfo,
} from './catalog';
import { dynamicTableFamilies, type DynamicTableFamily } from './dynamic-tables';
import { BackupFormatError, decodeValue, encodeValue, type BackupRecord, type TableHeader } from './format';
import type { BackupKey } from './key';
import { readBackup, verifyBackup, type BackupSummary } from './reader';
import { tablePages } from './writer';

/** A restore refused or failed; the database and the uploaded files are as they were. `message` is for the administrator. */
export class RestoreError extends Error {
  /** The answer's error code: the file's problem (not ours, damaged, seal broken, other key) or an input error. */
  get code(): Code {
    return this.cause instanceof BackupFormatError ? this.cause.code : Codes.inputError;
  }
}

export const VERSION_MISMATCH = '备份的数据库版本与当前系统不一致';
export const NEWER_VERSION = '备份来自更新版本的系统，请先升级本系统再恢复';

export interface RestoreOptions {
  /**
   * Settings that belong to this installation rather than to its data (the licence, the backup
   * schedule): the current rows stay and the backup's rows for those keys are ignored.
   */
  keepSetting?: (key: string) => boolean;
  /**
   * Append-only tables (table → its time column), e.g. the audit log: a restore never deletes
   * their rows and brings back every row of the backup. A backup row equal to one here in every
   * column but the id (the same event, e.g. restoring onto the server that made the backup) is
   * already present; every other one is added under a new id (the backup's id may be taken by
   * another event here, e.g. on a standby where someone signed in).
   */
  appendOnly?: Record<string, string>;
  /** Runs last inside the restore's transaction (the caller's audit row, which must survive the restore). */
  inTransaction?: (trx: Transaction<Database>, outcome: RestoreOutcome) => Promise<void>;
}

/** An append-only table's share of a restore. */
export interface MergedTable {
  /** Rows of the table in the backup: all of them are in the table afterwards. */
  inBackup: number;
  /** Of those, added by this restore (under new ids). */
  added: number;
  /** Of those, already here (identical rows). */
  present: number;
}

/** What a restore did, table by table (the reply and the audit row say it). */
export interface RestoreOutcome extends BackupSummary {
  /** Rows written into each replaced table (the installation's kept settings left out), in restore order. */
  restored: Record<string, number>;
  /** Append-only tables (the audit log): merged, not replaced. */
  merged: Record<string, MergedTable>;
  /** Migrations run forward after the data was restored (a backup of an earlier version); empty when none. */
  migrated: string[];
}

const RESTORE_LOCK_KEY = 7_341_202;

/** Cells per INSERT statement: under SQLite's and PostgreSQL's bound-parameter limits. */
const CELLS_PER_INSERT = 4000;

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/**
 * Refuses backup tables that are not this database's (other tables or columns, or an unusable
 * table order). Tables this version leaves out of backups (EXCLUDED_TABLES, e.g. lockout state
 * that an older backup still carried) are skipped, not refused.
 */
function checkTables(headerTables: TableHeader[], tables: TableInfo[]): void {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const kept = headerTables.filter((h) => !EXCLUDED_TABLES.has(h.name));
  if (kept.length !== tables.length) throw new RestoreError(VERSION_MISMATCH);
  const seen = new Set<string>();
  for (const h of kept) {
    const t = byName.get(h.name);
    if (!t || [...h.columns].sort().join() !== [...t.columns].sort().join()) throw new RestoreError(VERSION_MISMATCH);
    // Rows are inserted in file order, so each table's parents must come before it.
    if (t.foreignKeys.some((f) => f.parent !== t.name && byName.has(f.parent) && !seen.has(f.parent)))
      throw new RestoreError('备份文件中的表顺序无法恢复');
    seen.add(h.name);
  }
}

/** The records of a data source for replaceData: the table and rows records, then the files. */
type Records = () => AsyncIterable<BackupRecord>;

/**
 * Replaces the data of every backed-up table with the backup's, all or nothing (issue 3, 26):
 * the whole file is verified first; then one transaction signs everybody out, deletes every
 * table's rows children first, inserts the backup's rows parents first (self-references set
 * afterwards), merges append-only tables, moves id sequences past every id used and checks
 * foreign keys. The uploaded files are written beside DATA_DIR/uploads and swapped in only after
 * the commit. A backup of an earlier version (fewer migrations) is first restored into a scratch
 * database at its own migrations, which then run forward to this version's (see upgradeSource).
 * Any failure rolls everything back and throws RestoreError with the reason.
 */
export async function restoreBackup(
  db: Db,
  uploadsTo: RestoreTarget,
  file: string,
  key: BackupKey,
  opts: RestoreOptions = {},
): Promise<RestoreOutcome> {
  let summary: BackupSummary;
  try {
    summary = await verifyBackup(file, key);
  } catch (e) {
    if (e instanceof BackupFormatError) throw new RestoreError(e.message, { cause: e });
    throw e;
  }
  const r = raw(db);
  const dyn = dynamicOf(await dynamicTableFamilies());
  const all = await listTables(r);
  // Tables made at run time (data tables) are not the schema's: they are rebuilt from the
  // backup's definitions (replaceData), so only the migrations' tables must match.
  const tables = all.filter((t) => !dyn.owns(t.name));
  const migrations = await appliedMigrations(r);
  const header = summary.header;
  if (header.migrations.some((m) => !migrations.includes(m))) {
    throw new RestoreError(header.migrations.length > migrations.length ? NEWER_VERSION : VERSION_MISMATCH);
  }
  const upgrade = !sameSet(header.migrations, migrations);
  if (!upgrade) checkTables(dyn.without(header.tables), tables);

  const { staging, workDir, swap } = targetOf(uploadsTo);
  let scratch: Scratch | null = null;
  let current = '';
  let outcome: RestoreOutcome;
  try {
    fs.mkdirSync(staging, { recursive: true });
    let records: Records = () => readBackup(file, key);
    let migrated: string[] = [];
    if (upgrade) {
      scratch = await upgradeSource(file, key, summary, migrations, workDir, dyn);
      const s = scratch;
      checkTables(dyn.without(s.tables.map((t) => ({ name: t.name, columns: t.columns }))), tables);
      records = () => s.records();
      migrated = migrations.filter((m) => !header.migrations.includes(m));
    }
    outcome = await db.transaction().execute(async (trx) => {
      current = '';
      const existing = all.filter((t) => dyn.owns(t.name));
      const done = await replaceData(
        trx,
        tables,
        { ...dyn, existing },
        records,
        staging,
        { ...opts, sequences: header.sequences },
        (t) => {
          current = t;
        },
      );
      const result: RestoreOutcome = { ...summary, ...done, migrated };
      if (opts.inTransaction) await opts.inTransaction(trx, result);
      return result;
    });
  } catch (e) {
    fs.rmSync(staging, { recursive: true, force: true });
    if (e instanceof RestoreError) throw e;
    if (e instanceof BackupFormatError) throw new RestoreError(e.message, { cause: e });
    throw new RestoreError(
      `恢复失败，数据未作任何更改：${current ? `表 ${current} 的数据违反数据库约束` : '数据库写入出错'}`,
      { cause: e },
    );
  } finally {
    await scratch?.close();
  }
  await swap();
  return outcome;
}

/**
 * Where a restore puts the backup's files: a folder (DATA_DIR/uploads, swapped whole after the
 * commit) or the installation's file store, with a local working folder for the staging copy
 * (and an older backup's scratch database) whose files then replace the store's uploads/ objects.
 */
export type RestoreTarget = string | { store: FileStore; workDir: string };

function targetOf(t: RestoreTarget): { staging: string; workDir: string; swap: () => Promise<void> } {
  const suffix = randomBytes(6).toString('hex');
  if (typeof t === 'string') {
    const staging = `${t}.restoring-${suffix}`;
    return { staging, workDir: path.dirname(t), swap: async () => swapIn(t, staging) };
  }
  const staging = path.join(t.workDir, `uploads.restoring-${suffix}`);
  return { staging, workDir: t.workDir, swap: () => t.store.replacePrefix(UPLOADS_PREFIX, staging) };
}

interface Scratch {
  /** The scratch database's tables after the migrations ran forward, parents first. */
  tables: TableInfo[];
  records: () => AsyncGenerator<BackupRecord>;
  close: () => Promise<void>;
}

/** Builds a database at exactly these migrations: the previous release's as it shipped, else this version's files of those names. */
async function migrateToLevel(db: Db, names: readonly string[]): Promise<void> {
  if (sameSet(names, PREVIOUS_RELEASE_MIGRATIONS)) return migrateToPreviousRelease(db);
  const found = (await findMigrations()).filter((m) => names.includes(m.name));
  if (found.length !== names.length) throw new RestoreError(VERSION_MISMATCH);
  const migrations = await loadMigrations(found);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async (): Promise<Record<string, Migration>> => migrations },
    allowUnorderedMigrations: true,
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

/**
 * A backup made before some of this version's migrations (the previous release's, or this
 * release's before a module added one): its rows go into a scratch SQLite database beside
 * DATA_DIR built at the backup's own migrations, those migrations run forward exactly as they do
 * when an old installation starts, and the upgraded rows are what the real restore reads (the
 * files still come from the backup). The running database is not touched until then.
 */
async function upgradeSource(
  file: string,
  key: BackupKey,
  summary: BackupSummary,
  targetMigrations: string[],
  dir: string,
  dyn: Dynamic,
): Promise<Scratch> {
  fs.mkdirSync(dir, { recursive: true });
  const scratchFile = path.join(dir, `.restore-upgrade-${randomBytes(6).toString('hex')}.sqlite`);
  const { db } = openDb({ databaseUrl: null, sqliteFile: scratchFile });
  const close = async () => {
    await db.destroy();
    for (const f of [scratchFile, `${scratchFile}-wal`, `${scratchFile}-shm`]) fs.rmSync(f, { force: true });
  };
  try {
    await migrateToLevel(db, summary.header.migrations);
    const r = raw(db);
    if (!sameSet(await appliedMigrations(r), summary.header.migrations)) throw new RestoreError(VERSION_MISMATCH);
    const before = await listTables(r);
    checkTables(dyn.without(summary.header.tables), before);
    await db.transaction().execute(async (trx) => {
      await replaceData(
        trx,
        before,
        { ...dyn, existing: [] },
        () => readBackup(file, key),
        null,
        {},
        () => undefined,
      );
    });
    try {
      await migrateToLatest(db);
    } catch (e) {
      throw new RestoreError('备份数据升级到当前版本失败，数据未作任何更改', { cause: e });
    }
    if (!sameSet(await appliedMigrations(r), targetMigrations)) throw new RestoreError(VERSION_MISMATCH);
    const tables = parentsFirst(await listTables(r));
    return {
      tables,
      close,
      records: async function* () {
        for (const t of tables) {
          yield { type: 'table', name: t.name, columns: t.columns };
          for await (const rows of tablePages(r, t)) yield { type: 'rows', rows };
        }
        for await (const rec of readBackup(file, key)) if (rec.type === 'file') yield rec;
      },
    };
  } catch (e) {
    await close();
    throw e;
  }
}

interface Replaced {
  restored: Record<string, number>;
  merged: Record<string, MergedTable>;
}

/** The run-time table families (dynamic-tables.ts) and which names are theirs. */
interface Dynamic {
  families: DynamicTableFamily[];
  owns: (name: string) => boolean;
  without: <T extends { name: string }>(tables: T[]) => T[];
}

function dynamicOf(families: DynamicTableFamily[]): Dynamic {
  const owns = (name: string) => families.some((f) => name.startsWith(f.prefix));
  return { families, owns, without: (tables) => tables.filter((t) => !owns(t.name)) };
}

async function replaceData(
  trx: Transaction<Database> | Kysely<Database>,
  tables: TableInfo[],
  dyn: Dynamic & { existing: TableInfo[] },
  records: Records,
  staging: string | null,
  opts: Omit<RestoreOptions, 'inTransaction'> & { sequences?: Record<string, number> },
  onTable: (name: string) => void,
): Promise<Replaced> {
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
  // This database's run-time tables go; the backup's are made from its definitions (below).
  for (const t of dyn.existing) await sql`drop table if exists ${sql.table(t.name)}`.execute(r);
  let dynamicMade = false;
  const makeDynamic = async () => {
    if (dynamicMade) return;
    dynamicMade = true;
    for (const f of dyn.families) if (f.definitions.every((t) => byName.has(t))) await f.create(r, postgres);
    for (const t of await listTables(r)) if (dyn.owns(t.name)) byName.set(t.name, t);
  };

  const restored: Record<string, number> = {};
  const merged: Record<string, MergedTable> = {};
  let table: TableInfo | null = null;
  let columns: string[] = [];
  let selfRefs: number[] = [];
  let pkIndex = -1;
  let keyIndex = -1;
  let merging: MergedTable | null = null;
  const later: { table: TableInfo; pk: string; cols: string[]; rows: unknown[][] }[] = [];
  let out: fs.WriteStream | null = null;
  let outPath = '';
  const closeOut = async () => {
    if (!out) return;
    const s = out;
    out = null;
    await new Promise<void>((resolve, reject) => s.end((err?: Error | null) => (err ? reject(err) : resolve())));
  };
  const insert = async (name: string, cols: string[], rows: unknown[][]) => {
    const per = Math.max(1, Math.floor(CELLS_PER_INSERT / cols.length));
    for (let i = 0; i < rows.length; i += per) {
      await r
        .insertInto(name)
        .values(rows.slice(i, i + per).map((row) => Object.fromEntries(cols.map((c, j) => [c, row[j]]))))
        .execute();
    }
  };

  for await (const rec of records()) {
    if (rec.type === 'table') {
      if (dyn.owns(rec.name)) {
        // Its definition rows are in by now (the module's definition tables sort before the
        // prefix, and parents come first): make every run-time table, then check this one.
        await makeDynamic();
        const made = byName.get(rec.name);
        if (!made || [...made.columns].sort().join() !== [...rec.columns].sort().join())
          throw new RestoreError(`恢复失败，数据未作任何更改：备份中的表 ${rec.name} 与其定义不一致`);
      }
      // A table this version no longer backs up (checked by checkTables): its rows are skipped.
      table = byName.get(rec.name) ?? null;
      if (!table) continue;
      onTable(rec.name);
      columns = rec.columns;
      const refs = selfReferences(table);
      const pk = table.primaryKey.length === 1 ? table.primaryKey[0]! : null;
      // Self-references are inserted empty and set once every row of the table exists, so
      // row order never matters (PostgreSQL's foreign keys are not deferrable here).
      selfRefs = pk ? refs.map((c) => columns.indexOf(c)) : [];
      pkIndex = pk ? columns.indexOf(pk) : -1;
      keyIndex = rec.name === 'setting' ? columns.indexOf('key') : -1;
      merging =
        appendOnly[rec.name] && pkIndex >= 0 && columns.includes(appendOnly[rec.name]!)
          ? { inBackup: 0, added: 0, present: 0 }
          : null;
      if (merging) merged[rec.name] = merging;
      else restored[rec.name] = 0;
      if (selfRefs.length) later.push({ table, pk: pk!, cols: refs, rows: [] });
    } else if (rec.type === 'rows' && table) {
      let rows = rec.rows.map((row) => row.map(decodeValue));
      if (keyIndex >= 0 && opts.keepSetting) rows = rows.filter((row) => !opts.keepSetting!(String(row[keyIndex])));
      if (merging) {
        await mergeRows(r, table, columns, pkIndex, appendOnly[table.name]!, rows, merging);
        continue;
      }
      if (!rows.length) continue;
      if (selfRefs.length) {
        const pending = later[later.length - 1]!;
        for (const row of rows) {
          if (selfRefs.some((i) => row[i] !== null)) pending.rows.push([row[pkIndex], ...selfRefs.map((i) => row[i])]);
          for (const i of selfRefs) row[i] = null;
        }
      }
      await insert(table.name, columns, rows);
      restored[table.name]! += rows.length;
    } else if (rec.type === 'file' && staging) {
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
  // Definitions with no table in the backup (none had rows… or an older backup): made empty.
  await makeDynamic();
  for (const f of dyn.families)
    if (f.rebuild && f.definitions.every((t) => byName.has(t))) await f.rebuild(r, postgres);

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
    // Explicit ids were inserted: every serial sequence moves past the largest id restored and
    // never back (an id handed out before, even to a row since deleted, is not handed out again).
    const serials = (
      await sql<{
        table: string;
        column: string;
      }>`select table_name as table, column_name as column from information_schema.columns where table_schema = current_schema() and column_default like 'nextval(%'`.execute(
        r,
      )
    ).rows;
    for (const s of serials.filter((x) => byName.has(x.table))) {
      const used = opts.sequences?.[s.table] ?? 0;
      await sql`select setval(pg_get_serial_sequence(${s.table}, ${s.column}), greatest(coalesce((select max(${sql.ref(s.column)}) from ${sql.table(s.table)}), 0), coalesce(pg_sequence_last_value(pg_get_serial_sequence(${s.table}, ${s.column})::regclass), 0), ${used}) + 1, false)`.execute(
        r,
      );
    }
  } else {
    // AUTOINCREMENT tables (every id column, migrations' withId): sqlite_sequence only ever grows,
    // and an explicit id above it raises it, so ids continue past both the restored and the used
    // ones here; the source's last ids (the backup's header) raise it past the ones used there.
    for (const [name, used] of Object.entries(opts.sequences ?? {})) {
      if (!byName.has(name)) continue;
      await sql`insert into sqlite_sequence (name, seq) select ${name}, ${used} where not exists (select 1 from sqlite_sequence where name = ${name})`.execute(
        r,
      );
      await sql`update sqlite_sequence set seq = max(seq, ${used}) where name = ${name}`.execute(r);
    }
    const broken = (await sql<{ table: string }>`PRAGMA foreign_key_check`.execute(r)).rows;
    if (broken.length)
      throw new RestoreError(`恢复失败，数据未作任何更改：表 ${broken[0]!.table} 的数据引用了不存在的记录`);
  }
  return { restored, merged };
}

/**
 * One page of an append-only table's backup rows. A row is the same event as one here when every
 * column but the id is equal (looked up by the time column, which is indexed): those are counted
 * as present, the others are added under new ids. Ids are not compared: after a first merge the
 * same events sit under other ids, and restoring that backup again must not double them.
 */
async function mergeRows(
  r: RawDb,
  table: TableInfo,
  columns: string[],
  pkIndex: number,
  timeColumn: string,
  rows: unknown[][],
  m: MergedTable,
): Promise<void> {
  if (!rows.length) return;
  m.inBackup += rows.length;
  const cols = columns.filter((_, i) => i !== pkIndex);
  const key = (values: unknown[]) => JSON.stringify(values.map((v) => encodeValue(v)));
  const timeIndex = columns.indexOf(timeColumn);
  const times = [...new Set(rows.map((row) => row[timeIndex]))];
  const here = new Map<string, number>();
  for (const row of await r.selectFrom(table.name).selectAll().where(sql.ref(timeColumn), 'in', times).execute()) {
    const k = key(cols.map((c) => row[c]));
    here.set(k, (here.get(k) ?? 0) + 1);
  }
  const fresh: unknown[][] = [];
  for (const row of rows) {
    const values = cols.map((c) => row[columns.indexOf(c)]);
    const k = key(values);
    const n = here.get(k) ?? 0;
    if (n > 0) here.set(k, n - 1);
    else fresh.push(values);
  }
  m.present += rows.length - fresh.length;
  m.added += fresh.length;
  const per = Math.max(1, Math.floor(CELLS_PER_INSERT / cols.length));
  for (let i = 0; i < fresh.length; i += per) {
    await r
      .insertInto(table.name)
      .values(fresh.slice(i, i + per).map((row) => Object.fromEntries(cols.map((c, j) => [c, row[j]]))))
      .execute();
  }
}

/** After the commit: the restored files replace DATA_DIR/uploads. */
function swapIn(uploadsDir: string, staging: string): void {
  const old = `${uploadsDir}.replaced-${randomBytes(6).toString('hex')}`;
  if (fs.existsSync(uploadsDir)) fs.renameSync(uploadsDir, old);
  fs.renameSync(staging, uploadsDir);
  fs.rmSync(old, { recursive: true, force: true });
}
