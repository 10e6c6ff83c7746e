import { sql, type Transaction } from 'kysely';
import type { Db } from '@/server/db/dialect';
import type { Database } from '@/server/db/schema';
import type { ApplyState, DatasetListQuery } from '../contract';
import type { DsAppRow, DsApplicationRow, DsDatasetRow, DsGrantRow, DsThemeRow } from './tables';
import './tables';

export type Conn = Db | Transaction<Database>;
export type Tx = Transaction<Database>;

const containsPattern = (kw: string) => `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const page = (q: { page: number; pageSize: number }) => ({ limit: q.pageSize, offset: (q.page - 1) * q.pageSize });

// ---- people ----

export async function hasRole(db: Conn, userId: number, code: string): Promise<boolean> {
  const r = await db
    .selectFrom('userRole')
    .innerJoin('role', 'role.id', 'userRole.roleId')
    .select('role.id')
    .where('userRole.userId', '=', userId)
    .where('role.code', '=', code)
    .executeTakeFirst();
  return !!r;
}

export const userWithDepartment = (db: Conn, userId: number) =>
  db
    .selectFrom('appUser')
    .leftJoin('department', 'department.id', 'appUser.departmentId')
    .select(['appUser.id', 'appUser.realName', 'appUser.departmentId', 'department.name as departmentName'])
    .where('appUser.id', '=', userId)
    .executeTakeFirst();

export const departmentName = async (db: Conn, id: number) =>
  (await db.selectFrom('department').select('name').where('id', '=', id).executeTakeFirst())?.name;

// ---- themes ----

export async function themes(db: Conn): Promise<(DsThemeRow & { datasets: number })[]> {
  const rows = await db
    .selectFrom('dsTheme as t')
    .leftJoin('dsDataset as d', 'd.themeId', 't.id')
    .select(['t.id', 't.name', 't.description', 't.sort', 't.createdAt'])
    .select((eb) => eb.fn.count<number>('d.id').as('datasets'))
    .groupBy(['t.id', 't.name', 't.description', 't.sort', 't.createdAt'])
    .orderBy('t.sort')
    .orderBy('t.id')
    .execute();
  return rows.map((r) => ({ ...r, datasets: Number(r.datasets) }));
}

export const findTheme = (db: Conn, id: number) =>
  db.selectFrom('dsTheme').selectAll().where('id', '=', id).executeTakeFirst();
export const findThemeByName = (db: Conn, name: string) =>
  db.selectFrom('dsTheme').selectAll().where('name', '=', name).executeTakeFirst();

export async function insertTheme(db: Conn, t: Omit<DsThemeRow, 'id'>): Promise<number> {
  return (await db.insertInto('dsTheme').values(t).returning('id').executeTakeFirstOrThrow()).id;
}
export async function updateTheme(db: Conn, id: number, t: Pick<DsThemeRow, 'name' | 'description' | 'sort'>) {
  await db.updateTable('dsTheme').set(t).where('id', '=', id).execute();
}
export async function deleteTheme(db: Conn, id: number) {
  await db.deleteFrom('dsTheme').where('id', '=', id).execute();
}
export async function themeDatasetCount(db: Conn, id: number): Promise<number> {
  const r = await db
    .selectFrom('dsDataset')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('themeId', '=', id)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

// ---- datasets ----

export type DatasetWithTheme = DsDatasetRow & { themeName: string };

export async function datasetPage(
  db: Conn,
  q: DatasetListQuery,
  onlyEnabled: boolean,
): Promise<{ list: DatasetWithTheme[]; total: number }> {
  let base = db.selectFrom('dsDataset as d').innerJoin('dsTheme as t', 't.id', 'd.themeId');
  if (onlyEnabled) base = base.where('d.enabled', '=', 1);
  if (q.themeId) base = base.where('d.themeId', '=', q.themeId);
  if (q.keyword?.trim()) {
    const p = containsPattern(q.keyword.trim());
    base = base.where((eb) =>
      eb.or([eb('d.name', 'like', p), eb('d.description', 'like', p), eb('d.code', 'like', p)]),
    );
  }
  const { limit, offset } = page(q);
  const [list, c] = await Promise.all([
    base
      .selectAll('d')
      .select('t.name as themeName')
      .orderBy('t.sort')
      .orderBy('d.themeId')
      .orderBy('d.name')
      .orderBy('d.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  return { list, total: Number(c?.n ?? 0) };
}

export const findDataset = (db: Conn, id: number) =>
  db
    .selectFrom('dsDataset as d')
    .innerJoin('dsTheme as t', 't.id', 'd.themeId')
    .selectAll('d')
    .select('t.name as themeName')
    .where('d.id', '=', id)
    .executeTakeFirst();
export const findDatasetByCode = (db: Conn, code: string) =>
  db.selectFrom('dsDataset').selectAll().where('code', '=', code).executeTakeFirst();

export async function insertDataset(db: Conn, d: Omit<DsDatasetRow, 'id'>): Promise<number> {
  return (await db.insertInto('dsDataset').values(d).returning('id').executeTakeFirstOrThrow()).id;
}
export async function updateDataset(db: Conn, id: number, d: Partial<Omit<DsDatasetRow, 'id' | 'createdAt'>>) {
  await db.updateTable('dsDataset').set(d).where('id', '=', id).execute();
}

// ---- apps ----

export async function appPage(
  db: Conn,
  ownerId: number | null,
  q: { page: number; pageSize: number },
): Promise<{ list: (DsAppRow & { grants: number })[]; total: number }> {
  let base = db.selectFrom('dsApp');
  if (ownerId !== null) base = base.where('ownerId', '=', ownerId);
  const { limit, offset } = page(q);
  const [list, c] = await Promise.all([
    base
      .selectAll()
      .select((eb) =>
        eb
          .selectFrom('dsGrant')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('dsGrant.appId', '=', 'dsApp.id')
          .where('dsGrant.status', '=', 'active')
          .as('grants'),
      )
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  return { list: list.map((r) => ({ ...r, grants: Number(r.grants ?? 0) })), total: Number(c?.n ?? 0) };
}

export const findApp = (db: Conn, id: number) =>
  db.selectFrom('dsApp').selectAll().where('id', '=', id).executeTakeFirst();
export const findAppByKey = (db: Conn, appKey: string) =>
  db.selectFrom('dsApp').selectAll().where('appKey', '=', appKey).executeTakeFirst();

export async function insertApp(db: Conn, a: Omit<DsAppRow, 'id'>): Promise<number> {
  return (await db.insertInto('dsApp').values(a).returning('id').executeTakeFirstOrThrow()).id;
}
export async function updateApp(db: Conn, id: number, a: Partial<Omit<DsAppRow, 'id' | 'createdAt'>>) {
  await db.updateTable('dsApp').set(a).where('id', '=', id).execute();
}

// ---- grants ----

export const findGrant = (db: Conn, id: number) =>
  db.selectFrom('dsGrant').selectAll().where('id', '=', id).executeTakeFirst();

/** The app's active grant of the dataset (at most one is active). */
export const activeGrant = (db: Conn, appId: number, datasetId: number) =>
  db
    .selectFrom('dsGrant')
    .selectAll()
    .where('appId', '=', appId)
    .where('datasetId', '=', datasetId)
    .where('status', '=', 'active')
    .orderBy('id', 'desc')
    .executeTakeFirst();

export async function insertGrant(db: Conn, g: Omit<DsGrantRow, 'id'>): Promise<number> {
  return (await db.insertInto('dsGrant').values(g).returning('id').executeTakeFirstOrThrow()).id;
}
export async function updateGrant(db: Conn, id: number, g: Partial<Omit<DsGrantRow, 'id' | 'createdAt'>>) {
  await db.updateTable('dsGrant').set(g).where('id', '=', id).execute();
}
/** Revokes an active grant; false when it was not active (someone else revoked it first). */
export async function revokeGrant(db: Conn, id: number, now: number): Promise<boolean> {
  const r = await db
    .updateTable('dsGrant')
    .set({ status: 'revoked', revokedAt: now, updatedAt: now })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

// ---- applications ----

export type ApplicationJoined = DsApplicationRow & {
  appName: string;
  departmentName: string;
  datasetCode: string;
  datasetName: string;
  datasetFields: string;
  grantStatus: string | null;
  grantFields: string | null;
  grantValidTo: number | null;
};

function joined(db: Conn) {
  return db
    .selectFrom('dsApplication as a')
    .innerJoin('dsApp as p', 'p.id', 'a.appId')
    .innerJoin('dsDataset as d', 'd.id', 'a.datasetId')
    .leftJoin('dsGrant as g', 'g.id', 'a.grantId');
}

const joinedColumns = [
  'p.name as appName',
  'p.departmentName as departmentName',
  'd.code as datasetCode',
  'd.name as datasetName',
  'd.fields as datasetFields',
  'g.status as grantStatus',
  'g.fields as grantFields',
  'g.validTo as grantValidTo',
] as const;

/** Applications filtered in SQL by owner / kind / instance list and by the state 我的申请 shows. */
export async function applicationPage(
  db: Conn,
  f: {
    applicantId?: number;
    kind?: string;
    instanceIds?: number[];
    status?: string;
    state?: ApplyState;
    now: number;
    page: number;
    pageSize: number;
  },
): Promise<{ list: ApplicationJoined[]; total: number }> {
  let base = joined(db);
  if (f.applicantId !== undefined) base = base.where('a.applicantId', '=', f.applicantId);
  if (f.kind) base = base.where('a.kind', '=', f.kind);
  if (f.status) base = base.where('a.status', '=', f.status);
  if (f.instanceIds)
    base = f.instanceIds.length ? base.where('a.instanceId', 'in', f.instanceIds) : base.where(sql<boolean>`1 = 0`);
  if (f.state === 'approving' || f.state === 'rejected') base = base.where('a.status', '=', f.state);
  else if (f.state === 'revoked')
    base = base.where((eb) =>
      eb.or([
        eb('a.status', '=', 'withdrawn'),
        eb.and([eb('a.status', '=', 'approved'), eb('g.status', '=', 'revoked')]),
      ]),
    );
  else if (f.state === 'expired')
    base = base.where('a.status', '=', 'approved').where('g.status', '=', 'active').where('g.validTo', '<=', f.now);
  else if (f.state === 'approved')
    base = base.where('a.status', '=', 'approved').where('g.status', '=', 'active').where('g.validTo', '>', f.now);
  const { limit, offset } = page(f);
  const [list, c] = await Promise.all([
    base
      .selectAll('a')
      .select([...joinedColumns])
      .orderBy('a.createdAt', 'desc')
      .orderBy('a.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  return { list: list as ApplicationJoined[], total: Number(c?.n ?? 0) };
}

export const findApplication = (db: Conn, id: number) =>
  joined(db)
    .selectAll('a')
    .select([...joinedColumns])
    .where('a.id', '=', id)
    .executeTakeFirst() as Promise<ApplicationJoined | undefined>;

export const applicationOfInstance = (db: Conn, instanceId: number) =>
  db.selectFrom('dsApplication').selectAll().where('instanceId', '=', instanceId).executeTakeFirst();

/** A waiting application of the app for the dataset (apply or supplement). */
export const pendingApplication = (db: Conn, appId: number, datasetId: number) =>
  db
    .selectFrom('dsApplication')
    .select('id')
    .where('appId', '=', appId)
    .where('datasetId', '=', datasetId)
    .where('status', '=', 'approving')
    .executeTakeFirst();

export async function insertApplication(db: Conn, a: Omit<DsApplicationRow, 'id'>): Promise<number> {
  return (await db.insertInto('dsApplication').values(a).returning('id').executeTakeFirstOrThrow()).id;
}
export async function updateApplication(db: Conn, id: number, a: Partial<Omit<DsApplicationRow, 'id' | 'createdAt'>>) {
  await db.updateTable('dsApplication').set(a).where('id', '=', id).execute();
}

// ---- the data API ----

/** Records the nonce; false when the app used it already. Drops the app's nonces older than `before`. */
export async function useNonce(db: Conn, appId: number, nonce: string, now: number, before: number): Promise<boolean> {
  await db.deleteFrom('dsNonce').where('appId', '=', appId).where('at', '<', before).execute();
  const r = await db
    .insertInto('dsNonce')
    .values({ appId, nonce, at: now })
    .onConflict((oc) => oc.columns(['appId', 'nonce']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Counts a call in the app's current minute; answers the calls so far this minute. */
export async function countCall(db: Conn, appId: number, minute: number): Promise<number> {
  const r = await db
    .insertInto('dsRate')
    .values({ appId, minute, calls: 1 })
    .onConflict((oc) => oc.columns(['appId', 'minute']).doUpdateSet((eb) => ({ calls: eb('dsRate.calls', '+', 1) })))
    .returning('calls')
    .executeTakeFirstOrThrow();
  await db
    .deleteFrom('dsRate')
    .where('appId', '=', appId)
    .where('minute', '<', minute - 60)
    .execute();
  return Number(r.calls);
}

export async function logAccess(
  db: Conn,
  r: {
    appId: number;
    datasetCode: string;
    httpStatus: number;
    errorCode: string;
    rows: number;
    ip: string;
    at: number;
  },
): Promise<void> {
  await db.insertInto('dsAccessLog').values(r).execute();
}

export async function accessLogPage(db: Conn, appId: number, q: { page: number; pageSize: number }) {
  const base = db.selectFrom('dsAccessLog').where('appId', '=', appId);
  const { limit, offset } = page(q);
  const [list, c] = await Promise.all([
    base.selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  return { list, total: Number(c?.n ?? 0) };
}
