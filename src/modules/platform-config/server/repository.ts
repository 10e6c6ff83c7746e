import type { Transaction } from 'kysely';
import type { Db } from '../../../server/db/dialect';
import type { Database } from '../../../server/db/schema';
import type { PlatformSummary } from '../contract';

type Q = Db | Transaction<Database>;

/** Every platform with its direct member and role counts, by sort then id. */
export async function listPlatforms(db: Q): Promise<PlatformSummary[]> {
  const rows = await db
    .selectFrom('platform as p')
    .select((eb) => [
      'p.id', 'p.name', 'p.icon', 'p.indexUrl', 'p.kind', 'p.sort', 'p.status',
      eb.selectFrom('platformUser').select((e) => e.fn.countAll<number>().as('c')).whereRef('platformUser.platformId', '=', 'p.id').as('userCount'),
      eb.selectFrom('platformRole').select((e) => e.fn.countAll<number>().as('c')).whereRef('platformRole.platformId', '=', 'p.id').as('roleCount'),
    ])
    .orderBy('p.sort')
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({
    ...r,
    kind: r.kind as PlatformSummary['kind'],
    status: r.status as PlatformSummary['status'],
    userCount: Number(r.userCount ?? 0),
    roleCount: Number(r.roleCount ?? 0),
  }));
}
