import type { Db } from '../db/dialect';

export interface AuditEvent {
  action: string;
  result: 'ok' | 'fail';
  actorId?: number | null;
  actorName?: string | null;
  target?: string | null;
  detail?: string | null;
  ip?: string | null;
}

/** Append one audit row. Rows are only ever inserted: nothing in the app updates or deletes them. */
export async function audit(db: Db, e: AuditEvent): Promise<void> {
  await db
    .insertInto('auditLog')
    .values({
      at: Date.now(),
      action: e.action,
      result: e.result,
      actorId: e.actorId ?? null,
      actorName: e.actorName ?? null,
      target: e.target ?? null,
      detail: e.detail?.slice(0, 2000) ?? null,
      ip: e.ip ?? null,
    })
    .execute();
}
