import {
  DISPLAY_TYPES,
  allFields,
  type CascaderOption,
  type ColumnField,
  type FieldOption,
  type FormField,
  type FormSchema,
  type FormValues,
  type LinkageRule,
  type RuleCondition,
} from './schema';
import { compareDates, isEmptyValue, parseDate, parseRange, toBoolean, toNumber, type DateParts } from './values';

/**
 * The one linkage evaluator (spec section 5), used by both renderers on every change and by the
 * server before it checks a submission.
 *
 * States. Each field starts from its own settings: visible = !hidden, required = !!required,
 * readOnly = !!readOnly — except that a field named by any `show` action starts hidden ("show
 * B when …" means B is hidden otherwise), even when its `hidden` is false.
 *
 * Rules. A rule holds when all (match 'all') or any (match 'any') of its conditions hold. A
 * holding rule shows, hides, requires, locks (readOnly) or sets the value of its targets; a rule
 * that does not hold does nothing, so the starting state stays. A field both shown and hidden
 * by holding rules is hidden. Nothing un-requires or unlocks a field.
 *
 * Hidden values. In conditions a hidden field's value counts as empty, so a chain "A shows B,
 * B shows C" collapses when A stops holding. The returned values still hold what hidden fields
 * were given (a field shown again gets its value back); validateSubmission drops them.
 *
 * Order and fixed point. Each pass tests the rules in their order against the visibility found
 * by the pass before (the first pass uses the starting states); a holding setValue rule writes
 * its value at once, so later rules of the same pass see it. Passes repeat until neither the
 * states nor the values change, at most rules.length + 1 times, so a chain of any length
 * settles and a cycle of rules that feed each other stops (with the last pass's result). The
 * result depends only on the schema and the values given.
 *
 * Conditions (testCondition). The field's type decides how its value is compared:
 * - empty/notEmpty: isEmptyValue (a switch that is false is not empty).
 * - Any other operator on an empty value: eq, contains, gte, lte and range are false; neq and
 *   notContains are true. A switch never set counts as false ('否').
 * - A condition whose value is missing or '' (for operators that need one), or that names an
 *   unknown field, a display field or a sub-table column, is false — as is a comparison that
 *   makes no sense for the type (gte on a switch) or a value that cannot be read (gte 'abc' on
 *   a number). neq and notContains are the negation of eq and contains only when the
 *   comparison can be made; otherwise they are false too. Nothing throws.
 * - text, textarea: eq/neq on the trimmed text (numerically only when a side is a JS number);
 *   contains: substring, ignoring Latin case; gte/lte/range: numerically when both sides are
 *   numbers, else as dates when both are dates.
 * - number, money: numerically; the value or the condition may be numeric strings. contains
 *   looks in the number's text.
 * - date, datetime: as calendar dates ('YYYY-MM-DD', 'YYYY/MM/DD', optional ' HH:mm[:ss]'),
 *   without time zones; when one side has no time only the days count (so a datetime on the
 *   last day of a range is inside it). contains: substring of the text ('2026-03').
 * - dateRange ('start至end'): eq when both ends are the same days; contains a date when the
 *   date lies in the span; gte compares the start, lte the end; range when the whole span lies
 *   inside (an open end of the span is only inside an open end of the range).
 * - range: 'a至b', inclusive, either end may be empty (open), numbers or dates.
 * - select, radio: eq by option value or label; contains: the value or label has the text;
 *   gte/lte/range: numerically when the option value is a number.
 * - multiSelect, checkbox, cascader: eq when the value holds the same set as the condition,
 *   which lists values or labels separated by ',', '，' or '、' (a cascader path also by '/');
 *   contains: holds that element (or every listed element). gte/lte/range on multiSelect and
 *   checkbox compare how many are picked; on a cascader they are false.
 * - user, department: refs compared by id or name; eq is the same set, contains holds one;
 *   gte/lte/range compare how many are picked.
 * - file, image, signature: eq the same set by id or name; contains: a file whose name has the
 *   text (or whose id is it); gte/lte/range compare how many files.
 * - switch: eq/neq against true/false, 1/0, 'true'/'false', '是'/'否'; other operators false.
 * - subTable: eq/neq/gte/lte/range compare the number of rows; contains: some cell of some row
 *   contains the value (by its column's rules).
 */

export interface FieldState {
  visible: boolean;
  required: boolean;
  readOnly: boolean;
}

export interface LinkageResult {
  states: Record<string, FieldState>;
  values: FormValues;
}

type Kind =
  | 'text'
  | 'number'
  | 'date'
  | 'dateRange'
  | 'choice'
  | 'choices'
  | 'cascader'
  | 'switch'
  | 'refs'
  | 'files'
  | 'rows';

const KIND_OF: Record<string, Kind> = {
  text: 'text',
  textarea: 'text',
  number: 'number',
  money: 'number',
  date: 'date',
  datetime: 'date',
  dateRange: 'dateRange',
  select: 'choice',
  radio: 'choice',
  multiSelect: 'choices',
  checkbox: 'choices',
  cascader: 'cascader',
  switch: 'switch',
  user: 'refs',
  department: 'refs',
  file: 'files',
  image: 'files',
  signature: 'files',
  subTable: 'rows',
};

type Field = FormField | ColumnField;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The kind of a value given without its field (a caller that knows nothing of the schema). */
function guessKind(value: unknown): Kind {
  if (typeof value === 'boolean') return 'switch';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'string') {
    if (value.includes('至')) return 'dateRange';
    if (parseDate(value)) return 'date';
    return 'text';
  }
  const list = Array.isArray(value) ? value : isRecord(value) ? [value] : [];
  const first = list[0];
  if (typeof first === 'string' || typeof first === 'number') return 'choices';
  if (isRecord(first)) {
    if (typeof first.url === 'string') return 'files';
    if (typeof first.id === 'number' && typeof first.name === 'string') return 'refs';
    return 'rows';
  }
  return 'text';
}

const lower = (s: string) => s.toLowerCase();

function scalar(v: unknown): string | null {
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'boolean') return String(v);
  return null;
}

/** The elements a condition lists: the whole text when it names one element, else its parts. */
function tokens(target: string, isElement: (s: string) => boolean, separators: RegExp): string[] {
  if (isElement(target)) return [target];
  return target
    .split(separators)
    .map((t) => t.trim())
    .filter((t) => t !== '');
}

const LIST_SEPARATORS = /[,，、]/;
const PATH_SEPARATORS = /[,，、/]/;

/** An option value for a token naming an option by value or label (the value wins). */
function optionValue(options: readonly (FieldOption | CascaderOption)[] | undefined, token: string): string {
  if (!options) return token;
  if (options.some((o) => o.value === token)) return token;
  return options.find((o) => o.label === token)?.value ?? token;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const sa = new Set(a);
  const sb = new Set(b);
  return sa.size === sb.size && [...sa].every((x) => sb.has(x));
}

/** Numeric order of value against target: -1/0/1, or null when either is not a number. */
function compareNumbers(value: unknown, target: unknown): number | null {
  const a = toNumber(value);
  const b = toNumber(target);
  if (a === null || b === null) return null;
  return Math.sign(a - b);
}

function compareDateText(value: unknown, target: unknown): number | null {
  const a = parseDate(value);
  const b = parseDate(target);
  return a && b ? Math.sign(compareDates(a, b)) : null;
}

/** Order of value against a target for gte/lte/range: numbers first, then dates. */
function compareOrdered(value: unknown, target: unknown, dates: boolean, numbers: boolean): number | null {
  if (numbers) {
    const n = compareNumbers(value, target);
    if (n !== null) return n;
  }
  return dates ? compareDateText(value, target) : null;
}

/** gte/lte/range by an ordering function; null when cannot be compared. */
function ordered(op: RuleCondition['op'], target: unknown, cmp: (t: string) => number | null): boolean | null {
  if (op === 'gte' || op === 'lte') {
    const c = cmp(String(target));
    if (c === null) return null;
    return op === 'gte' ? c >= 0 : c <= 0;
  }
  // range
  if (typeof target !== 'string') return null;
  const [a, b] = parseRange(target);
  if (a === '' && b === '') return null;
  const lowOk = a === '' ? true : cmp(a);
  const highOk = b === '' ? true : cmp(b);
  if (lowOk === null || highOk === null) return null;
  return (lowOk === true || lowOk >= 0) && (highOk === true || highOk <= 0);
}

interface Refish {
  id: string;
  name: string;
}

function refsOf(value: unknown): Refish[] {
  const list = Array.isArray(value) ? value : [value];
  return list
    .filter(isRecord)
    .map((r) => ({ id: scalar(r.id) ?? '', name: typeof r.name === 'string' ? r.name.trim() : '' }));
}

function dateRangeOf(value: unknown): [DateParts | null, DateParts | null] | null {
  if (typeof value !== 'string') return null;
  const [a, b] = parseRange(value);
  const start = a === '' ? null : parseDate(a);
  const end = b === '' ? null : parseDate(b);
  if ((a !== '' && !start) || (b !== '' && !end)) return null;
  return [start, end];
}

/** One comparison: the operator, the field's value and the rule's target (`t`: the target as text). */
interface Comparison {
  kind: Kind;
  op: RuleCondition['op'];
  value: unknown;
  target: string | number | boolean;
  t: string;
  field: Field | undefined;
}

/** A value type's comparison: true/false, or null when it cannot be made. */
type Comparer = (c: Comparison) => boolean | null;

const compareText: Comparer = ({ op, value, target, t, field }) => {
  const s = scalar(value);
  if (s === null) return null;
  if (op === 'eq') {
    const numeric = typeof value === 'number' || typeof target === 'number' || !field;
    const n = numeric ? compareNumbers(s, t) : null;
    return n !== null ? n === 0 : s === t;
  }
  if (op === 'contains') return lower(s).includes(lower(t));
  return ordered(op, target, (x) => compareOrdered(s, x, true, true));
};

const compareNumber: Comparer = ({ op, value, target, t }) => {
  const n = toNumber(value);
  if (n === null) return null;
  if (op === 'eq') {
    const c = compareNumbers(n, t);
    return c === null ? null : c === 0;
  }
  if (op === 'contains') return String(n).includes(t);
  return ordered(op, target, (x) => compareNumbers(n, x));
};

const compareDate: Comparer = ({ op, value, target, t }) => {
  if (typeof value !== 'string' || !parseDate(value)) return null;
  if (op === 'eq') {
    const c = compareDateText(value, t);
    return c === null ? null : c === 0;
  }
  if (op === 'contains') return value.includes(t);
  return ordered(op, target, (x) => compareDateText(value, x));
};

const compareDateRange: Comparer = ({ op, value, target, t }) => {
  const span = dateRangeOf(value);
  if (!span) return null;
  const [start, end] = span;
  if (op === 'eq') {
    const other = dateRangeOf(t);
    if (!other || !t.includes('至')) return null;
    const same = (x: DateParts | null, y: DateParts | null) => (x && y ? compareDates(x, y) === 0 : x === y);
    return same(start, other[0]) && same(end, other[1]);
  }
  if (op === 'contains') {
    const d = parseDate(t);
    if (!d) return null;
    return (!start || compareDates(d, start) >= 0) && (!end || compareDates(d, end) <= 0);
  }
  if (op === 'gte' || op === 'lte') {
    const d = parseDate(t);
    const side = op === 'gte' ? start : end;
    if (!d || !side) return null;
    return op === 'gte' ? compareDates(side, d) >= 0 : compareDates(side, d) <= 0;
  }
  // range: the whole span inside
  if (typeof target !== 'string') return null;
  const [a, b] = parseRange(target);
  if (a === '' && b === '') return null;
  const low = a === '' ? null : parseDate(a);
  const high = b === '' ? null : parseDate(b);
  if ((a !== '' && !low) || (b !== '' && !high)) return null;
  const lowOk = !low || (start !== null && compareDates(start, low) >= 0);
  const highOk = !high || (end !== null && compareDates(end, high) <= 0);
  return lowOk && highOk;
};

const compareChoice: Comparer = ({ op, value, target, t, field }) => {
  const s = scalar(value);
  if (s === null) return null;
  const options = field?.options;
  if (op === 'eq') return s === optionValue(options, t) || s === t;
  if (op === 'contains') {
    const label = options?.find((o) => o.value === s)?.label ?? '';
    return lower(s).includes(lower(t)) || lower(label).includes(lower(t));
  }
  return ordered(op, target, (x) => compareNumbers(s, x));
};

/** Several picked options (choices) or one path (cascader). */
const compareChoices: Comparer = ({ kind, op, value, target, t, field }) => {
  if (!Array.isArray(value)) return null;
  const picked = value.map(scalar).filter((x): x is string => x !== null);
  const options = kind === 'cascader' ? field?.cascaderOptions : field?.options;
  const isElement = (x: string) => picked.includes(x) || !!options?.some((o) => o.value === x || o.label === x);
  const wanted = tokens(t, isElement, kind === 'cascader' ? PATH_SEPARATORS : LIST_SEPARATORS).map((x) =>
    optionValue(options, x),
  );
  if (op === 'eq') return sameSet(picked, wanted);
  if (op === 'contains') return wanted.length > 0 && wanted.every((w) => picked.includes(w));
  if (kind === 'cascader') return null;
  return ordered(op, target, (x) => compareNumbers(picked.length, x));
};

/** Picked users or departments (refs) and uploaded files: by id or name. */
const compareRefs: Comparer = ({ kind, op, value, target, t }) => {
  const list = refsOf(value);
  if (list.length === 0) return null;
  const matches = (r: Refish, x: string) => r.id === x || r.name === x;
  const isElement = (x: string) => list.some((r) => matches(r, x));
  if (op === 'eq') {
    const wanted = tokens(t, isElement, LIST_SEPARATORS);
    return wanted.every((w) => list.some((r) => matches(r, w))) && list.every((r) => wanted.some((w) => matches(r, w)));
  }
  if (op === 'contains') {
    if (kind === 'files') return list.some((r) => r.id === t || lower(r.name).includes(lower(t)));
    const wanted = tokens(t, isElement, LIST_SEPARATORS);
    return wanted.length > 0 && wanted.every((w) => list.some((r) => matches(r, w)));
  }
  return ordered(op, target, (x) => compareNumbers(list.length, x));
};

const compareSwitch: Comparer = ({ op, value, target }) => {
  if (op !== 'eq') return null;
  const b = toBoolean(target);
  const v = toBoolean(value);
  return b === null || v === null ? null : v === b;
};

/** Sub-table rows: contains looks into every cell by its column's own kind; eq and order count rows. */
const compareRows: Comparer = ({ op, value, target, t, field }) => {
  if (!Array.isArray(value)) return null;
  if (op === 'contains') {
    const columns = field && 'columns' in field ? field.columns : undefined;
    return value.some(
      (row) =>
        isRecord(row) &&
        Object.entries(row).some(([col, cell]) => {
          const column = columns?.find((c) => c.id === col);
          return (
            !isEmptyValue(cell) &&
            compare(column ? KIND_OF[column.type] : guessKind(cell), 'contains', cell, target, column) === true
          );
        }),
    );
  }
  if (op === 'eq') {
    const c = compareNumbers(value.length, t);
    return c === null ? null : c === 0;
  }
  return ordered(op, target, (x) => compareNumbers(value.length, x));
};

const COMPARERS: Record<Kind, Comparer> = {
  text: compareText,
  number: compareNumber,
  date: compareDate,
  dateRange: compareDateRange,
  choice: compareChoice,
  choices: compareChoices,
  cascader: compareChoices,
  switch: compareSwitch,
  refs: compareRefs,
  files: compareRefs,
  rows: compareRows,
};

/**
 * eq / contains / gte / lte / range for a non-empty value of a kind, with a non-empty target:
 * true/false, or null when the comparison cannot be made. Each value type has its own comparer.
 */
function compare(
  kind: Kind,
  op: RuleCondition['op'],
  value: unknown,
  target: string | number | boolean,
  field: Field | undefined,
): boolean | null {
  return COMPARERS[kind]({ kind, op, value, target, t: scalar(target)!, field });
}

/**
 * Whether one condition holds for a value (already empty when its field is hidden). `field`
 * decides how the value is read; without it the kind is guessed from the value.
 */
export function testCondition(cond: RuleCondition, value: unknown, field?: FormField): boolean {
  try {
    if (field && DISPLAY_TYPES.includes(field.type)) return false;
    const kind = field ? KIND_OF[field.type] : guessKind(value);
    if (!kind) return false;
    const empty = isEmptyValue(value);
    if (cond.op === 'empty') return empty;
    if (cond.op === 'notEmpty') return !empty;
    const target = cond.value;
    if (target === undefined || target === null || (typeof target === 'string' && target.trim() === '')) return false;
    if (typeof target === 'number' && !Number.isFinite(target)) return false;
    const positive = cond.op === 'neq' ? 'eq' : cond.op === 'notContains' ? 'contains' : cond.op;
    const negate = positive !== cond.op;
    if (empty && kind !== 'switch') return negate;
    // A switch nobody touched is off.
    const result = compare(kind, positive, empty ? false : value, target, field);
    if (result === null) return false;
    return negate ? !result : result;
  } catch {
    return false;
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

function copy<T>(v: T): T {
  return v === undefined || v === null || typeof v !== 'object' ? v : (JSON.parse(JSON.stringify(v)) as T);
}

function sameStates(a: Record<string, FieldState>, b: Record<string, FieldState>): boolean {
  return Object.keys(a).every(
    (k) => a[k].visible === b[k].visible && a[k].required === b[k].required && a[k].readOnly === b[k].readOnly,
  );
}

/** Whether a rule holds against the values, reading hidden fields as empty. */
function ruleHolds(
  rule: LinkageRule,
  byId: Map<string, FormField>,
  states: Record<string, FieldState>,
  values: FormValues,
): boolean {
  const test = (c: RuleCondition) => {
    const field = byId.get(c.field);
    if (!field || DISPLAY_TYPES.includes(field.type)) return false;
    return testCondition(c, states[c.field].visible ? values[c.field] : undefined, field);
  };
  if (rule.conditions.length === 0) return false;
  return rule.match === 'any' ? rule.conditions.some(test) : rule.conditions.every(test);
}

/** The states of every field and the values after setValue rules; see the header comment. */
export function evaluateLinkage(schema: FormSchema, values: FormValues): LinkageResult {
  const fields = allFields(schema);
  const byId = new Map(fields.map((f) => [f.id, f]));
  const rules = schema.rules ?? [];
  const shownByRule = new Set(
    rules.flatMap((r) => r.actions.filter((a) => a.type === 'show').flatMap((a) => a.targets)),
  );

  const base: Record<string, FieldState> = {};
  for (const f of fields) {
    base[f.id] = {
      visible: !f.hidden && !shownByRule.has(f.id),
      required: !!f.required,
      readOnly: !!f.readOnly || !!f.formula,
    };
  }

  const current: FormValues = { ...(isRecord(values) ? values : {}) };
  let states = base;
  for (let pass = 0; pass <= rules.length; pass++) {
    let changed = false;
    const holding: LinkageRule[] = [];
    for (const rule of rules) {
      if (!ruleHolds(rule, byId, states, current)) continue;
      holding.push(rule);
      for (const action of rule.actions) {
        if (action.type !== 'setValue') continue;
        for (const id of action.targets) {
          const target = byId.get(id);
          if (!target || DISPLAY_TYPES.includes(target.type) || sameValue(current[id], action.value)) continue;
          if (action.value === undefined) delete current[id];
          else current[id] = copy(action.value);
          changed = true;
        }
      }
    }

    const next: Record<string, FieldState> = {};
    for (const f of fields) next[f.id] = { ...base[f.id] };
    const hidden = new Set<string>();
    for (const rule of holding) {
      for (const action of rule.actions) {
        for (const id of action.targets) {
          const state = next[id];
          if (!state) continue;
          if (action.type === 'show') state.visible = true;
          else if (action.type === 'hide') hidden.add(id);
          else if (action.type === 'require') state.required = true;
          else if (action.type === 'readOnly') state.readOnly = true;
        }
      }
    }
    for (const id of hidden) next[id].visible = false;

    if (!changed && sameStates(states, next)) break;
    states = next;
  }
  return { states, values: current };
}
