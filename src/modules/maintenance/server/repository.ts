import { PostgresAdapter, sql, type Transaction } from 'kysely';
import type { Db } from '@/server/db/dialect';
import type { Database } from '@/server/db/schema';
import { paginate } from '@/server/db/paginate';
import type { Page } from '@/shared/envelope';
import type { AuditExportQuery, AuditListQuery, AuditRow, BackupItem, BackupKind } from '../contract';

type Q = Db | Transaction<Database>;

const BACKUP_COLUMNS = [
  'id',
  'fileName',
  'size',
  'createdAt',
  'createdBy',
  'createdByName',
  'kind',
  'note',
  'checksum',
] as const;

export const listBackups = (db: Q, p: { page: number; pageSize: number }): Promise<Page<BackupItem>> =>
  paginate(
    db.selectFrom('backup'),
    (q) => q.select(BACKUP_COLUMNS).orderBy('createdAt', 'desc').orderBy('id', 'desc'),
    p,
  ) as Promise<Page<BackupItem>>;

export const findBackup = (db: Q, id: number) =>
  db.selectFrom('backup').select(BACKUP_COLUMNS).where('id', '=', id).executeTakeFirst() as Promise<
    BackupItem | undefined
  >;

export async function insertBackup(db: Q, row: Omit<BackupItem, 'id'>): Promise<BackupItem> {
  const { id } = await db.insertInto('backup').values(row).returning('id').executeTakeFirstOrThrow();
  return { id, ...row };
}

export const deleteBackupRow = (db: Q, id: number) => db.deleteFrom('backup').where('id', '=', id).execute();

/** Backups of one kind beyond the `keep` newest (pruning; on the (kind, created_at) index). */
export const backupsBeyond = (db: Q, kind: BackupKind, keep: number) =>
  db
    .selectFrom('backup')
    .select(['id', 'fileName'])
    .where('kind', '=', kind)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .offset(keep)
    .limit(10_000)
    .execute();

/** When the newest scheduled backup was made (null: none yet). */
export async function lastBackupAt(db: Q, kind: BackupKind): Promise<number | null> {
  const row = await db
    .selectFrom('backup')
    .select('createdAt')
    .where('kind', '=', kind)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.createdAt) : null;
}

/** Bytes the database takes on disk: what a backup's rows come to at most, before compression. */
export async function databaseBytes(db: Q): Promise<number> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const row = pg
    ? await sql<{ n: number | null }>`select sum(pg_total_relation_size(c.oid)) as n from pg_class c
        join pg_namespace ns on ns.oid = c.relnamespace
        where ns.nspname = current_schema() and c.relkind = 'r'`.execute(db)
    : await sql<{
        n: number | null;
      }>`select page_count * page_size as n from pragma_page_count(), pragma_page_size()`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

/** The result of the newest scheduled-backup audit row (null: none yet): a failure burst is alerted once. */
export async function lastScheduledResult(db: Q): Promise<string | null> {
  const row = await db
    .selectFrom('auditLog')
    .select('result')
    .where('action', '=', 'backup_scheduled')
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.result ?? null;
}

/** Active administrators (who hear about a failed scheduled backup). */
export async function activeAdministratorIds(db: Q): Promise<number[]> {
  const rows = await db
    .selectFrom('appUser')
    .select('id')
    .where('isAdmin', '=', 1)
    .where('status', '=', 'active')
    .execute();
  return rows.map((r) => r.id);
}

/* ---------- audit log (read only: rows are never updated or deleted) ---------- */

function filtered(db: Q, f: AuditExportQuery) {
  let q = db.selectFrom('auditLog');
  if (f.action) q = q.where('action', '=', f.action);
  if (f.result) q = q.where('result', '=', f.result);
  if (f.from !== undefined) q = q.where('at', '>=', f.from);
  if (f.to !== undefined) q = q.where('at', '<=', f.to);
  const actor = f.actor?.trim();
  if (actor) {
    const pattern = `%${actor.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // Case-insensitive on both dialects; the escape character is spelled out (SQLite has none by default).
    q = q.where(sql<boolean>`lower(${sql.ref('actorName')}) like lower(${pattern}) escape '\\'`);
  }
  return q;
}

const AUDIT_COLUMNS = ['id', 'at', 'actorId', 'actorName', 'action', 'target', 'detail', 'ip', 'result'] as const;

/** Newest first, on the (at, id) / (action, at) indexes; cut in SQL. */
export const listAudit = (db: Q, f: AuditListQuery): Promise<Page<AuditRow>> =>
  paginate(filtered(db, f), (q) => q.select(AUDIT_COLUMNS).orderBy('at', 'desc').orderBy('id', 'desc'), f);

/** One keyset page of the export (oldest first, by id). */
export const auditAfter = (db: Q, f: AuditExportQuery, afterId: number, limit: number): Promise<AuditRow[]> =>
  filtered(db, f).select(AUDIT_COLUMNS).where('id', '>', afterId).orderBy('id').limit(limit).execute();

/** When a setting was last saved (null: never). */
export async function settingSavedAt(db: Q, key: string): Promise<number | null> {
  const row = await db.selectFrom('setting').select('updatedAt').where('key', '=', key).executeTakeFirst();
  return row ? Number(row.updatedAt) : null;
}
