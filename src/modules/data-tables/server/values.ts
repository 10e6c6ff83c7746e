import type { DataFieldType } from '../contract';

/**
 * Values of data-table fields: what a caller may send (JSON, spreadsheet text, a dataset's row)
 * turned into what a column stores, and back. Storage: dates 'YYYY-MM-DD' text, datetimes ms
 * integers, booleans 0/1, decimals and integers numbers. JSON answers give booleans as true/false.
 */
export type Normalised = { ok: true; value: string | number | null } | { ok: false; message: string };

export const STRING_MAX = 500;
export const TEXT_MAX = 20_000;

const DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const DATE_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?$/;
const BEIJING_MS = 8 * 3600_000;

const fail = (message: string): Normalised => ({ ok: false, message });
const value = (v: string | number | null): Normalised => ({ ok: true, value: v });

function validDate(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d && y >= 1000 && y <= 9999;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A value as the column of `type` stores it; empty (null, undefined, blank text) is null. */
export function normalise(type: DataFieldType, raw: unknown): Normalised {
  if (raw === null || raw === undefined) return value(null);
  if (typeof raw === 'string' && raw.trim() === '' && type !== 'text') return value(null);
  if (typeof raw === 'object' && !(raw instanceof Date)) return fail('不能是对象或数组');
  switch (type) {
    case 'string': {
      const s = raw instanceof Date ? raw.toISOString() : String(raw);
      if (s.includes('\u0000')) return fail('含有不允许的字符');
      return s.length > STRING_MAX ? fail(`不能超过 ${STRING_MAX} 个字符`) : value(s);
    }
    case 'text': {
      const s = raw instanceof Date ? raw.toISOString() : String(raw);
      if (s === '') return value(null);
      if (s.includes('\u0000')) return fail('含有不允许的字符');
      return s.length > TEXT_MAX ? fail(`不能超过 ${TEXT_MAX} 个字符`) : value(s);
    }
    case 'integer': {
      const n =
        typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*-?\d+\s*$/.test(raw) ? Number(raw) : NaN;
      if (typeof raw === 'boolean') return value(raw ? 1 : 0);
      return Number.isSafeInteger(n) ? value(n) : fail('应为整数');
    }
    case 'decimal': {
      if (typeof raw === 'boolean') return fail('应为数字');
      const n =
        typeof raw === 'number'
          ? raw
          : typeof raw === 'string' && /^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(raw)
            ? Number(raw)
            : NaN;
      return Number.isFinite(n) && Math.abs(n) < 1e15 ? value(n) : fail('应为数字');
    }
    case 'boolean': {
      if (raw === true || raw === 1) return value(1);
      if (raw === false || raw === 0) return value(0);
      const s = String(raw).trim().toLowerCase();
      if (['1', 'true', '是', 'yes', 'y'].includes(s)) return value(1);
      if (['0', 'false', '否', 'no', 'n'].includes(s)) return value(0);
      return fail('应为“是”或“否”');
    }
    case 'date': {
      if (raw instanceof Date) {
        if (Number.isNaN(raw.getTime())) return fail('应为日期（YYYY-MM-DD）');
        const t = new Date(raw.getTime() + BEIJING_MS);
        return value(`${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`);
      }
      const m = DATE.exec(String(raw).trim().replace(/\//g, '-'));
      if (!m || !validDate(+m[1]!, +m[2]!, +m[3]!)) return fail('应为日期（YYYY-MM-DD）');
      return value(`${m[1]}-${pad(+m[2]!)}-${pad(+m[3]!)}`);
    }
    case 'datetime': {
      if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? fail('应为日期时间') : value(raw.getTime());
      if (typeof raw === 'number')
        return Number.isSafeInteger(raw) && raw >= 0 && raw < 253402300800000 ? value(raw) : fail('应为日期时间');
      const s = String(raw).trim().replace(/\//g, '-');
      if (/^\d{1,15}$/.test(s)) return normalise('datetime', Number(s));
      const m = DATE_TIME.exec(s) ?? DATE.exec(s);
      if (!m || !validDate(+m[1]!, +m[2]!, +m[3]!)) return fail('应为日期时间（YYYY-MM-DD HH:mm:ss）');
      const [h, min, sec] = [+(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)];
      if (h > 23 || min > 59 || sec > 59) return fail('应为日期时间（YYYY-MM-DD HH:mm:ss）');
      // Times without a zone are Beijing time, as people at the university write them.
      return value(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, h, min, sec) - BEIJING_MS);
    }
  }
}

/** A stored value as JSON answers give it (booleans true/false). */
export function toJson(type: DataFieldType, stored: unknown): unknown {
  if (stored === null || stored === undefined) return null;
  if (type === 'boolean') return Number(stored) === 1;
  if (type === 'integer' || type === 'decimal' || type === 'datetime') return Number(stored);
  return stored;
}

/** A stored value as a spreadsheet cell shows it (Beijing time for datetimes, 是/否 for booleans). */
export function toText(type: DataFieldType, stored: unknown): string {
  if (stored === null || stored === undefined) return '';
  if (type === 'boolean') return Number(stored) === 1 ? '是' : '否';
  if (type === 'datetime') {
    const t = new Date(Number(stored) + BEIJING_MS);
    return t.toISOString().slice(0, 19).replace('T', ' ');
  }
  return String(stored);
}

/** Two stored values are the same (numbers and their text compare equal: PostgreSQL and SQLite differ in what they give back). */
export function sameStored(a: unknown, b: unknown): boolean {
  if (a === null || a === undefined) return b === null || b === undefined;
  if (b === null || b === undefined) return false;
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b);
  return String(a) === String(b);
}
