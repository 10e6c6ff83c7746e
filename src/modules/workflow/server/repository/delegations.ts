import { paginate } from '@/server/db/paginate';
import type { Page } from '@/shared/envelope';
import type { DelegationItem, DelegationListQuery } from '@/modules/workflow/contract';
import { Conn } from './conn';
import '../tables';

export async function listDelegations(db: Conn, q: DelegationListQuery): Promise<Page<DelegationItem>> {
  let base = db
    .selectFrom('wfDelegation as d')
    .innerJoin('appUser as a', 'a.id', 'd.fromUserId')
    .innerJoin('appUser as b', 'b.id', 'd.toUserId');
  if (q.userId) {
    const u = q.userId;
    base = base.where((eb) => eb.or([eb('d.fromUserId', '=', u), eb('d.toUserId', '=', u)]));
  }
  const page = await paginate(
    base,
    (b) =>
      b
        .select([
          'd.id',
          'd.fromUserId',
          'a.realName as fromName',
          'd.toUserId',
          'b.realName as toName',
          'd.startsAt',
          'd.endsAt',
          'd.note',
          'd.enabled',
          'd.createdAt',
        ])
        .orderBy('d.id', 'desc'),
    q,
  );
  return {
    ...page,
    list: page.list.map((r) => ({
      id: r.id,
      from: { id: r.fromUserId, name: r.fromName },
      to: { id: r.toUserId, name: r.toName },
      startsAt: Number(r.startsAt),
      endsAt: Number(r.endsAt),
      note: r.note,
      enabled: r.enabled === 1,
      createdAt: Number(r.createdAt),
    })),
  };
}
