import { RANGE_SEPARATOR, type CascaderOption, type ColumnField, type FieldOption, type FormField } from './schema';

/**
 * Helpers on form values shared by the linkage evaluator, the submission check, the renderers
 * and the summary/Excel export. Pure functions on plain JSON; nothing here throws on odd input.
 */

/** Empty: undefined, null, '' or whitespace, NaN, [], {} without keys, and a date range '至' with both ends empty. */
export function isEmptyValue(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (typeof v === 'number') return Number.isNaN(v);
  if (typeof v === 'string') {
    const s = v.trim();
    if (s === '') return true;
    if (s.includes(RANGE_SEPARATOR)) {
      const [a, b] = parseRange(s);
      return a === '' && b === '';
    }
    return false;
  }
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object') return Object.keys(v).length === 0;
  return false;
}

const NUMERIC = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A finite number, or a string holding one ('12', ' 3.5 ', '-1e3'); anything else is null. */
export function toNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string') return null;
  const s = v.trim();
  if (!NUMERIC.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/**
 * Splits 'start至end' at the first '至', both sides trimmed; either side may be ''.
 * A string without the separator is all start.
 */
export function parseRange(s: string): [string, string] {
  const text = String(s);
  const at = text.indexOf(RANGE_SEPARATOR);
  if (at < 0) return [text.trim(), ''];
  return [text.slice(0, at).trim(), text.slice(at + RANGE_SEPARATOR.length).trim()];
}

// --- dates ---------------------------------------------------------------------------------------

/** A calendar date (and maybe a time of day) read from text, without any time zone. */
export interface DateParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** The text had a time of day. */
  hasTime: boolean;
}

// 'YYYY-MM-DD' or 'YYYY/MM/DD' (one separator throughout), optionally ' HH:mm' or ' HH:mm:ss' (or 'T').
const DATE_TEXT = /^(\d{4})([-/])(\d{1,2})\2(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Reads a date or date-time; null when the text is not one or names no real calendar day. */
export function parseDate(v: unknown): DateParts | null {
  if (typeof v !== 'string') return null;
  const m = DATE_TEXT.exec(v.trim());
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[3]), Number(m[4])];
  const hasTime = m[5] !== undefined;
  const [hour, minute, second] = hasTime ? [Number(m[5]), Number(m[6]), Number(m[7] ?? 0)] : [0, 0, 0];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  return { year, month, day, hour, minute, second, hasTime };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'YYYY-MM-DD', or 'YYYY-MM-DD HH:mm:ss' with the time. */
export function formatDate(d: DateParts, withTime = d.hasTime): string {
  const date = `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;
  return withTime ? `${date} ${pad(d.hour)}:${pad(d.minute)}:${pad(d.second)}` : date;
}

/**
 * Orders two dates: negative, 0, positive. When either side has no time of day only the days
 * are compared, so '2026-03-01 18:00' equals '2026-03-01' and lies inside '2026-03-01至2026-03-01'.
 */
export function compareDates(a: DateParts, b: DateParts): number {
  const day = (d: DateParts) => d.year * 10000 + d.month * 100 + d.day;
  const diff = day(a) - day(b);
  if (diff !== 0 || !a.hasTime || !b.hasTime) return diff;
  const time = (d: DateParts) => d.hour * 10000 + d.minute * 100 + d.second;
  return time(a) - time(b);
}

// --- display text ----------------------------------------------------------------------------

function optionLabel(options: readonly FieldOption[] | undefined, value: unknown): string {
  const s = scalarText(value);
  return options?.find((o) => o.value === s)?.label ?? s;
}

/** Labels of a cascader path, following each value under the one before it. */
export function cascaderLabels(options: readonly CascaderOption[] | undefined, path: readonly unknown[]): string[] {
  let parent = '';
  return path.map((v) => {
    const s = scalarText(v);
    const found =
      options?.find((o) => o.value === s && (o.parent ?? '') === parent) ?? options?.find((o) => o.value === s);
    parent = s;
    return found?.label ?? s;
  });
}

function scalarText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  if (typeof v === 'boolean') return v ? '是' : '否';
  if (v && typeof v === 'object' && 'name' in v && typeof v.name === 'string') return v.name;
  if (v === undefined || v === null) return '';
  return JSON.stringify(v);
}

function listOf(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  return isEmptyValue(v) ? [] : [v];
}

function numberText(n: number, precision: number | undefined, unit: string | undefined): string {
  const text = precision === undefined ? String(n) : n.toFixed(precision);
  return unit ? `${text}${unit}` : text;
}

/**
 * The display text of a field's value, for tables, Excel and previews: options by label,
 * multiple picks joined with '、', switch 是/否, cascader labels joined with ' / ', people,
 * departments and files by name, a signature as '已签名', money with its decimals (2 unless
 * set), numbers with their unit, a sub-table as 'N 行'. Empty values give ''.
 */
export function formatValue(field: FormField | ColumnField, v: unknown): string {
  if (field.type === 'switch' && typeof v === 'boolean') return v ? '是' : '否';
  if (isEmptyValue(v)) return '';
  switch (field.type) {
    case 'number':
    case 'money': {
      const n = toNumber(v);
      if (n === null) return scalarText(v);
      return numberText(n, field.type === 'money' ? (field.precision ?? 2) : field.precision, field.unit);
    }
    case 'select':
    case 'radio':
      return optionLabel(field.options, v);
    case 'multiSelect':
    case 'checkbox':
      return listOf(v)
        .map((x) => optionLabel(field.options, x))
        .join('、');
    case 'switch': {
      const b = toBoolean(v);
      return b === null ? scalarText(v) : b ? '是' : '否';
    }
    case 'cascader':
      return cascaderLabels(field.cascaderOptions, listOf(v)).join(' / ');
    case 'signature':
      return '已签名';
    case 'subTable':
      return `${listOf(v).length} 行`;
    case 'richText':
    case 'divider':
      return '';
    default:
      // text, dates, people, departments, files: their text or names.
      return Array.isArray(v) ? v.map(scalarText).join('、') : scalarText(v);
  }
}

const TRUE_WORDS = ['true', '是', '1', 'yes', 'on'];
const FALSE_WORDS = ['false', '否', '0', 'no', 'off'];

/** true/false, 1/0 and the words 'true'/'false'/'是'/'否'/'yes'/'no'/'on'/'off'; else null. */
export function toBoolean(v: unknown): boolean | null {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v === 1 ? true : v === 0 ? false : null;
  if (typeof v !== 'string') return null;
  const s = v.trim().toLowerCase();
  if (TRUE_WORDS.includes(s)) return true;
  if (FALSE_WORDS.includes(s)) return false;
  return null;
}

/**
 * The text of a value in full, for exports and plain-text records: like formatValue, but a
 * sub-table lists its rows ("物品：投影仪，数量：2", one row a line) instead of counting them.
 */
export function formatValueInFull(field: FormField | ColumnField, v: unknown): string {
  if (field.type !== 'subTable' || !('columns' in field) || !field.columns || isEmptyValue(v))
    return formatValue(field, v);
  const columns = field.columns;
  return listOf(v)
    .map((row) => {
      const cells = (row ?? {}) as Record<string, unknown>;
      return columns.map((c) => `${c.label || c.id}：${formatValue(c, cells[c.id]) || '—'}`).join('，');
    })
    .join('\n');
}
