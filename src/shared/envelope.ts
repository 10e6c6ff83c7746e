import { Codes } from './errors';

/** Every JSON answer of the server (DESIGN §5). */
export interface Envelope<T = unknown> {
  errorCode: string;
  message: string;
  data: T;
}

/** A page of a list (DESIGN §5): sorted, filtered and cut in SQL. */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const MAX_PAGE_SIZE = 200;

export function ok<T>(data: T, message = '成功'): Envelope<T> {
  return { errorCode: Codes.ok, message, data };
}
