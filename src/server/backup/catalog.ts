import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Db, DialectName } from '../db/dialect';
import { RSA_SETTING_KEY } from '../identity/password-transport';
import { LICENCE_SETTING } from '../licence/store';

/** Plugin-free handle: backup SQL names tables and columns exactly as the database spells them. */
export type RawDb = Kysely<Record<string, Record<string, unknown>>>;
export const raw = (db: Db | Kysely<never>): RawDb => (db as unknown as RawDb).withoutPlugins();

/**
 * Tables a backup leaves out, and why:
 * - kysely_migration, kysely_migration_lock: the schema's own bookkeeping; a backup restores
 *   only into a database at the same migrations (checked), so they already match.
 * - session, captcha: live state of people signed in right now and of captchas in flight;
 *   restoring old ones would resurrect revoked tokens (a restore signs everybody out instead).
 * - backup: the catalogue of backup files on this server's disk; restoring an older catalogue
 *   would forget newer files (including the one just restored from).
 * - job_run, job_queue, job_schedule: the job runner's history, pending runs and schedules;
 *   restoring them would run old work again (and the backup job itself is running when they are read).
 * - sign_in_failure: lockout state of the moment; restoring it would lock out (or unlock) people
 *   for failures long past.
 * - sso_session: which SSO sign-in (OIDC sid/sub, CAS ticket) stands behind a live session, for
 *   provider logouts; the sessions themselves are never restored, so these links would point at nothing.
 * - rate_limit_counter: per-IP request counts of the current minute (issue 23).
 * - user_kind_count: accounts per kind, kept by triggers on app_user (migration 0059): the restore's
 *   deletes and inserts of app_user keep it exact, so restoring its rows too would count twice.
 */
export const EXCLUDED_TABLES: ReadonlySet<string> = new Set([
  'kysely_migration',
  'kysely_migration_lock',
  'session',
  'captcha',
  'backup',
  'job_run',
  'job_queue',
  'job_schedule',
  'sign_in_failure',
  'sso_session',
  'rate_limit_counter',
  'user_kind_count',
]);

/**
 * Rows of the setting table a backup leaves out: a restore never uses them (it keeps the
 * installation's own, see the maintenance module's keepOnRestore), and they are the secrets a
 * backup file should not carry (issue 26).
 * - rsa_keypair: the private key of the sign-in password transport; each installation has its own.
 * - licence: the installation's licence, bound to this installation and installed separately.
 */
export const EXCLUDED_SETTINGS: ReadonlySet<string> = new Set([RSA_SETTING_KEY, LICENCE_SETTING]);

export interface ForeignKey {
  column: string;
  parent: string;
}

export interface TableInfo {
  name: string;
  /** In the database's column order. */
  columns: string[];
  /** Primary-key columns in key order (keyset paging); empty when the table has none. */
  primaryKey: string[];
  foreignKeys: ForeignKey[];
}

export const dialectOf = (db: RawDb): DialectName =>
  db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';

/** Every table of the current database (SQLite: sqlite_master; PostgreSQL: the current schema) except EXCLUDED_TABLES. */
export async function listTables(db: RawDb): Promise<TableInfo[]> {
  return dialectOf(db) === 'postgres' ? pgTables(db) : sqliteTables(db);
}

async function sqliteTables(db: RawDb): Promise<TableInfo[]> {
  const rows = (
    await sql<{
      name: string;
      sql: string | null;
    }>`select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db)
  ).rows;
  // Virtual tables (the search's FTS5 index) and their shadow tables are derived from other
  // tables' rows and cannot be written row by row: backups skip them, a restore has their module
  // refill them (DynamicTableFamily.rebuild).
  const virtual = rows.filter((r) => /^create\s+virtual\s+table/i.test(r.sql ?? '')).map((r) => r.name);
  const names = rows.map((r) => r.name).filter((n) => !virtual.some((v) => n === v || n.startsWith(`${v}_`)));
  const out: TableInfo[] = [];
  for (const name of names.filter((n) => !EXCLUDED_TABLES.has(n))) {
    const cols = (
      await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${name}) order by cid`.execute(db)
    ).rows;
    const fks = (
      await sql<{ table: string; from: string }>`select "table", "from" from pragma_foreign_key_list(${name})`.execute(
        db,
      )
    ).rows;
    out.push({
      name,
      columns: cols.map((c) => c.name),
      primaryKey: cols
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name),
      foreignKeys: fks.map((f) => ({ column: f.from, parent: f.table })),
    });
  }
  return out;
}

async function pgTables(db: RawDb): Promise<TableInfo[]> {
  const names = (
    await sql<{
      name: string;
    }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(
      db,
    )
  ).rows.map((r) => r.name);
  const cols = (
    await sql<{
      table: string;
      name: string;
    }>`select table_name as table, column_name as name from information_schema.columns where table_schema = current_schema() order by table_name, ordinal_position`.execute(
      db,
    )
  ).rows;
  const pks = (
    await sql<{ table: string; name: string }>`
    select cl.relname as table, a.attname as name
    from pg_index i
    join pg_class cl on cl.oid = i.indrelid
    join pg_namespace n on n.oid = cl.relnamespace
    join lateral unnest(i.indkey) with ordinality as k(attnum, ord) on true
    join pg_attribute a on a.attrelid = cl.oid and a.attnum = k.attnum
    where i.indisprimary and n.nspname = current_schema()
    order by cl.relname, k.ord`.execute(db)
  ).rows;
  const fks = (
    await sql<{ table: string; column: string; parent: string }>`
    select ch.relname as table, a.attname as column, pa.relname as parent
    from pg_constraint c
    join pg_class ch on ch.oid = c.conrelid
    join pg_class pa on pa.oid = c.confrelid
    join pg_namespace n on n.oid = c.connamespace
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and n.nspname = current_schema()`.execute(db)
  ).rows;
  return names
    .filter((n) => !EXCLUDED_TABLES.has(n))
    .map((name) => ({
      name,
      columns: cols.filter((c) => c.table === name).map((c) => c.name),
      primaryKey: pks.filter((p) => p.table === name).map((p) => p.name),
      foreignKeys: fks.filter((f) => f.table === name).map((f) => ({ column: f.column, parent: f.parent })),
    }));
}

/** Names of the migrations applied to this database, in order. */
export async function appliedMigrations(db: RawDb): Promise<string[]> {
  return (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows.map(
    (r) => r.name,
  );
}

/**
 * Tables ordered parents first (every table after the tables its foreign keys point at);
 * self-references (department.parent_id, menu.parent_id) are handled row by row on restore.
 * A cycle between different tables cannot be ordered and is reported.
 */
export function parentsFirst(tables: TableInfo[]): TableInfo[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const done = new Set<string>();
  const visiting = new Set<string>();
  const out: TableInfo[] = [];
  const visit = (t: TableInfo) => {
    if (done.has(t.name)) return;
    if (visiting.has(t.name)) throw new Error(`foreign keys form a cycle through table ${t.name}`);
    visiting.add(t.name);
    for (const fk of t.foreignKeys) {
      const parent = byName.get(fk.parent);
      if (parent && parent.name !== t.name) visit(parent);
    }
    visiting.delete(t.name);
    done.add(t.name);
    out.push(t);
  };
  for (const t of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(t);
  return out;
}

/** Self-referencing foreign-key columns of a table (parent rows of the same table). */
export const selfReferences = (t: TableInfo): string[] =>
  t.foreignKeys.filter((f) => f.parent === t.name).map((f) => f.column);
