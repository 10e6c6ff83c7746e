import { Type } from 'typebox';
import { MAX_PAGE_SIZE } from './envelope';

/**
 * The highest page a list answers. Bounded so that the offset ((page - 1) × pageSize) stays an
 * ordinary integer on both databases: page=1e20 used to reach SQL and answer 500.
 */
export const MAX_PAGE = 1_000_000;

/** page and pageSize with their bounds, for a list whose default page size is not 20. */
export function pageFields(defaultPageSize: number) {
  return {
    page: Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: defaultPageSize }),
  };
}

/** The paging fields every list endpoint takes (DESIGN §5): spread into a query schema. */
export const PageFields = pageFields(20);
