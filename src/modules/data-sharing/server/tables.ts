import type { Generated, Selectable } from 'kysely';

/** A theme of the catalogue (migration 0057-data-sharing). */
export interface DsThemeTable {
  id: Generated<number>;
  name: string;
  description: string;
  sort: number;
  createdAt: number;
}

/** A shareable dataset: a data table (by code), the fields it shares and the rows it holds. */
export interface DsDatasetTable {
  id: Generated<number>;
  code: string;
  name: string;
  themeId: number;
  tableCode: string;
  /** JSON FieldInfo[]: the shareable fields with their labels. */
  fields: string;
  /** JSON Record<field, value>: equality filter on rows (empty: all). */
  rowFilter: string;
  description: string;
  enabled: number;
  createdAt: number;
  updatedAt: number;
}

/** A consumer app: its key, its secret sealed (AES-256-GCM), its owner and limits. */
export interface DsAppTable {
  id: Generated<number>;
  ownerId: number;
  ownerName: string;
  name: string;
  departmentId: number | null;
  departmentName: string;
  contact: string;
  description: string;
  appKey: string;
  secretSealed: string;
  /** 'active' | 'disabled' */
  status: string;
  ratePerMinute: number;
  createdAt: number;
  updatedAt: number;
}

/** An application (one dataset, one app) or a supplement of fields to a grant, decided by the workflow engine. */
export interface DsApplicationTable {
  id: Generated<number>;
  /** 'apply' | 'supplement' */
  kind: string;
  appId: number;
  datasetId: number;
  applicantId: number;
  applicantName: string;
  purpose: string;
  /** JSON string[]: the fields asked for (a supplement: the added ones). */
  fields: string;
  periodStart: string;
  periodEnd: string;
  /** 'approving' | 'approved' | 'rejected' | 'withdrawn' */
  status: string;
  /** The grant made (apply) or extended (supplement). */
  grantId: number | null;
  instanceId: number | null;
  /** Applications sent together (批量申请) share it; '' alone. */
  batchNo: string;
  reply: string;
  decidedAt: number | null;
  createdAt: number;
}

/** What an app may read of a dataset: fields and period; revoked at once. */
export interface DsGrantTable {
  id: Generated<number>;
  appId: number;
  datasetId: number;
  /** JSON string[] */
  fields: string;
  /** ms: first instant and the instant after the last day. */
  validFrom: number;
  validTo: number;
  /** 'active' | 'revoked' */
  status: string;
  revokedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** Nonces an app has used (kept a little longer than the clock skew allows). */
export interface DsNonceTable {
  appId: number;
  nonce: string;
  at: number;
}

/** Calls per app per minute, counted in the database so every app server agrees. */
export interface DsRateTable {
  appId: number;
  minute: number;
  calls: number;
}

/** Every call of a known app, answered or refused. */
export interface DsAccessLogTable {
  id: Generated<number>;
  appId: number;
  datasetCode: string;
  httpStatus: number;
  errorCode: string;
  rows: number;
  ip: string;
  at: number;
}

export type DsThemeRow = Selectable<DsThemeTable>;
export type DsDatasetRow = Selectable<DsDatasetTable>;
export type DsAppRow = Selectable<DsAppTable>;
export type DsApplicationRow = Selectable<DsApplicationTable>;
export type DsGrantRow = Selectable<DsGrantTable>;

declare module '../../../server/db/schema' {
  interface Database {
    dsTheme: DsThemeTable;
    dsDataset: DsDatasetTable;
    dsApp: DsAppTable;
    dsApplication: DsApplicationTable;
    dsGrant: DsGrantTable;
    dsNonce: DsNonceTable;
    dsRate: DsRateTable;
    dsAccessLog: DsAccessLogTable;
  }
}
