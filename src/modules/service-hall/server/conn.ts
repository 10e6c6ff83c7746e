import type { Transaction } from 'kysely';
import type { Db } from '@/server/db/dialect';
import type { Database } from '@/server/db/schema';
import './tables';

/** A database handle or the caller's transaction: commands run inside the caller's write. */
export type Conn = Db | Transaction<Database>;
export type Tx = Transaction<Database>;
