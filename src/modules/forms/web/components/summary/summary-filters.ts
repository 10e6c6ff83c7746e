import dayjs, { type Dayjs } from 'dayjs';
import type { SummaryColumn, SummaryFilter, SummaryQuery } from '@/modules/forms/contract';

/** What the filters need of a column. */
type ColumnLike = Pick<SummaryColumn, 'id' | 'label' | 'type'>;

/**
 * The summary's filter bar, as data: which control each column gets, how the bar's values become
 * the `filters` JSON of SummaryQuery (and back, so filters kept in the address survive a trip to a
 * submission's detail page). Kit-free so it is tested without rendering.
 */

/**
 * Text-like fields: contains (the server matches the display text: names of people and departments,
 * cascader labels, date ranges); switches: 是/否 (their display text); choices: one option (a
 * multi-choice matches when it holds it); number/money: min–max; date/datetime: a day range.
 */
export type FilterKind = 'contains' | 'yesNo' | 'option' | 'number' | 'date';

const KIND_BY_TYPE: Record<string, FilterKind> = {
  text: 'contains',
  textarea: 'contains',
  dateRange: 'contains',
  cascader: 'contains',
  user: 'contains',
  department: 'contains',
  switch: 'yesNo',
  select: 'option',
  radio: 'option',
  multiSelect: 'option',
  checkbox: 'option',
  number: 'number',
  money: 'number',
  date: 'date',
  datetime: 'date',
};

/** The control a column's filter uses, or null when the server cannot filter that type. */
export const filterKindOf = (type: string): FilterKind | null => KIND_BY_TYPE[type] ?? null;

/** The columns that get a filter, in the form's order. */
export const filterableColumns = (columns: readonly ColumnLike[]) =>
  columns.filter((c) => filterKindOf(c.type) !== null);

type DayRange = [Dayjs | null, Dayjs | null] | null | undefined;
export interface NumberRange {
  min?: number | null;
  max?: number | null;
}

/** The bar's form values: a value per filterable field under `fields`, and the submitted-time range. */
export interface FilterFormValues {
  fields?: Record<string, string | NumberRange | DayRange | undefined>;
  submitted?: DayRange;
}

/** What the list and the export send besides paging. */
export type FilterParams = Pick<SummaryQuery, 'filters' | 'submittedFrom' | 'submittedTo'>;

const DATE = 'YYYY-MM-DD';

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** One field's filter, or undefined when its control is empty. */
function toFilter(kind: FilterKind, type: string, raw: unknown): SummaryFilter | undefined {
  if (kind === 'contains' || kind === 'option' || kind === 'yesNo') {
    const text = typeof raw === 'string' ? raw.trim() : '';
    return text ? text : undefined;
  }
  if (kind === 'number') {
    const r = (raw ?? {}) as NumberRange;
    const out: { min?: number; max?: number } = {};
    if (isNum(r.min)) out.min = r.min;
    if (isNum(r.max)) out.max = r.max;
    return out.min === undefined && out.max === undefined ? undefined : out;
  }
  const [start, end] = (Array.isArray(raw) ? raw : [null, null]) as [Dayjs | null, Dayjs | null];
  // Dates compare as text on the server: a datetime day range covers the first to the last second.
  const from = start ? start.format(DATE) + (type === 'datetime' ? ' 00:00:00' : '') : undefined;
  const to = end ? end.format(DATE) + (type === 'datetime' ? ' 23:59:59' : '') : undefined;
  if (from === undefined && to === undefined) return undefined;
  return { ...(from !== undefined && { min: from }), ...(to !== undefined && { max: to }) };
}

/** The bar's values as the query's filters JSON and submitted-time bounds (ms, both days inclusive). */
export function toFilterParams(columns: readonly ColumnLike[], values: FilterFormValues): FilterParams {
  const filters: Record<string, SummaryFilter> = {};
  for (const c of columns) {
    const kind = filterKindOf(c.type);
    if (!kind) continue;
    const f = toFilter(kind, c.type, values.fields?.[c.id]);
    if (f !== undefined) filters[c.id] = f;
  }
  const params: FilterParams = {};
  if (Object.keys(filters).length) params.filters = JSON.stringify(filters);
  const [start, end] = values.submitted ?? [null, null];
  if (start) params.submittedFrom = start.startOf('day').valueOf();
  if (end) params.submittedTo = end.endOf('day').valueOf();
  return params;
}

const parseDay = (v: unknown) => {
  if (typeof v !== 'string' || !v) return null;
  const d = dayjs(v.slice(0, 10), DATE, true);
  return d.isValid() ? d : null;
};

/** The reverse of toFilterParams: the bar's values for filters read from the address. Bad input is ignored. */
export function toFormValues(columns: readonly ColumnLike[], params: FilterParams): FilterFormValues {
  let parsed: Record<string, unknown> = {};
  try {
    const v: unknown = params.filters ? JSON.parse(params.filters) : {};
    if (v && typeof v === 'object' && !Array.isArray(v)) parsed = v as Record<string, unknown>;
  } catch {
    // A hand-edited address: start without filters rather than fail.
  }
  const fields: NonNullable<FilterFormValues['fields']> = {};
  for (const c of columns) {
    const kind = filterKindOf(c.type);
    const f = parsed[c.id];
    if (!kind || f === undefined || f === null) continue;
    if (kind === 'contains' || kind === 'option' || kind === 'yesNo') {
      if (typeof f === 'string') fields[c.id] = f;
    } else if (typeof f === 'object') {
      const { min, max } = f as { min?: unknown; max?: unknown };
      if (kind === 'number') fields[c.id] = { min: isNum(min) ? min : null, max: isNum(max) ? max : null };
      else fields[c.id] = [parseDay(min), parseDay(max)];
    }
  }
  const out: FilterFormValues = { fields };
  if (params.submittedFrom !== undefined || params.submittedTo !== undefined) {
    out.submitted = [
      params.submittedFrom !== undefined ? dayjs(params.submittedFrom) : null,
      params.submittedTo !== undefined ? dayjs(params.submittedTo) : null,
    ];
  }
  return out;
}
