import type { Db } from '@/server/db/dialect';
import type { LayoutGroup } from '../contract';
import './tables';

export async function readLayout(db: Db, platformId: number): Promise<LayoutGroup[] | undefined> {
  const row = await db
    .selectFrom('mobileLayout')
    .select('groups')
    .where('platformId', '=', platformId)
    .executeTakeFirst();
  return row ? (JSON.parse(row.groups) as LayoutGroup[]) : undefined;
}

export async function writeLayout(db: Db, platformId: number, groups: LayoutGroup[], by: number): Promise<void> {
  const text = JSON.stringify(groups);
  const now = Date.now();
  await db
    .insertInto('mobileLayout')
    .values({ platformId, groups: text, updatedAt: now, updatedBy: by })
    .onConflict((oc) => oc.column('platformId').doUpdateSet({ groups: text, updatedAt: now, updatedBy: by }))
    .execute();
}

export async function deleteLayout(db: Db, platformId: number): Promise<void> {
  await db.deleteFrom('mobileLayout').where('platformId', '=', platformId).execute();
}

export async function platformExists(db: Db, id: number): Promise<boolean> {
  return !!(await db.selectFrom('platform').select('id').where('id', '=', id).executeTakeFirst());
}

/** Every node of a platform's web menu (whoever may see it), for the tree order and the names it holds. */
export async function platformMenuRows(db: Db, platformId: number) {
  return db
    .selectFrom('menu')
    .select(['id', 'parentId', 'name', 'path', 'title', 'icon', 'sort'])
    .where('scope', '=', 'web')
    .where('platformId', '=', platformId)
    .execute();
}
