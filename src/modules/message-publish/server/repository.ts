import { sql, type Transaction } from 'kysely';
import type { Db } from '@/server/db/dialect';
import type { Database } from '@/server/db/schema';
import type { Audience, ReleaseListQuery, TemplateListQuery } from '../contract';
import type { MpReleaseRow, MpTemplateRow } from './tables';
import './tables';

export type Conn = Db | Transaction<Database>;

const containsPattern = (kw: string) => `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// ---- templates ----

export async function templatePage(db: Conn, q: TemplateListQuery): Promise<{ list: MpTemplateRow[]; total: number }> {
  let base = db.selectFrom('mpTemplate');
  if (q.category) base = base.where('category', '=', q.category);
  if (q.keyword?.trim()) {
    const p = containsPattern(q.keyword.trim());
    base = base.where((eb) => eb.or([eb('name', 'like', p), eb('title', 'like', p)]));
  }
  const [list, c] = await Promise.all([
    base
      .selectAll()
      .orderBy('updatedAt', 'desc')
      .orderBy('id', 'desc')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  return { list, total: Number(c?.n ?? 0) };
}

export async function templateCategories(db: Conn): Promise<string[]> {
  const rows = await db.selectFrom('mpTemplate').select('category').distinct().orderBy('category').execute();
  return rows.map((r) => r.category);
}

export const findTemplate = (db: Conn, id: number) =>
  db.selectFrom('mpTemplate').selectAll().where('id', '=', id).executeTakeFirst();

export async function insertTemplate(db: Conn, t: Omit<MpTemplateRow, 'id'>): Promise<number> {
  const r = await db.insertInto('mpTemplate').values(t).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function updateTemplate(
  db: Conn,
  id: number,
  t: Pick<MpTemplateRow, 'name' | 'category' | 'title' | 'content' | 'variables' | 'updatedAt'>,
): Promise<void> {
  await db.updateTable('mpTemplate').set(t).where('id', '=', id).execute();
}

export async function deleteTemplate(db: Conn, id: number): Promise<void> {
  await db.deleteFrom('mpTemplate').where('id', '=', id).execute();
}

// ---- releases ----

export async function insertRelease(db: Conn, r: Omit<MpReleaseRow, 'id'>): Promise<number> {
  const row = await db.insertInto('mpRelease').values(r).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export const findRelease = (db: Conn, id: number) =>
  db.selectFrom('mpRelease').selectAll().where('id', '=', id).executeTakeFirst();

/** The publisher's releases, newest first (index publisher_id, created_at, id). */
export async function releasePage(
  db: Conn,
  publisherId: number,
  q: ReleaseListQuery,
): Promise<{ list: MpReleaseRow[]; total: number }> {
  let base = db.selectFrom('mpRelease').where('publisherId', '=', publisherId);
  if (q.status) base = base.where('status', '=', q.status);
  if (q.keyword?.trim()) base = base.where('title', 'like', containsPattern(q.keyword.trim()));
  const [list, c] = await Promise.all([
    base
      .selectAll()
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  return { list, total: Number(c?.n ?? 0) };
}

/** Moves a release from one of `from` to `to` (with extra columns); answers whether it moved. */
export async function moveRelease(
  db: Conn,
  id: number,
  from: readonly string[],
  set: Partial<Omit<MpReleaseRow, 'id'>> & { status: string },
): Promise<boolean> {
  const r = await db
    .updateTable('mpRelease')
    .set(set)
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Advances the delivery cursor after a chunk was sent — only from where this run read it and only
 * while the release is still sending, so a second runner or a withdrawal in between rolls the
 * chunk back instead of sending it twice.
 */
export async function advanceCursor(db: Conn, id: number, from: number, to: number, n: number): Promise<boolean> {
  const r = await db
    .updateTable('mpRelease')
    .set((eb) => ({ lastUserId: to, recipients: eb('recipients', '+', n) }))
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .where('lastUserId', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Releases waiting for their whole-school approval. */
export const approvingReleases = (db: Conn, limit: number) =>
  db
    .selectFrom('mpRelease')
    .select(['id', 'instanceId', 'publishAt'])
    .where('status', '=', 'approving')
    .orderBy('id')
    .limit(limit)
    .execute();

// ---- audience (core tables: departments, accounts, roles, platforms) ----

/**
 * The active, non-administrator users an audience reaches, in id order after `afterId`, at most
 * `limit` — all in SQL: departments and classes with every department below them (recursive), roles,
 * platforms (directly or through a role), named people.
 */
export function audienceQuery(db: Conn, a: Audience) {
  const roots = [...new Set([...a.departmentIds, ...a.classIds])];
  let q = db
    .withRecursive('sub(id)', (qc) =>
      qc
        .selectFrom('department')
        .select('department.id')
        .where('department.id', 'in', roots.length ? roots : [0])
        .unionAll(
          qc.selectFrom('department').innerJoin('sub', 'sub.id', 'department.parentId').select('department.id'),
        ),
    )
    .selectFrom('appUser')
    .where('appUser.status', '=', 'active')
    .where('appUser.isAdmin', '=', 0);
  if (!a.all)
    q = q.where((eb) => {
      const any = [];
      if (roots.length) any.push(eb('appUser.departmentId', 'in', eb.selectFrom('sub').select('sub.id')));
      if (a.roleCodes.length)
        any.push(
          eb(
            'appUser.id',
            'in',
            eb
              .selectFrom('userRole')
              .innerJoin('role', 'role.id', 'userRole.roleId')
              .select('userRole.userId')
              .where('role.code', 'in', a.roleCodes),
          ),
        );
      if (a.platformIds.length)
        any.push(
          eb.or([
            eb(
              'appUser.id',
              'in',
              eb
                .selectFrom('platformUser')
                .select('platformUser.userId')
                .where('platformUser.platformId', 'in', a.platformIds),
            ),
            eb(
              'appUser.id',
              'in',
              eb
                .selectFrom('platformRole')
                .innerJoin('userRole', 'userRole.roleId', 'platformRole.roleId')
                .select('userRole.userId')
                .where('platformRole.platformId', 'in', a.platformIds),
            ),
          ]),
        );
      if (a.userIds.length) any.push(eb('appUser.id', 'in', a.userIds));
      return any.length ? eb.or(any) : sql<boolean>`1 = 0`;
    });
  return q;
}

export async function audienceChunk(db: Conn, a: Audience, afterId: number, limit: number): Promise<number[]> {
  const rows = await audienceQuery(db, a)
    .select('appUser.id')
    .where('appUser.id', '>', afterId)
    .orderBy('appUser.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export async function audienceCount(db: Conn, a: Audience): Promise<number> {
  const r = await audienceQuery(db, a)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export const departmentOptions = (db: Conn) =>
  db.selectFrom('department').select(['id', 'name', 'kind', 'parentId']).orderBy('sort').orderBy('id').execute();

export const roleOptions = (db: Conn) =>
  db.selectFrom('role').select(['code', 'name']).where('code', '!=', 'admin').orderBy('sort').orderBy('id').execute();

export const platformOptions = (db: Conn) =>
  db
    .selectFrom('platform')
    .select(['id', 'name'])
    .where('status', '=', 'active')
    .orderBy('sort')
    .orderBy('id')
    .execute();

export const namesOf = (db: Conn, table: 'department' | 'platform', ids: number[]) =>
  ids.length ? db.selectFrom(table).select(['id', 'name']).where('id', 'in', ids).execute() : Promise.resolve([]);

export const roleNames = (db: Conn, codes: string[]) =>
  codes.length
    ? db.selectFrom('role').select(['code', 'name']).where('code', 'in', codes).execute()
    : Promise.resolve([]);

/** Active users by 学号/工号 (chunks of 500 numbers). */
export async function usersByNo(db: Conn, nos: string[]): Promise<{ id: number; userNo: string; realName: string }[]> {
  const out: { id: number; userNo: string; realName: string }[] = [];
  for (let i = 0; i < nos.length; i += 500)
    out.push(
      ...(await db
        .selectFrom('appUser')
        .select(['id', 'userNo', 'realName'])
        .where('userNo', 'in', nos.slice(i, i + 500))
        .where('status', '=', 'active')
        .execute()),
    );
  return out;
}

/** The caller's own uploads for message attachments (a release may only carry those). */
export const ownAttachments = (db: Conn, ownerId: number, ids: string[]) =>
  ids.length
    ? db
        .selectFrom('upload')
        .select(['id', 'originalName', 'size'])
        .where('id', 'in', ids)
        .where('ownerId', '=', ownerId)
        .where('purpose', '=', ATTACHMENT_PURPOSE)
        .execute()
    : Promise.resolve([]);

export const ATTACHMENT_PURPOSE = 'message-publish';

export const userName = (db: Conn, id: number) =>
  db.selectFrom('appUser').select(['realName', 'username']).where('id', '=', id).executeTakeFirst();

/** Releases due before `before` that are still waiting or half sent (a delivery that never got queued or stopped). */
export const dueReleases = (db: Conn, before: number, limit: number) =>
  db
    .selectFrom('mpRelease')
    .select('id')
    .where('status', 'in', ['scheduled', 'sending'])
    .where('publishAt', '<', before)
    .orderBy('publishAt')
    .limit(limit)
    .execute();

/** Releases (not withdrawn) that carry the attachment `uploadId` — who may download it follows from them. */
export const releasesWithAttachment = (db: Conn, uploadId: string) =>
  db
    .selectFrom('mpRelease')
    .select(['id', 'publisherId'])
    .where('attachments', 'like', `%"${uploadId.replace(/[^0-9a-f-]/g, '')}"%`)
    .where('status', '!=', 'withdrawn')
    .limit(20)
    .execute();
