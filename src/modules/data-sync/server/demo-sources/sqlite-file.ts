import fs from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';

/** A source system's database being written: a temporary file renamed into place when complete. */
export interface SourceFile {
  db: Sqlite.Database;
  /** Rows written per table, for the log and the tests. */
  counts: Record<string, number>;
  /**
   * Create a table, fill it from rows of values in column order in one transaction, then build
   * its indexes (after the rows: cheaper than maintaining them row by row).
   */
  table(
    name: string,
    ddl: string,
    columns: readonly string[],
    rows: Iterable<readonly unknown[]>,
    indexes?: string,
  ): void;
}

/**
 * Write one source system. Generation needs no durability (a crash simply regenerates), so the
 * journal and fsync are off while writing; the file appears under its real name only once closed,
 * so a half-written system is never registered or read.
 */
export function writeSourceFile(dir: string, name: string, fill: (f: SourceFile) => void): Record<string, number> {
  fs.mkdirSync(dir, { recursive: true });
  const final = path.join(dir, `${name}.sqlite`);
  const temp = `${final}.part`;
  fs.rmSync(temp, { force: true });
  const db = new Sqlite(temp);
  try {
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    const counts: Record<string, number> = {};
    fill({
      db,
      counts,
      table(table, ddl, columns, rows, indexes) {
        db.exec(ddl);
        const insert = db.prepare(
          `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
        );
        let n = 0;
        db.transaction(() => {
          for (const r of rows) {
            insert.run(...r);
            n++;
          }
        })();
        if (indexes) db.exec(indexes);
        counts[table] = (counts[table] ?? 0) + n;
      },
    });
    db.close();
    fs.renameSync(temp, final);
    return counts;
  } catch (e) {
    if (db.open) db.close();
    fs.rmSync(temp, { force: true });
    throw e;
  }
}
