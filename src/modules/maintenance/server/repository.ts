import { sql, type Transaction } from 'kysely';
import type { Db } from '@/server/db/dialect';
import type { Database } from '@/server/db/schema';
import { paginate } from '@/server/db/paginate';
import type { Page } from '@/shared/envelope';
import type { AuditExportQuery, AuditListQuery, AuditRow, BackupItem, BackupKind } from '../contract';

type Q = Db | Transaction<Database>;

const BACKUP_COLUMNS = ['id', 'fileName', 'size', 'createdAt', 'createdBy', 'createdByName', 'kind', 'note'] as const;

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

/** Scheduled backups beyond the `keep` newest (pruning). */
export const scheduledBeyond = (db: Q, keep: number) =>
  db
    .selectFrom('backup')
    .select(['id', 'fileName'])
    .where('kind', '=', 'scheduled' satisfies BackupKind)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .offset(keep)
    .limit(10_000)
    .execute();

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
