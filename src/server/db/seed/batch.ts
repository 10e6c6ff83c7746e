import type { Insertable, Transaction } from 'kysely';
import type { Database } from '../schema';

export type Tx = Transaction<Database>;

// 500 rows a statement keeps PostgreSQL under its 65535-parameter limit for every table here
// and SQLite's statements small, while still inserting thousands of rows in a few statements.
export const CHUNK = 500;

export async function insertChunks<T extends keyof Database & string>(
  tx: Tx,
  table: T,
  rows: Insertable<Database[T]>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    // Kysely cannot narrow a generic table's insert type; the rows are typed by the caller.
    await tx
      .insertInto(table)
      .values(rows.slice(i, i + CHUNK) as never)
      .execute();
  }
}
