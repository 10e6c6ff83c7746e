import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { AppError } from '@/server/errors';
import { Codes } from '@/shared/errors';
import { databaseConfig, sqliteConfig } from './config-check';
import { sqliteFilePath } from './sqlite';
import type { Limits, SourceSpec } from './types';

/** One value to put back into the owning system: `UPDATE table SET column = value WHERE keyColumn = key`. */
export interface WriteBackValue {
  table: string;
  keyColumn: string;
  key: unknown;
  column: string;
  value: unknown;
}

const failed = (m: string) => new AppError(Codes.oneTableWriteBackFailed, 400, `写回源系统失败：${m.slice(0, 300)}`);
/** Identifiers come from the administrator's settings (checked by pattern); quoted per dialect anyway. */
const dq = (s: string) =>
  s
    .split('.')
    .map((p) => `"${p.replace(/"/g, '""')}"`)
    .join('.');
const bq = (s: string) =>
  s
    .split('.')
    .map((p) => `\`${p.replace(/`/g, '``')}\``)
    .join('.');

/**
 * The only writing use of a source (the connectors are read-only): one parameterised UPDATE of the
 * one mapped column of exactly one row, in a transaction — zero or several matching rows roll back
 * and fail. A database error is said without SQL text or password.
 */
export async function writeBackValue(source: SourceSpec, limits: Limits, dataDir: string, v: WriteBackValue) {
  const one = (n: number) => {
    if (n !== 1) throw failed(n === 0 ? '源系统中找不到该记录' : `源系统中有 ${n} 条记录匹配，未写入`);
  };
  const reason = (e: unknown) => (e instanceof AppError ? e : failed((e as Error).message ?? String(e)));
  switch (source.kind) {
    case 'sqlite': {
      const db = new Database(sqliteFilePath(dataDir, sqliteConfig(source).file), {
        fileMustExist: true,
        timeout: limits.connectMs,
      });
      try {
        db.transaction(() => {
          const r = db
            .prepare(`UPDATE ${dq(v.table)} SET ${dq(v.column)} = ? WHERE ${dq(v.keyColumn)} = ?`)
            .run(v.value as string, v.key as string);
          one(r.changes);
        })();
      } catch (e) {
        throw reason(e);
      } finally {
        db.close();
      }
      return;
    }
    case 'mysql': {
      const cfg = databaseConfig(source);
      let conn: mysql.Connection | undefined;
      try {
        conn = await mysql.createConnection({
          host: cfg.host,
          port: cfg.port,
          database: cfg.database,
          user: cfg.user,
          password: source.secret ?? undefined,
          connectTimeout: limits.connectMs,
          multipleStatements: false,
          charset: 'utf8mb4',
          ...(cfg.ssl ? { ssl: { rejectUnauthorized: false } } : {}),
        });
        conn.on('error', () => undefined);
        await conn.beginTransaction();
        const [r] = await conn.execute(`UPDATE ${bq(v.table)} SET ${bq(v.column)} = ? WHERE ${bq(v.keyColumn)} = ?`, [
          v.value,
          v.key,
        ] as never[]);
        const n = (r as { affectedRows: number }).affectedRows;
        if (n !== 1) await conn.rollback();
        one(n);
        await conn.commit();
      } catch (e) {
        await conn?.rollback().catch(() => undefined);
        throw reason(e);
      } finally {
        await conn?.end().catch(() => undefined);
      }
      return;
    }
    case 'postgres': {
      const cfg = databaseConfig(source);
      const client = new pg.Client({
        host: cfg.host,
        port: cfg.port,
        database: cfg.database,
        user: cfg.user,
        password: source.secret ?? undefined,
        ssl: cfg.ssl ? { rejectUnauthorized: false } : false,
        connectionTimeoutMillis: limits.connectMs,
        statement_timeout: limits.statementMs,
        application_name: 'campus-portal-write-back',
      });
      client.on('error', () => undefined);
      try {
        await client.connect();
        await client.query('BEGIN');
        const table = cfg.schema && !v.table.includes('.') ? `${cfg.schema}.${v.table}` : v.table;
        const r = await client.query(`UPDATE ${dq(table)} SET ${dq(v.column)} = $1 WHERE ${dq(v.keyColumn)} = $2`, [
          v.value,
          v.key,
        ]);
        if (r.rowCount !== 1) await client.query('ROLLBACK');
        one(r.rowCount ?? 0);
        await client.query('COMMIT');
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw reason(e);
      } finally {
        await client.end().catch(() => undefined);
      }
      return;
    }
    default:
      throw failed('该数据源不是数据库，不能写回');
  }
}
