import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import Sqlite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { sqliteConnectionOf, type Db, type DialectName } from '../db/dialect';
import { dialectOf, raw, type RawDb } from './catalog';

/** A consistent, read-only view of the database for one backup, closed as soon as the tables are read. */
export interface Snapshot {
  db: RawDb;
  dialect: DialectName;
  close(): Promise<void>;
}

/**
 * A snapshot that never holds the app's connection while the backup reads it (issue 26):
 * - PostgreSQL: a repeatable-read transaction on one pooled connection (blocks nobody).
 * - SQLite: the online backup API copies the database, a hundred pages a step between the
 *   event loop's turns (writes by the app's connection during the copy go into it too), to a
 *   private file in workDir that a second connection reads. The app's one connection is never
 *   held for longer than a step.
 * Without a better-sqlite3 handle (a Db not opened by openDb) it falls back to a transaction on
 * the app's connection, which makes the app wait.
 */
export async function openSnapshot(db: Db, workDir: string): Promise<Snapshot> {
  const dialect = dialectOf(raw(db));
  const sqlite = dialect === 'sqlite' ? sqliteConnectionOf(db) : null;
  if (dialect === 'sqlite' && sqlite) {
    fs.mkdirSync(workDir, { recursive: true });
    const copy = path.join(workDir, `.snapshot-${randomBytes(6).toString('hex')}.sqlite`);
    const remove = () => {
      for (const f of [copy, `${copy}-wal`, `${copy}-shm`, `${copy}-journal`]) fs.rmSync(f, { force: true });
    };
    try {
      await sqlite.backup(copy);
      const own = new Kysely<Record<string, Record<string, unknown>>>({
        dialect: new SqliteDialect({ database: new Sqlite(copy, { readonly: true }) }),
      });
      return {
        db: own,
        dialect,
        close: async () => {
          await own.destroy();
          remove();
        },
      };
    } catch (e) {
      remove();
      throw e;
    }
  }
  const trx = await (
    dialect === 'postgres' ? db.startTransaction().setIsolationLevel('repeatable read') : db.startTransaction()
  ).execute();
  return {
    db: raw(trx),
    dialect,
    // It only read: nothing to keep.
    close: async () => {
      await trx.rollback().execute();
    },
  };
}
