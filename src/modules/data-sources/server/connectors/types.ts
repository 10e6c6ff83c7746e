import type { DataFieldType, DataSourceKind } from '../../contract';

/** A source as the connectors see it: its kind, settings and decrypted secret (never leaves the server). */
export interface SourceSpec {
  kind: DataSourceKind;
  config: Record<string, unknown>;
  secret: string | null;
}

export interface ColumnInfo {
  name: string;
  /** From the driver's metadata; null when it gives none (guessed from the values then). */
  type: DataFieldType | null;
}

export interface SqlResult {
  columns: ColumnInfo[];
  rows: Record<string, unknown>[];
}

/** Limits of one use of a source. */
export interface Limits {
  /** Opening the connection. */
  connectMs: number;
  /** One statement (a preview, a detection, one batch of a stream on PostgreSQL). */
  statementMs: number;
}

export const INTERACTIVE_LIMITS: Limits = { connectMs: 5_000, statementMs: 15_000 };
/** Reading a whole dataset for a sync: MySQL streams one statement, so it gets the long limit. */
export const BULK_LIMITS: Limits = { connectMs: 10_000, statementMs: 30 * 60_000 };

/** One read-only connection to a database source (PostgreSQL, MySQL/MariaDB, SQLite). */
export interface SqlConnection {
  dialect: 'postgres' | 'mysql' | 'sqlite';
  quote(ident: string): string;
  /** The placeholder for the n-th parameter (1-based). */
  placeholder(n: number): string;
  /** The server's version line (shown by 测试连接). */
  version(): Promise<string>;
  /** Tables and views the dataset form offers. */
  listTables(): Promise<string[]>;
  /** One read-only statement; the caller bounds its rows (LIMIT). */
  query(sql: string, params: readonly unknown[]): Promise<SqlResult>;
  /** One read-only statement's rows in batches, without holding them all. */
  stream(
    sql: string,
    params: readonly unknown[],
    batchSize: number,
    signal?: AbortSignal,
  ): AsyncIterable<Record<string, unknown>[]>;
  close(): Promise<void>;
}
