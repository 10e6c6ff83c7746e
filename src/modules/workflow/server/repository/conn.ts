import { sql, type Expression, type SqlBool, type Transaction } from 'kysely';
import type { Db } from '@/server/db/dialect';
import type { Database } from '@/server/db/schema';

export type Conn = Db | Transaction<Database>;

export type Tx = Transaction<Database>;

export const containsPattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const contains = (column: Expression<unknown>, keyword: string) =>
  sql<SqlBool>`lower(${column}) like lower(${containsPattern(keyword)}) escape '\\'`;
export const n = (v: number | string | bigint | null): number | null => (v === null ? null : Number(v));
