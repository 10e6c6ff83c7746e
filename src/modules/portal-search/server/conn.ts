import { PostgresAdapter, type Transaction } from 'kysely';
import type { Db } from '@/server/db/dialect';
import type { Database } from '@/server/db/schema';
import './tables';

/** A database handle or the caller's transaction: indexing runs inside the caller's write. */
export type Conn = Db | Transaction<Database>;

export const onPostgres = (db: Conn) => db.getExecutor().adapter instanceof PostgresAdapter;
