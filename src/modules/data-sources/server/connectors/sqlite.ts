import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import Database from 'better-sqlite3';
import type { DataFieldType } from '../../contract';
import { badSql, databaseMissing, DataSourceError, timedOut, writeRefused } from '../source-error';
import { sqliteConfig } from './config-check';
import type { Limits, SourceSpec, SqlConnection } from './types';

/** Where SQLite sources live: DATA_DIR/sources/ (never any other path, least of all the platform's own database). */
export const sourcesDir = (dataDir: string) => path.join(dataDir, 'sources');

/** A declared column type by SQLite's affinity rules (TEXT is SQLite's ordinary string type). */
function declaredType(decl: string | null): DataFieldType | null {
  if (!decl) return null;
  const d = decl.toUpperCase();
  if (d.includes('BOOL')) return 'boolean';
  if (d.includes('DATETIME') || d.includes('TIMESTAMP')) return 'datetime';
  if (d === 'DATE') return 'date';
  if (d.includes('INT')) return 'integer';
  if (d.includes('CLOB')) return 'text';
  if (d.includes('CHAR') || d.includes('TEXT')) return 'string';
  if (d.includes('REAL') || d.includes('FLOA') || d.includes('DOUB') || d.includes('NUM') || d.includes('DEC'))
    return 'decimal';
  return null;
}

/** The file inside DATA_DIR/sources/, following links only as far as they stay inside it. */
export function sqliteFilePath(dataDir: string, file: string): string {
  const dir = sourcesDir(dataDir);
  const wanted = path.join(dir, file);
  let real: string;
  try {
    real = fs.realpathSync(wanted);
  } catch {
    throw databaseMissing(`${file}（数据目录 sources 文件夹中没有这个文件）`);
  }
  const realDir = fs.realpathSync(dir);
  if (!real.startsWith(realDir + path.sep) || !fs.statSync(real).isFile())
    throw databaseMissing(`${file}（数据目录 sources 文件夹中没有这个文件）`);
  return real;
}

function classify(e: unknown): DataSourceError {
  if (e instanceof DataSourceError) return e;
  const err = e as { code?: string; message?: string };
  if (err.code === 'SQLITE_READONLY') return writeRefused('只读连接拒绝了写操作');
  if (err.code === 'SQLITE_NOTADB' || err.code === 'SQLITE_CORRUPT') return badSql('文件不是 SQLite 数据库或已损坏');
  return badSql(err.message ?? String(e));
}

export async function openSqlite(source: SourceSpec, limits: Limits, dataDir: string): Promise<SqlConnection> {
  const cfg = sqliteConfig(source);
  const file = sqliteFilePath(dataDir, cfg.file);
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true, timeout: limits.connectMs });
    db.pragma('query_only = ON');
  } catch (e) {
    throw classify(e);
  }

  const prepare = (sql: string) => {
    let stmt: Database.Statement;
    try {
      stmt = db.prepare(sql);
    } catch (e) {
      throw classify(e);
    }
    // SQLite knows whether a statement writes: the last word on it, beside the keyword check.
    if (!stmt.readonly || !stmt.reader) throw writeRefused('只读连接拒绝了写操作');
    return stmt;
  };

  return {
    dialect: 'sqlite',
    quote: (ident) => `"${ident.replace(/"/g, '""')}"`,
    placeholder: () => '?',
    async version() {
      const v = db.prepare('SELECT sqlite_version() AS v').get() as { v: string };
      return `SQLite ${v.v}（${cfg.file}）`;
    },
    async listTables() {
      const rows = db
        .prepare(
          "SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name LIMIT 2000",
        )
        .all() as { name: string }[];
      return rows.map((r) => r.name);
    },
    async query(sql, params) {
      const stmt = prepare(sql);
      const started = Date.now();
      const rows: Record<string, unknown>[] = [];
      try {
        // No statement timeout in SQLite: stop between rows once the limit has passed.
        for (const row of stmt.iterate(...(params as unknown[])) as IterableIterator<Record<string, unknown>>) {
          rows.push(row);
          if (Date.now() - started > limits.statementMs) throw timedOut('查询', limits.statementMs);
        }
      } catch (e) {
        throw classify(e);
      }
      return { columns: stmt.columns().map((c) => ({ name: c.name, type: declaredType(c.type) })), rows };
    },
    async *stream(sql, params, batchSize, signal) {
      const stmt = prepare(sql);
      let batch: Record<string, unknown>[] = [];
      let it: IterableIterator<Record<string, unknown>>;
      try {
        it = stmt.iterate(...(params as unknown[])) as IterableIterator<Record<string, unknown>>;
      } catch (e) {
        throw classify(e);
      }
      try {
        for (;;) {
          let next: IteratorResult<Record<string, unknown>>;
          try {
            next = it.next();
          } catch (e) {
            throw classify(e);
          }
          if (next.done) break;
          batch.push(next.value);
          if (batch.length >= batchSize) {
            signal?.throwIfAborted();
            yield batch;
            batch = [];
            // better-sqlite3 never waits: without a turn of the event loop a long read (and a sync
            // writing to the platform's SQLite, also synchronous) would starve every request.
            await nextTurn();
          }
        }
        if (batch.length) yield batch;
      } finally {
        it.return?.();
      }
    },
    async close() {
      db.close();
    },
  };
}
