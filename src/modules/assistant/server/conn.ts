import type { Transaction } from 'kysely';
import type { Db } from '@/server/db/dialect';
import type { Database } from '@/server/db/schema';
import './tables';

export type Conn = Db | Transaction<Database>;
