import type { Generated } from 'kysely';

/**
 * The data sources' tables (migration 0012-data-sources). A source's settings are JSON text
 * without its secret; the secret (password, API token) is kept apart, AES-256-GCM encrypted
 * (secret-box.ts), and never leaves the server.
 */
export interface DataSourceTable {
  id: Generated<number>;
  name: string;
  /** 'postgres' | 'mysql' | 'sqlite' | 'http' */
  kind: string;
  config: string;
  /** 'v1:<iv>:<tag>:<ciphertext>' (base64), or null when there is none. */
  secretEnc: string | null;
  description: string;
  lastTestAt: number | null;
  lastTestOk: number | null;
  lastTestMessage: string;
  createdAt: number;
  createdBy: number | null;
  updatedAt: number;
  updatedBy: number | null;
  updatedByName: string;
}

/** A table or a read-only SELECT of a source, with its typed fields (DatasetField[] JSON). */
export interface DatasetTable {
  id: Generated<number>;
  sourceId: number;
  name: string;
  /** 'table' | 'query' */
  kind: string;
  tableName: string;
  sqlText: string;
  description: string;
  fields: string;
  createdAt: number;
  createdBy: number | null;
  updatedAt: number;
  updatedBy: number | null;
  updatedByName: string;
}

declare module '../../../server/db/schema' {
  interface Database {
    dataSource: DataSourceTable;
    dataset: DatasetTable;
  }
}
