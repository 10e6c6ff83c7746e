import type { SelectQueryBuilder } from 'kysely';
import type { Page } from '@/shared/envelope';

/**
 * One page of a filtered query, cut in SQL (DESIGN §5): `base` carries the joins and filters,
 * `select` adds the columns and order. The count runs on the same filters without the order,
 * unless the caller knows the total another way (`total`, e.g. counts the database keeps).
 */
export async function paginate<DB, TB extends keyof DB, O, R>(
  base: SelectQueryBuilder<DB, TB, O>,
  select: (q: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, R>,
  p: { page: number; pageSize: number },
  total?: () => Promise<number>,
): Promise<Page<R>> {
  const countRows = async () =>
    Number(
      (
        (await base
          .clearSelect()
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirst()) as { total?: number } | undefined
      )?.total ?? 0,
    );
  const [list, count] = await Promise.all([
    select(base)
      .limit(p.pageSize)
      .offset((p.page - 1) * p.pageSize)
      .execute(),
    (total ?? countRows)(),
  ]);
  return {
    list: list as R[],
    total: count,
    page: p.page,
    pageSize: p.pageSize,
  };
}
