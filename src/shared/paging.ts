import { Type } from 'typebox';
import { MAX_PAGE_SIZE } from './envelope';

/** The paging fields every list endpoint takes (DESIGN §5): spread into a query schema. */
export const PageFields = {
  page: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 20 }),
};
