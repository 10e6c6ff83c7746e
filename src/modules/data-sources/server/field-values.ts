import type { DataFieldType, DatasetField } from '../contract';

/**
 * Turning source values into the data centre's value shapes (contract.ts): dates 'YYYY-MM-DD',
 * datetimes ms since the epoch, decimals numbers, booleans true/false; null stays null. A value that
 * does not fit its type becomes null rather than a wrong value (what a sync writes is then visibly empty).
 */

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const localDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** Epoch numbers below this are seconds (before 1973 in ms, after 5138 in seconds: no real ambiguity). */
const SECONDS_BELOW = 100_000_000_000;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const NAIVE_DATETIME_RE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?$/;

function toMs(v: unknown): number | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.getTime();
  if (typeof v === 'bigint') return toMs(Number(v));
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return null;
    return Math.round(Math.abs(v) < SECONDS_BELOW ? v * 1000 : v);
  }
  if (typeof v !== 'string') return null;
  const s = v.trim();
  if (/^-?\d+(\.\d+)?$/.test(s)) return toMs(Number(s));
  // A datetime without a zone is the server's local time (what a naive DATETIME column means).
  const m = NAIVE_DATETIME_RE.exec(s);
  if (m) {
    const [, y, mo, d, h, mi, se, frac] = m;
    return new Date(+y!, +mo! - 1, +d!, +h!, +mi!, +(se ?? 0), Math.round(Number(`0.${frac ?? '0'}`) * 1000)).getTime();
  }
  const dm = DATE_RE.exec(s);
  if (dm) return new Date(+dm[1]!, +dm[2]! - 1, +dm[3]!).getTime();
  const t = Date.parse(s);
  return Number.isNaN(t) ? null : t;
}

function toDate(v: unknown): string | null {
  if (typeof v === 'string') {
    const s = v.trim();
    const m = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(s) ?? /^(\d{4})\/(\d{1,2})\/(\d{1,2})/.exec(s);
    if (m && !/[zZ]|[+-]\d{2}:?\d{2}$/.test(s.slice(10))) return `${m[1]}-${pad(+m[2]!)}-${pad(+m[3]!)}`;
    if (/^\d{8}$/.test(s)) return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
  }
  const ms = toMs(v);
  return ms === null ? null : localDate(new Date(ms));
}

function toNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v.trim());
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

const TRUE_TEXT = new Set(['1', 'true', 't', 'y', 'yes', '是', 'on']);
const FALSE_TEXT = new Set(['0', 'false', 'f', 'n', 'no', '否', 'off']);

function toBoolean(v: unknown): boolean | null {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number' || typeof v === 'bigint') return Number(v) !== 0;
  if (Buffer.isBuffer(v)) return v.length > 0 && v.some((b) => b !== 0);
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase();
    if (TRUE_TEXT.has(s)) return true;
    if (FALSE_TEXT.has(s)) return false;
  }
  return null;
}

function toText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v instanceof Date) return v.toISOString();
  if (Buffer.isBuffer(v)) return v.toString('utf8');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

export function normalizeValue(type: DataFieldType, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  switch (type) {
    case 'string':
    case 'text':
      return toText(v);
    case 'integer': {
      const n = toNumber(v);
      return n === null ? null : Math.trunc(n);
    }
    case 'decimal':
      return toNumber(v);
    case 'boolean':
      return toBoolean(v);
    case 'date':
      return toDate(v);
    case 'datetime':
      return toMs(v);
  }
}

/** One source row in the dataset's fields and value shapes (columns the dataset does not name are left out). */
export function normalizeRow(fields: readonly DatasetField[], row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) out[f.name] = normalizeValue(f.type, row[f.name]);
  return out;
}

/** A type guessed from sample values, for columns whose source gives no usable type (SQLite expressions, JSON). */
export function inferType(values: readonly unknown[]): DataFieldType {
  const present = values.filter((v) => v !== null && v !== undefined);
  if (!present.length) return 'string';
  if (present.every((v) => typeof v === 'boolean')) return 'boolean';
  if (present.every((v) => typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v)))) return 'integer';
  if (present.every((v) => typeof v === 'number' || typeof v === 'bigint')) return 'decimal';
  if (present.every((v) => v instanceof Date)) return 'datetime';
  if (present.every((v) => typeof v === 'string')) {
    const s = present as string[];
    if (s.every((x) => DATE_RE.test(x))) return 'date';
    if (
      s.every(
        (x) =>
          NAIVE_DATETIME_RE.test(x) || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(x),
      )
    )
      return 'datetime';
    if (s.some((x) => x.length > 255)) return 'text';
  }
  return 'string';
}
