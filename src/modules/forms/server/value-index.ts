import {
  allFields,
  DISPLAY_TYPES,
  type FieldType,
  type FormField,
  type FormSchema,
  type FormValues,
} from '@/shared/forms/schema';
import { formatValue, isEmptyValue, parseDate, formatDate, toNumber } from '@/shared/forms/values';
import type { SummaryColumn } from '../contract';

/**
 * What of a submission lands in form_submission_value, and how summary filters and `unique`
 * read it back. Pure: the repository only runs the SQL these descriptions ask for.
 */

/** How a field's value is filtered: text contains; option equals; number and date ranges. */
export type FilterKind = 'text' | 'option' | 'number' | 'date';

const KIND_OF: Partial<Record<FieldType, FilterKind>> = {
  text: 'text',
  textarea: 'text',
  dateRange: 'text',
  cascader: 'text',
  user: 'text',
  department: 'text',
  switch: 'text',
  select: 'option',
  radio: 'option',
  multiSelect: 'option',
  checkbox: 'option',
  number: 'number',
  money: 'number',
  date: 'date',
  datetime: 'date',
};

export const filterKindOf = (type: FieldType): FilterKind | null => KIND_OF[type] ?? null;

/** Characters of text kept in the indexed text_value; longer text also goes whole to long_text. */
export const TEXT_KEY_LENGTH = 100;

export interface ValueRow {
  fieldId: string;
  textValue: string | null;
  longText: string | null;
  numValue: number | null;
}

/** The indexed key of a text: lower-cased, cut by characters (never inside a surrogate pair). */
export function textKey(lowerText: string): { textValue: string; longText: string | null } {
  const chars = Array.from(lowerText);
  return chars.length > TEXT_KEY_LENGTH
    ? { textValue: chars.slice(0, TEXT_KEY_LENGTH).join(''), longText: lowerText }
    : { textValue: lowerText, longText: null };
}

/** A date or date-time as stored and compared: 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss'. */
function dateText(v: unknown, withTime: boolean): string | null {
  const d = parseDate(v);
  return d ? formatDate(d, withTime) : null;
}

/** The filterable rows of one submission's (validated) values: top-level fields only. */
export function valueRows(schema: FormSchema, values: FormValues): ValueRow[] {
  const rows: ValueRow[] = [];
  for (const field of allFields(schema)) {
    const kind = filterKindOf(field.type);
    const v = values[field.id];
    if (!kind || isEmptyValue(v)) continue;
    const row = (textValue: string | null, longText: string | null = null, numValue: number | null = null) =>
      rows.push({ fieldId: field.id, textValue, longText, numValue });
    if (kind === 'text') {
      const text = formatValue(field, v).toLowerCase();
      if (text) {
        const k = textKey(text);
        row(k.textValue, k.longText);
      }
    } else if (kind === 'option') {
      for (const o of Array.isArray(v) ? v : [v]) if (typeof o === 'string' && o !== '') row(o);
    } else if (kind === 'number') {
      const n = toNumber(v);
      if (n !== null) row(null, null, n);
    } else {
      const d = dateText(v, field.type === 'datetime');
      if (d) row(d);
    }
  }
  return rows;
}

/** A unique field's value as the SQL compares it (null: nothing to compare, e.g. empty or a multi-pick field). */
export type UniqueProbe =
  | { fieldId: string; label: string; textValue: string; longText: string | null }
  | { fieldId: string; label: string; numValue: number };

export function uniqueProbes(schema: FormSchema, values: FormValues): UniqueProbe[] {
  const rows = valueRows(schema, values);
  const probes: UniqueProbe[] = [];
  for (const field of allFields(schema)) {
    if (!field.unique || field.type === 'multiSelect' || field.type === 'checkbox') continue;
    const r = rows.find((x) => x.fieldId === field.id);
    if (!r) continue;
    if (r.numValue !== null) probes.push({ fieldId: field.id, label: field.label, numValue: r.numValue });
    else if (r.textValue !== null)
      probes.push({ fieldId: field.id, label: field.label, textValue: r.textValue, longText: r.longText });
  }
  return probes;
}

// --- summary columns and filters -------------------------------------------------------------

/** The fields holding a value (not rich text or dividers), in order. */
export const valueFields = (schema: FormSchema): FormField[] =>
  allFields(schema).filter((f) => !DISPLAY_TYPES.includes(f.type));

export const summaryColumns = (schema: FormSchema | null): SummaryColumn[] =>
  schema ? valueFields(schema).map((f) => ({ id: f.id, label: f.label, type: f.type, field: f })) : [];

export type ValueFilter =
  | { fieldId: string; kind: 'text'; contains: string }
  | { fieldId: string; kind: 'option'; equals: string }
  | { fieldId: string; kind: 'number'; min: number | null; max: number | null }
  | { fieldId: string; kind: 'date'; min: string | null; max: string | null };

/** A filter the caller got wrong: the message says which and how. */
export class FilterError extends Error {}

function boundNumber(label: string, v: unknown): number | null {
  if (v === undefined || v === null || v === '') return null;
  const n = toNumber(v);
  if (n === null) throw new FilterError(`「${label}」的筛选范围须为数字`);
  return n;
}

function boundDate(label: string, v: unknown, end: 'min' | 'max', withTime: boolean): string | null {
  if (v === undefined || v === null || v === '') return null;
  const d = parseDate(v);
  if (!d) throw new FilterError(`「${label}」的筛选范围须为日期（YYYY-MM-DD）`);
  if (!withTime) return formatDate(d, false);
  // A date-only bound of a date-time field covers the whole day.
  if (!d.hasTime && end === 'max') return `${formatDate(d, false)} 23:59:59`;
  return formatDate(d, true);
}

/**
 * Reads the `filters` JSON of a summary query against the newest version's fields:
 * { fieldId: string | { min?, max? } }. Unknown fields, fields that cannot be filtered and
 * values of the wrong shape are refused with a message naming the field.
 */
export function parseFilters(schema: FormSchema | null, raw: string | undefined): ValueFilter[] {
  if (raw === undefined || raw.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new FilterError('筛选条件格式有误（须为 JSON 对象）');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new FilterError('筛选条件格式有误（须为 JSON 对象）');
  const fields = new Map((schema ? valueFields(schema) : []).map((f) => [f.id, f]));
  const out: ValueFilter[] = [];
  for (const [fieldId, value] of Object.entries(parsed as Record<string, unknown>)) {
    const field = fields.get(fieldId);
    if (!field) throw new FilterError(`筛选字段不存在：${fieldId}`);
    const kind = filterKindOf(field.type);
    if (!kind) throw new FilterError(`「${field.label}」不支持筛选`);
    if (kind === 'text' || kind === 'option') {
      if (typeof value !== 'string') throw new FilterError(`「${field.label}」的筛选条件须为文字`);
      const s = value.trim();
      if (!s) continue;
      out.push(kind === 'text' ? { fieldId, kind, contains: s.toLowerCase() } : { fieldId, kind, equals: s });
      continue;
    }
    if (!value || typeof value !== 'object' || Array.isArray(value))
      throw new FilterError(`「${field.label}」的筛选条件须为范围 { min, max }`);
    const range = value as { min?: unknown; max?: unknown };
    const extra = Object.keys(range).filter((k) => k !== 'min' && k !== 'max');
    if (extra.length) throw new FilterError(`「${field.label}」的筛选范围只能有 min 和 max`);
    if (kind === 'number') {
      const min = boundNumber(field.label, range.min);
      const max = boundNumber(field.label, range.max);
      if (min !== null && max !== null && min > max)
        throw new FilterError(`「${field.label}」的筛选范围下限不能大于上限`);
      if (min !== null || max !== null) out.push({ fieldId, kind, min, max });
    } else {
      const withTime = field.type === 'datetime';
      const min = boundDate(field.label, range.min, 'min', withTime);
      const max = boundDate(field.label, range.max, 'max', withTime);
      if (min !== null && max !== null && min > max)
        throw new FilterError(`「${field.label}」的开始日期不能晚于结束日期`);
      if (min !== null || max !== null) out.push({ fieldId, kind, min, max });
    }
  }
  return out;
}
