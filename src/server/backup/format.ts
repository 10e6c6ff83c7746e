/**
 * The portable backup format (DESIGN §1, issue 3): a gzip'd JSON-lines file. Every line is one
 * record; the first is the header, the last the footer, so a truncated file is always detected.
 *
 *   {"type":"header", format, version, createdAt, dialect, migrations, tables:[{name, columns}]}
 *   {"type":"table", name, columns}          then one {"type":"rows", rows:[[v…]…]} per page
 *   {"type":"file", path, data}              an uploaded file (base64, in chunks of FILE_CHUNK bytes)
 *   {"type":"footer", rows:{table:n}, files:n, bytes:n}
 *
 * Values are dialect-neutral: integers and bigint times as JSON numbers, flags as 0/1, text as
 * text, null as null; the rare binary value as {"$b64": "…"}.
 */
export const BACKUP_FORMAT = 'campus-portal-backup';
export const BACKUP_VERSION = 1;

/** Rows read and written per keyset page (and per line): never a whole table in memory. */
export const ROWS_PER_PAGE = 500;
/** Bytes of an uploaded file per line (a line stays well under 1 MB once base64'd). */
export const FILE_CHUNK = 192 * 1024;

export interface TableHeader {
  name: string;
  columns: string[];
}

export interface BackupHeader {
  type: 'header';
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: number;
  dialect: 'sqlite' | 'postgres';
  /** Names of the migrations applied to the database the backup came from, in order. */
  migrations: string[];
  tables: TableHeader[];
}

export interface TableRecord {
  type: 'table';
  name: string;
  columns: string[];
}
export interface RowsRecord {
  type: 'rows';
  rows: Value[][];
}
export interface FileRecord {
  type: 'file';
  path: string;
  data: string;
}
export interface FooterRecord {
  type: 'footer';
  rows: Record<string, number>;
  files: number;
  bytes: number;
}
export type BackupRecord = BackupHeader | TableRecord | RowsRecord | FileRecord | FooterRecord;

export type Value = string | number | null | { $b64: string };

/** A database value as it goes into the file. */
export function encodeValue(v: unknown): Value {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof Date) return v.getTime();
  if (Buffer.isBuffer(v) || v instanceof Uint8Array) return { $b64: Buffer.from(v).toString('base64') };
  return JSON.stringify(v);
}

/** A value from the file as it goes into the database. */
export function decodeValue(v: Value): unknown {
  if (v !== null && typeof v === 'object') return Buffer.from(v.$b64, 'base64');
  return v;
}

/** Why a file is not a backup this server can read (shown to the administrator). */
export class BackupFormatError extends Error {}

export function checkHeader(value: unknown): BackupHeader {
  const h = value as Partial<BackupHeader> | null;
  if (!h || typeof h !== 'object' || h.type !== 'header' || h.format !== BACKUP_FORMAT)
    throw new BackupFormatError('不是本系统的备份文件');
  if (h.version !== BACKUP_VERSION) throw new BackupFormatError(`不支持的备份格式版本 ${String(h.version)}`);
  if (
    typeof h.createdAt !== 'number' ||
    (h.dialect !== 'sqlite' && h.dialect !== 'postgres') ||
    !Array.isArray(h.migrations) ||
    !h.migrations.every((m) => typeof m === 'string') ||
    !Array.isArray(h.tables) ||
    !h.tables.every(
      (t) =>
        t && typeof t.name === 'string' && Array.isArray(t.columns) && t.columns.every((c) => typeof c === 'string'),
    )
  ) {
    throw new BackupFormatError('备份文件头不完整');
  }
  return h as BackupHeader;
}
