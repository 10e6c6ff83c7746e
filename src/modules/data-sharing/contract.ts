import { Type, type Static } from 'typebox';
import { MAX_ID } from '@/shared/ids';
import { PageFields } from '@/shared/paging';

/**
 * 数据共享 (spec §2 lightApps/dataSharing, taskCenter taskDataShare / taskDataShareSupplement;
 * issue 21): consumer apps with keys, a catalogue of shareable datasets by theme, applications
 * approved through the workflow engine, grants, and the signed data API that reads them.
 */

export const APPLICATION_KINDS = ['apply', 'supplement'] as const;
export type ApplicationKind = (typeof APPLICATION_KINDS)[number];

/** What 我的申请 shows: the application's own state, or its grant's once approved. */
export const APPLY_STATES = ['approving', 'approved', 'rejected', 'revoked', 'expired'] as const;
export type ApplyState = (typeof APPLY_STATES)[number];
export const APPLY_STATE_LABELS: Record<ApplyState, string> = {
  approving: '审批中',
  approved: '已通过',
  rejected: '已驳回',
  revoked: '已撤销',
  expired: '已过期',
};

export const LIMITS = {
  name: 60,
  description: 500,
  purpose: 500,
  contact: 60,
  fields: 100,
  /** Datasets in one batch application. */
  batch: 20,
  /** A grant lasts at most this long. */
  periodMaxMs: 3 * 366 * 86_400_000,
  /** The data API's largest page. */
  apiPageSize: 500,
  /** A signed call's timestamp may differ from the server's clock by this much. */
  clockSkewMs: 5 * 60_000,
  /** Calls per app per minute unless the app says otherwise. */
  ratePerMinute: 60,
} as const;

/** The data API (public route, authenticated by the app's key and signature). */
export const OPEN_API_PREFIX = '/data/open/v1/share';
export const openApiPath = (datasetCode: string) => `${OPEN_API_PREFIX}/${datasetCode}`;

/**
 * The text an app signs: method, path (no query), timestamp, nonce and the query sorted by key
 * (`k=v` with encodeURIComponent, joined by &), one per line. X-Signature = hex HMAC-SHA-256 with
 * the app's secret.
 */
export function signingText(
  method: string,
  path: string,
  timestamp: string,
  nonce: string,
  query: Record<string, string | number | undefined>,
): string {
  const sorted = Object.keys(query)
    .filter((k) => query[k] !== undefined)
    .sort()
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(String(query[k]))}`)
    .join('&');
  return [method.toUpperCase(), path, timestamp, nonce, sorted].join('\n');
}

const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const FieldName = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z_][A-Za-z0-9_]*$' });
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD (Beijing time)' });

export const IdBody = Type.Object({ id: Id });
export type IdBody = Static<typeof IdBody>;
export const IdQuery = IdBody;

export const ThemeBody = Type.Object({
  id: Type.Optional(Id),
  name: Type.String({ minLength: 1, maxLength: 30 }),
  description: Type.String({ maxLength: LIMITS.description, default: '' }),
  sort: Type.Integer({ minimum: 0, maximum: 9999, default: 0 }),
});
export type ThemeBody = Static<typeof ThemeBody>;

export const DatasetBody = Type.Object({
  id: Type.Optional(Id),
  code: Type.String({ minLength: 2, maxLength: 40, pattern: '^[a-z][a-z0-9_]*$' }),
  name: Type.String({ minLength: 1, maxLength: LIMITS.name }),
  themeId: Id,
  /** The data table (data-tables code) the dataset reads. */
  tableCode: Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z][a-z0-9_]*$' }),
  /** Shareable fields: the most an app may be granted. */
  fields: Type.Array(FieldName, { minItems: 1, maxItems: LIMITS.fields }),
  /** Rows of the table the dataset holds: field = value (e.g. a department's scope); empty = all. */
  rowFilter: Type.Record(FieldName, Type.Union([Type.String({ maxLength: 200 }), Type.Number()]), {
    default: {},
    maxProperties: 10,
  }),
  description: Type.String({ maxLength: LIMITS.description, default: '' }),
  enabled: Type.Boolean({ default: true }),
});
export type DatasetBody = Static<typeof DatasetBody>;

export const DatasetListQuery = Type.Object({
  ...PageFields,
  themeId: Type.Optional(Id),
  keyword: Type.Optional(Type.String({ maxLength: 60 })),
});
export type DatasetListQuery = Static<typeof DatasetListQuery>;

export const AppBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: LIMITS.name }),
  departmentId: Type.Optional(Id),
  contact: Type.String({ minLength: 1, maxLength: LIMITS.contact }),
  description: Type.String({ maxLength: LIMITS.description, default: '' }),
});
export type AppBody = Static<typeof AppBody>;

export const ApplyBody = Type.Object({
  appId: Id,
  datasetIds: Type.Array(Id, { minItems: 1, maxItems: LIMITS.batch }),
  purpose: Type.String({ minLength: 1, maxLength: LIMITS.purpose }),
  /** Fields asked for; with several datasets, each gets those of them it shares (none named = all it shares). */
  fields: Type.Array(FieldName, { maxItems: LIMITS.fields, default: [] }),
  periodStart: Day,
  periodEnd: Day,
});
export type ApplyBody = Static<typeof ApplyBody>;

export const SupplementBody = Type.Object({
  grantId: Id,
  fields: Type.Array(FieldName, { minItems: 1, maxItems: LIMITS.fields }),
  purpose: Type.String({ minLength: 1, maxLength: LIMITS.purpose }),
});
export type SupplementBody = Static<typeof SupplementBody>;

export const ApplicationListQuery = Type.Object({
  ...PageFields,
  state: Type.Optional(Type.Enum(APPLY_STATES)),
});
export type ApplicationListQuery = Static<typeof ApplicationListQuery>;

export const TaskListQuery = Type.Object({
  ...PageFields,
  kind: Type.Enum(APPLICATION_KINDS),
  /** true: only those waiting for a decision. */
  pending: Type.Boolean({ default: true }),
});
export type TaskListQuery = Static<typeof TaskListQuery>;

export const DecideBody = Type.Object({
  id: Id,
  approve: Type.Boolean(),
  comment: Type.String({ maxLength: 300, default: '' }),
});
export type DecideBody = Static<typeof DecideBody>;

export const AccessLogQuery = Type.Object({ ...PageFields, appId: Id });
export type AccessLogQuery = Static<typeof AccessLogQuery>;

export const OpenQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: LIMITS.apiPageSize, default: 100 }),
});
export type OpenQuery = Static<typeof OpenQuery>;
export const OpenParams = Type.Object({ datasetCode: Type.String({ minLength: 1, maxLength: 40 }) });

export interface ThemeItem {
  id: number;
  name: string;
  description: string;
  sort: number;
  datasets: number;
}

export interface FieldInfo {
  name: string;
  label: string;
}

export interface DatasetItem {
  id: number;
  code: string;
  name: string;
  themeId: number;
  themeName: string;
  tableCode: string;
  fields: FieldInfo[];
  rowFilter: Record<string, string | number>;
  description: string;
  enabled: boolean;
  updatedAt: number;
}

export interface AppItem {
  id: number;
  name: string;
  departmentId: number | null;
  departmentName: string;
  contact: string;
  description: string;
  appKey: string;
  status: 'active' | 'disabled';
  ownerName: string;
  /** The caller owns it (only the owner sees or rotates its secret). */
  mine: boolean;
  grants: number;
  createdAt: number;
}

/** What creating an app or rotating its secret answers: the secret, shown this once. */
export interface AppSecret {
  id: number;
  appKey: string;
  secret: string;
}

export interface ApplicationItem {
  id: number;
  kind: ApplicationKind;
  appId: number;
  appName: string;
  datasetId: number;
  datasetCode: string;
  datasetName: string;
  applicantName: string;
  departmentName: string;
  purpose: string;
  fields: FieldInfo[];
  periodStart: string;
  periodEnd: string;
  state: ApplyState;
  grantId: number | null;
  /** The dataset's shareable fields (what a supplement may add). */
  datasetFields: FieldInfo[];
  /** The grant's fields now (supplements included), when there is one. */
  grantFields: string[];
  instanceId: number | null;
  /** The caller's pending approval task on it (approval pages), else null. */
  taskId: number | null;
  reply: string;
  batchNo: string;
  createdAt: number;
  decidedAt: number | null;
}

export interface AccessLogItem {
  id: number;
  datasetCode: string;
  httpStatus: number;
  errorCode: string;
  rows: number;
  ip: string;
  at: number;
}

export interface OpenAnswer {
  dataset: string;
  fields: string[];
  list: Record<string, unknown>[];
  total: number;
  page: number;
  pageSize: number;
}
