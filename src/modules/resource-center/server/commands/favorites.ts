import type { Db } from '@/server/db/dialect';
import { visibleTo } from '../repository';
import { viewerOf } from '../service';

/**
 * A user's starred resources that they may still open (newest star first), for another module's
 * "my favourites" (the personal centre's 我的收藏). Resources keep their own favourites table
 * (rc_favorite); the kind other modules use for them is RESOURCE_FAVORITE_KIND in api.ts.
 */
export async function favoriteResources(db: Db, userId: number, limit = 50) {
  const viewer = await viewerOf(db, userId);
  const rows = await db
    .selectFrom('rcFavorite as f')
    .innerJoin('rcResource as r', 'r.id', 'f.resourceId')
    .select(['r.id', 'r.title', 'r.kind', 'f.createdAt'])
    .where('f.userId', '=', userId)
    .where((eb) => visibleTo(eb as never, viewer))
    .orderBy('f.createdAt', 'desc')
    .limit(Math.min(limit, 200))
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    kind: r.kind,
    createdAt: Number(r.createdAt),
    path: `/web/webResourceCenter/resourceHall?open=${r.id}`,
    phonePath: `/mobile/resourcePreview?id=${r.id}`,
  }));
}
