/**
 * Lists of items for other modules' servers (service-booking's staff pages and settling job): the
 * items of some departments, the items with a handling mode, the items that hand out permits.
 */
import type { Conn } from '../conn';
import { modesOf, type HandlingMode, type ItemStatus } from './items';

export interface ItemOption {
  id: number;
  name: string;
  departmentId: number;
  status: ItemStatus;
  modes: HandlingMode[];
  processId: number | null;
  issuesPermit: boolean;
  permitTitle: string | null;
}

/**
 * Items (any status) of the departments (null = every department), optionally only those with a
 * handling mode or that issue permits; by department, then sort order. At most `limit` rows.
 */
export async function listItemOptions(
  db: Conn,
  q: { departmentIds: number[] | null; mode?: HandlingMode; issuesPermit?: boolean; limit?: number },
): Promise<ItemOption[]> {
  if (q.departmentIds && !q.departmentIds.length) return [];
  let s = db
    .selectFrom('svcItem')
    .select([
      'id',
      'name',
      'departmentId',
      'status',
      'modeOnline',
      'modeOffline',
      'modeBooking',
      'processId',
      'issuesPermit',
      'permitTitle',
    ]);
  if (q.departmentIds) s = s.where('departmentId', 'in', q.departmentIds);
  if (q.mode === 'online') s = s.where('modeOnline', '=', 1);
  if (q.mode === 'offline') s = s.where('modeOffline', '=', 1);
  if (q.mode === 'booking') s = s.where('modeBooking', '=', 1);
  if (q.issuesPermit) s = s.where('issuesPermit', '=', 1);
  const rows = await s
    .orderBy('departmentId')
    .orderBy('sort')
    .orderBy('id')
    .limit(q.limit ?? 500)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    departmentId: Number(r.departmentId),
    status: r.status as ItemStatus,
    modes: modesOf(r),
    processId: r.processId === null ? null : Number(r.processId),
    issuesPermit: !!r.issuesPermit,
    permitTitle: r.permitTitle,
  }));
}
