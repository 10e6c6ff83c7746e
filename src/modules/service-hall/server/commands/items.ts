/**
 * What other modules (service-booking, service-feedback, home) may ask the service hall: an
 * item's reference, the item bound to a process, whether a viewer may see or apply for an item,
 * and recording a use. Every function takes the caller's connection or transaction.
 */
import { sql } from 'kysely';
import type { Conn } from '../conn';
import { ruleMatches, type Viewer } from '../viewer';

export type { Viewer } from '../viewer';
export { viewerOf } from '../viewer';

export type HandlingMode = 'online' | 'offline' | 'booking';
export type ItemStatus = 'draft' | 'published' | 'withdrawn';

export interface ServiceItemRef {
  id: number;
  name: string;
  departmentId: number;
  departmentName: string;
  modes: HandlingMode[];
  status: ItemStatus;
  formId: number | null;
  processId: number | null;
  /** The item hands out an electronic permit when its application is approved. */
  issuesPermit: boolean;
  permitTitle: string | null;
}

const refColumns = [
  'svcItem.id',
  'svcItem.name',
  'svcItem.departmentId',
  'department.name as departmentName',
  'svcItem.modeOnline',
  'svcItem.modeOffline',
  'svcItem.modeBooking',
  'svcItem.status',
  'svcItem.formId',
  'svcItem.processId',
  'svcItem.issuesPermit',
  'svcItem.permitTitle',
] as const;

interface RefRow {
  id: number;
  name: string;
  departmentId: number;
  departmentName: string | null;
  modeOnline: number;
  modeOffline: number;
  modeBooking: number;
  status: string;
  formId: number | null;
  processId: number | null;
  issuesPermit: number;
  permitTitle: string | null;
}

export const modesOf = (r: { modeOnline: number; modeOffline: number; modeBooking: number }): HandlingMode[] => [
  ...(r.modeOnline ? (['online'] as const) : []),
  ...(r.modeOffline ? (['offline'] as const) : []),
  ...(r.modeBooking ? (['booking'] as const) : []),
];

const toRef = (r: RefRow): ServiceItemRef => ({
  id: Number(r.id),
  name: r.name,
  departmentId: Number(r.departmentId),
  departmentName: r.departmentName ?? '',
  modes: modesOf(r),
  status: r.status as ItemStatus,
  formId: r.formId === null ? null : Number(r.formId),
  processId: r.processId === null ? null : Number(r.processId),
  issuesPermit: !!r.issuesPermit,
  permitTitle: r.permitTitle,
});

const refQuery = (db: Conn) =>
  db.selectFrom('svcItem').leftJoin('department', 'department.id', 'svcItem.departmentId').select(refColumns);

export async function getServiceItem(db: Conn, id: number): Promise<ServiceItemRef | null> {
  const r = await refQuery(db).where('svcItem.id', '=', id).executeTakeFirst();
  return r ? toRef(r) : null;
}

export async function itemsByIds(db: Conn, ids: number[]): Promise<ServiceItemRef[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rows = await refQuery(db).where('svcItem.id', 'in', unique).orderBy('svcItem.id').execute();
  return rows.map(toRef);
}

/** The published item bound to a process (a process is bound to at most one published item). */
export async function itemForProcess(db: Conn, processId: number): Promise<ServiceItemRef | null> {
  const r = await refQuery(db)
    .where('svcItem.processId', '=', processId)
    .where('svcItem.status', '=', 'published')
    .orderBy('svcItem.id')
    .executeTakeFirst();
  return r ? toRef(r) : null;
}

/** Administrators see every item; anybody else a published item whose 'see' rules let them in. */
export async function canSeeItem(db: Conn, viewer: Viewer | null, itemId: number): Promise<boolean> {
  if (viewer?.isAdmin)
    return !!(await db.selectFrom('svcItem').select('id').where('id', '=', itemId).executeTakeFirst());
  const r = await db
    .selectFrom('svcItem')
    .select('id')
    .where('id', '=', itemId)
    .where('status', '=', 'published')
    .where(ruleMatches(sql.ref('svc_item.id'), 'see', viewer))
    .executeTakeFirst();
  return !!r;
}

/**
 * A signed-in user may apply for a published online item bound to a form when they may see it
 * and its 'apply' rules let them in. A visitor never applies.
 */
export async function canApplyItem(db: Conn, viewer: Viewer | null, itemId: number): Promise<boolean> {
  if (!viewer) return false;
  const r = await db
    .selectFrom('svcItem')
    .select('id')
    .where('id', '=', itemId)
    .where('status', '=', 'published')
    .where(ruleMatches(sql.ref('svc_item.id'), 'see', viewer))
    .where(ruleMatches(sql.ref('svc_item.id'), 'apply', viewer))
    .executeTakeFirst();
  return !!r;
}

/** Counts one use of an item by a user (常用服务, 热门事项). */
export async function recordItemUse(db: Conn, userId: number, itemId: number): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('svcItemUse')
    .values({ userId, itemId, count: 1, lastUsedAt: now })
    .onConflict((oc) =>
      oc.columns(['userId', 'itemId']).doUpdateSet({ count: sql`svc_item_use.count + 1`, lastUsedAt: now }),
    )
    .execute();
  await db
    .updateTable('svcItem')
    .set({ useCount: sql`use_count + 1` })
    .where('id', '=', itemId)
    .execute();
}
