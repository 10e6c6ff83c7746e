import { Type, type Static } from 'typebox';
import { PageFields } from '@/shared/paging';
import { MAX_ID } from '@/shared/ids';

/* ---------- field types, shared by datasets and data tables ---------- */

/**
 * The types a dataset field and a data table field can have. Values travel as: dates 'YYYY-MM-DD'
 * strings; datetimes ms since the epoch; decimals numbers; booleans true/false in JSON (0/1 in storage).
 */
export type DataFieldType = 'string' | 'text' | 'integer' | 'decimal' | 'boolean' | 'date' | 'datetime';

export const DATA_FIELD_TYPES: readonly DataFieldType[] = [
  'string',
  'text',
  'integer',
  'decimal',
  'boolean',
  'date',
  'datetime',
];

export const DATA_FIELD_TYPE_TEXT: Record<DataFieldType, string> = {
  string: '字符串',
  text: '长文本',
  integer: '整数',
  decimal: '小数',
  boolean: '是/否',
  date: '日期',
  datetime: '日期时间',
};

export interface DatasetField {
  /** The column's name in the source (what a sync maps from). */
  name: string;
  label: string;
  type: DataFieldType;
  /** Masked in previews (and flagged to whoever maps it into a data table). */
  sensitive: boolean;
  description: string;
}

export interface DatasetInfo {
  id: number;
  name: string;
  sourceId: number;
  sourceName: string;
  fields: DatasetField[];
}

/* ---------- data sources ---------- */

export type DataSourceKind = 'postgres' | 'mysql' | 'sqlite' | 'http';

export const DATA_SOURCE_KINDS: readonly DataSourceKind[] = ['postgres', 'mysql', 'sqlite', 'http'];

export const DATA_SOURCE_KIND_TEXT: Record<DataSourceKind, string> = {
  postgres: 'PostgreSQL',
  mysql: 'MySQL / MariaDB',
  sqlite: 'SQLite 文件',
  http: 'HTTP/JSON 接口',
};

/** A database server (PostgreSQL, MySQL/MariaDB): the password is the source's secret, never part of the config. */
export interface DatabaseSourceConfig {
  host: string;
  port: number;
  database: string;
  user: string;
  /** PostgreSQL only: the schema tables are listed from (default public). */
  schema?: string;
  /** Encrypt the connection (TLS). */
  ssl?: boolean;
}

/** An SQLite file under DATA_DIR/sources/ (the path is relative to that folder). */
export interface SqliteSourceConfig {
  file: string;
}

export type HttpPagingMode = 'none' | 'page' | 'offset' | 'next';

/**
 * An HTTP/JSON API. The API token (the secret) is sent as `authHeader: authPrefix + token`.
 * rowsPath: dotted path to the rows array in the answer ('' = the answer itself).
 * Paging: 'page' sends pageParam (from startPage) and sizeParam; 'offset' sends offsetParam and
 * limitParam; 'next' follows the URL at nextPath until it is empty.
 */
export interface HttpSourceConfig {
  url: string;
  headers?: Record<string, string>;
  rowsPath?: string;
  authHeader?: string;
  authPrefix?: string;
  paging?: {
    mode: HttpPagingMode;
    pageParam?: string;
    sizeParam?: string;
    startPage?: number;
    offsetParam?: string;
    limitParam?: string;
    pageSize?: number;
    nextPath?: string;
  };
}

export type DataSourceConfig = DatabaseSourceConfig | SqliteSourceConfig | HttpSourceConfig;

const Name = Type.String({ minLength: 1, maxLength: 60 });
const Description = Type.String({ maxLength: 500 });
const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });

const HeaderName = Type.String({ pattern: "^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$" });

/** Each kind's settings; the route checks that the one given fits `kind`. */
export const DatabaseSourceConfigSchema = Type.Object(
  {
    host: Type.String({ minLength: 1, maxLength: 255 }),
    port: Type.Integer({ minimum: 1, maximum: 65535 }),
    database: Type.String({ minLength: 1, maxLength: 128 }),
    user: Type.String({ minLength: 1, maxLength: 128 }),
    schema: Type.Optional(Type.String({ maxLength: 128 })),
    ssl: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const SqliteSourceConfigSchema = Type.Object(
  { file: Type.String({ minLength: 1, maxLength: 255 }) },
  { additionalProperties: false },
);

export const HttpSourceConfigSchema = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2000 }),
    headers: Type.Optional(Type.Record(Type.String(), Type.String({ maxLength: 2000 }), { maxProperties: 30 })),
    rowsPath: Type.Optional(Type.String({ maxLength: 200 })),
    authHeader: Type.Optional(HeaderName),
    authPrefix: Type.Optional(Type.String({ maxLength: 40 })),
    paging: Type.Optional(
      Type.Object(
        {
          mode: Type.Union([Type.Literal('none'), Type.Literal('page'), Type.Literal('offset'), Type.Literal('next')]),
          pageParam: Type.Optional(Type.String({ maxLength: 60 })),
          sizeParam: Type.Optional(Type.String({ maxLength: 60 })),
          startPage: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
          offsetParam: Type.Optional(Type.String({ maxLength: 60 })),
          limitParam: Type.Optional(Type.String({ maxLength: 60 })),
          pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
          nextPath: Type.Optional(Type.String({ maxLength: 200 })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

const KindSchema = Type.Union([
  Type.Literal('postgres'),
  Type.Literal('mysql'),
  Type.Literal('sqlite'),
  Type.Literal('http'),
]);

/** What the back office shows of a source: never its secret, only whether one is set. */
export interface DataSourceItem {
  id: number;
  name: string;
  kind: DataSourceKind;
  config: Record<string, unknown>;
  /** A password or API token is stored (the form shows 已设置). */
  hasSecret: boolean;
  description: string;
  datasetCount: number;
  lastTestAt: number | null;
  lastTestOk: boolean | null;
  lastTestMessage: string;
  createdAt: number;
  updatedAt: number;
  updatedByName: string;
}

/** GET /data/api/v1.dataSource/list/ */
export const DataSourceListQuery = Type.Object({
  ...PageFields,
  keyword: Type.Optional(Type.String({ maxLength: 60 })),
  kind: Type.Optional(KindSchema),
});
export type DataSourceListQuery = Static<typeof DataSourceListQuery>;

/** POST /data/api/v1.dataSource/create/ (JSON). `secret`: the password or API token. */
export const DataSourceCreateBody = Type.Object({
  name: Name,
  kind: KindSchema,
  config: Type.Record(Type.String(), Type.Unknown()),
  secret: Type.Optional(Type.String({ maxLength: 4000 })),
  description: Type.Optional(Description),
});
export type DataSourceCreateBody = Static<typeof DataSourceCreateBody>;

/** POST /data/api/v1.dataSource/update/ (JSON). No `secret`: keep the stored one; clearSecret: remove it. */
export const DataSourceUpdateBody = Type.Object({
  id: Id,
  name: Name,
  config: Type.Record(Type.String(), Type.Unknown()),
  secret: Type.Optional(Type.String({ minLength: 1, maxLength: 4000 })),
  clearSecret: Type.Optional(Type.Boolean()),
  description: Type.Optional(Description),
});
export type DataSourceUpdateBody = Static<typeof DataSourceUpdateBody>;

/**
 * POST /data/api/v1.dataSource/test/ (JSON): a saved source (id alone), or the form being edited
 * (kind + config, with id to fall back on the stored secret when no new one is typed).
 */
export const DataSourceTestBody = Type.Object({
  id: Type.Optional(Id),
  kind: Type.Optional(KindSchema),
  config: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  secret: Type.Optional(Type.String({ maxLength: 4000 })),
});
export type DataSourceTestBody = Static<typeof DataSourceTestBody>;

export interface DataSourceTestResult {
  ok: true;
  /** e.g. the server's version. */
  message: string;
  elapsedMs: number;
}

export const IdQuery = Type.Object({ id: Id });
export type IdQuery = Static<typeof IdQuery>;

export interface DataSourceOption {
  id: number;
  name: string;
  kind: DataSourceKind;
}

/* ---------- datasets ---------- */

export type DatasetKind = 'table' | 'query';

export const DATASET_KIND_TEXT: Record<DatasetKind, string> = { table: '数据表', query: 'SQL 查询' };

export interface DatasetItem {
  id: number;
  name: string;
  sourceId: number;
  sourceName: string;
  sourceKind: DataSourceKind;
  kind: DatasetKind;
  /** The table (or, for an HTTP source, the path after the source's URL). */
  table: string;
  sql: string;
  description: string;
  fields: DatasetField[];
  createdAt: number;
  updatedAt: number;
  updatedByName: string;
}

export const DatasetFieldSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 128 }),
    label: Type.String({ maxLength: 60 }),
    type: Type.Union([
      Type.Literal('string'),
      Type.Literal('text'),
      Type.Literal('integer'),
      Type.Literal('decimal'),
      Type.Literal('boolean'),
      Type.Literal('date'),
      Type.Literal('datetime'),
    ]),
    sensitive: Type.Boolean(),
    description: Type.String({ maxLength: 500 }),
  },
  { additionalProperties: false },
);

const DatasetKindSchema = Type.Union([Type.Literal('table'), Type.Literal('query')]);
const TableName = Type.String({ maxLength: 500 });
const Sql = Type.String({ maxLength: 20000 });

/** GET /data/api/v1.dataset/list/ */
export const DatasetListQuery = Type.Object({
  ...PageFields,
  keyword: Type.Optional(Type.String({ maxLength: 60 })),
  sourceId: Type.Optional(Id),
});
export type DatasetListQuery = Static<typeof DatasetListQuery>;

/** What a dataset reads: POST /data/api/v1.dataset/detect/ and /preview/ (unsaved) take it. */
export const DatasetSpecFields = {
  sourceId: Id,
  kind: DatasetKindSchema,
  table: Type.Optional(TableName),
  sql: Type.Optional(Sql),
};

export const DatasetDetectBody = Type.Object(DatasetSpecFields);
export type DatasetDetectBody = Static<typeof DatasetDetectBody>;

/** POST /data/api/v1.dataset/create/ (JSON); fields detected when absent. */
export const DatasetCreateBody = Type.Object({
  ...DatasetSpecFields,
  name: Name,
  description: Type.Optional(Description),
  fields: Type.Optional(Type.Array(DatasetFieldSchema, { minItems: 1, maxItems: 500 })),
});
export type DatasetCreateBody = Static<typeof DatasetCreateBody>;

/** POST /data/api/v1.dataset/update/ (JSON): a changed table or SQL is checked against the source again. */
export const DatasetUpdateBody = Type.Object({
  id: Id,
  name: Name,
  kind: DatasetKindSchema,
  table: Type.Optional(TableName),
  sql: Type.Optional(Sql),
  description: Type.Optional(Description),
  fields: Type.Array(DatasetFieldSchema, { minItems: 1, maxItems: 500 }),
});
export type DatasetUpdateBody = Static<typeof DatasetUpdateBody>;

/** POST /data/api/v1.dataset/preview/: a saved dataset (id) or an unsaved one (its spec and fields). */
export const DatasetPreviewBody = Type.Object({
  id: Type.Optional(Id),
  sourceId: Type.Optional(Id),
  kind: Type.Optional(DatasetKindSchema),
  table: Type.Optional(TableName),
  sql: Type.Optional(Sql),
  fields: Type.Optional(Type.Array(DatasetFieldSchema, { maxItems: 500 })),
  /** Show sensitive fields unmasked (administrators only; audited). */
  reveal: Type.Optional(Type.Boolean()),
});
export type DatasetPreviewBody = Static<typeof DatasetPreviewBody>;

/** How many rows a preview shows at most. */
export const PREVIEW_ROWS = 50;

export interface DatasetPreview {
  fields: DatasetField[];
  rows: Record<string, unknown>[];
  /** Sensitive values were replaced by MASK. */
  masked: boolean;
  elapsedMs: number;
}

export const MASK = '******';

export interface DatasetOption {
  id: number;
  name: string;
  sourceId: number;
  sourceName: string;
}

export const DatasetOptionsQuery = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 60 })),
  sourceId: Type.Optional(Id),
});
export type DatasetOptionsQuery = Static<typeof DatasetOptionsQuery>;
