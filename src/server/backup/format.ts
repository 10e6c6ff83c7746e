/**
 * The portable backup format (DESIGN §1, issue 3): gzip'd JSON lines, encrypted and sealed in
 * the container of seal.ts (issue 26). Every line is one record; the first is the header, the
 * last the footer, so a truncated file is always detected.
 *
 *   {"type":"header", format, version, createdAt, dialect, migrations, tables:[{name, columns}]}
 *   {"type":"table", name, columns}          then one {"type":"rows", rows:[[v…]…]} per page
 *   {"type":"file", path, data}              an uploaded file (base64, in chunks of FILE_CHUNK bytes)
 *   {"type":"footer", rows:{table:n}, files:n, bytes:n}
 *
 * Values are dialect-neutral: integers and bigint times as JSON numbers, flags as 0/1, text as
 * text, null as null; the rare binary value as {"$b64": "…"}.
 */
import { Codes, type Code } from '@/shared/errors';
import { isSequences } from './sequences';

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
  /** Last id handed out per table (sequences.ts); absent in backups made before issue 26. */
  sequences?: Record<string, number>;
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

/** What is wrong with a file, for the error code the administrator sees beside the message. */
export type BackupProblem = 'foreign' | 'damaged' | 'sealBroken' | 'keyMismatch';

export const NOT_A_BACKUP = '不是本系统的备份文件';
export const CORRUPT = '备份文件不完整或已损坏';
export const SEAL_BROKEN = '备份文件的封签校验失败：文件在备份后被改动过或已损坏，不能使用';
export const KEY_MISMATCH = '备份密钥不匹配：这个备份是用另一把备份密钥（BACKUP_KEY）加密的';
/** Said for the previous release's unsealed gzip backups, wherever they are refused (the back office always). */
export const UNSEALED =
  '不是本系统的备份文件（没有加密封签）。旧版本（未加密）的备份只能由运维人员在服务器上用 npm run backup -- restore 文件 --legacy-unsealed 恢复';

/** The error code of each problem (src/shared/errors.ts), for the answer beside the message. */
export const BACKUP_PROBLEM_CODES: Record<BackupProblem, Code> = {
  foreign: Codes.backupNotOurs,
  damaged: Codes.backupDamaged,
  sealBroken: Codes.backupSealBroken,
  keyMismatch: Codes.backupKeyMismatch,
};

/** Why a file is not a backup this server can read (shown to the administrator; `code` for the answer). */
export class BackupFormatError extends Error {
  constructor(
    message: string,
    readonly problem: BackupProblem = message === NOT_A_BACKUP ? 'foreign' : 'damaged',
  ) {
    super(message);
  }

  get code(): Code {
    return BACKUP_PROBLEM_CODES[this.problem];
  }
}

export function checkHeader(value: unknown): BackupHeader {
  const h = value as Partial<BackupHeader> | null;
  if (!h || typeof h !== 'object' || h.type !== 'header' || h.format !== BACKUP_FORMAT)
    throw new BackupFormatError(NOT_A_BACKUP);
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
    ) ||
    (h.sequences !== undefined && !isSequences(h.sequences))
  ) {
    throw new BackupFormatError('备份文件头不完整');
  }
  return h as BackupHeader;
}
