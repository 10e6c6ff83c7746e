import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { Db } from '../db/dialect';
import { appliedMigrations, dialectOf, listTables, parentsFirst, raw, type RawDb, type TableInfo } from './catalog';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  encodeValue,
  FILE_CHUNK,
  ROWS_PER_PAGE,
  type BackupRecord,
  type Value,
} from './format';

/** Rows of one table in keyset pages on its primary key (offset pages only for a table without one). */
export async function* tablePages(db: RawDb, t: TableInfo, size = ROWS_PER_PAGE): AsyncGenerator<Value[][]> {
  const cols = t.columns.map((c) => sql.ref(c));
  const key = t.primaryKey;
  let after: unknown[] | null = null;
  let offset = 0;
  for (;;) {
    let q = db.selectFrom(t.name).select(cols.map((c, i) => sql`${c}`.as(`c${i}`)));
    if (key.length) {
      if (after) {
        const a = after;
        q = q.where(
          key.length === 1
            ? sql<boolean>`${sql.ref(key[0]!)} > ${a[0]}`
            : sql<boolean>`(${sql.join(key.map((k) => sql.ref(k)))}) > (${sql.join(a)})`,
        );
      }
      q = key.reduce((acc, k) => acc.orderBy(sql.ref(k)), q);
    } else {
      q = t.columns.reduce((acc, c) => acc.orderBy(sql.ref(c)), q).offset(offset);
    }
    const rows = await q.limit(size).execute();
    const values = rows.map((r) => t.columns.map((_, i) => encodeValue((r as Record<string, unknown>)[`c${i}`])));
    if (values.length) yield values;
    if (rows.length < size) return;
    offset += rows.length;
    const last = rows[rows.length - 1] as Record<string, unknown>;
    after = key.map((k) => last[`c${t.columns.indexOf(k)}`]);
  }
}

/** Every file under dir (relative paths, '/'-separated), skipping unfinished uploads (*.part). */
export function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(r);
      else if (e.isFile() && !e.name.endsWith('.part')) out.push(r);
    }
  };
  walk('');
  return out.sort();
}

/** The records of a backup of this database and of the files under uploadsDir, in file order. */
export async function* backupRecords(db: Db | Transaction<Database>, uploadsDir: string): AsyncGenerator<BackupRecord> {
  const r = raw(db);
  // Parents first: a restore inserts in file order, and PostgreSQL checks foreign keys per statement.
  const tables = parentsFirst(await listTables(r));
  yield {
    type: 'header',
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: Date.now(),
    dialect: dialectOf(r),
    migrations: await appliedMigrations(r),
    tables: tables.map((t) => ({ name: t.name, columns: t.columns })),
  };
  const counts: Record<string, number> = {};
  for (const t of tables) {
    yield { type: 'table', name: t.name, columns: t.columns };
    counts[t.name] = 0;
    for await (const rows of tablePages(r, t)) {
      counts[t.name] += rows.length;
      yield { type: 'rows', rows };
    }
  }
  let files = 0;
  let bytes = 0;
  for (const rel of listFiles(uploadsDir)) {
    files += 1;
    const stream = fs.createReadStream(path.join(uploadsDir, rel), { highWaterMark: FILE_CHUNK });
    let any = false;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      any = true;
      bytes += chunk.length;
      yield { type: 'file', path: rel, data: chunk.toString('base64') };
    }
    if (!any) yield { type: 'file', path: rel, data: '' };
  }
  yield { type: 'footer', rows: counts, files, bytes };
}

/**
 * Writes a backup to `file` (through a .part file renamed at the end); answers its size in bytes.
 * The tables are read in one transaction, so the backup is one consistent snapshot (rows added
 * half-way cannot reference rows the backup lacks). On PostgreSQL it is a repeatable-read
 * snapshot that blocks nobody; on SQLite the app's one connection waits for the backup.
 */
export async function writeBackup(db: Db, uploadsDir: string, file: string): Promise<number> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.part`;
  const tx =
    dialectOf(raw(db)) === 'postgres' ? db.transaction().setIsolationLevel('repeatable read') : db.transaction();
  try {
    await tx.execute(async (trx) => {
      await pipeline(
        Readable.from(
          (async function* lines() {
            for await (const rec of backupRecords(trx, uploadsDir)) yield `${JSON.stringify(rec)}\n`;
          })(),
        ),
        createGzip(),
        fs.createWriteStream(tmp),
      );
    });
    fs.renameSync(tmp, file);
    return fs.statSync(file).size;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}
