import { applyFormulas, crossCheckErrors, presetMessage } from './computed';
import { stripEmoji } from '../emoji';
import { evaluateLinkage } from './linkage';
import {
  DISPLAY_TYPES,
  FORM_LIMITS,
  RANGE_SEPARATOR,
  allFields,
  type ColumnField,
  type FileRef,
  type FormField,
  type FormSchema,
  type FormValues,
  type PickedRef,
} from './schema';
import { formatDate, isEmptyValue, parseDate, parseRange, toBoolean, toNumber } from './values';

/**
 * The submission check: the server's authority over what is stored, and the renderers' instant
 * messages (same code, same messages). `unique` is NOT checked here: it needs the stored
 * submissions, so the server checks it after this.
 */

/** One refused value: the field, and for a sub-table the row (0-based) and column. */
export interface FieldError {
  field: string;
  row?: number;
  column?: string;
  message: string;
}

export interface ValidationResult {
  /** What is stored: hidden fields dropped, numbers normalised, text without emoji, setValue applied. */
  values: FormValues;
  errors: FieldError[];
}

export interface ValidateOptions {
  /** Drafts: check types and limits only; required fields may still be empty. */
  partial?: boolean;
  /** The clock of TODAY() and 不能早于今天 (tests). */
  now?: number;
}

/** How one value is checked: drafts skip required and pattern; `required` comes from the linkage state. */
export interface FieldCheckOptions {
  partial?: boolean;
  required?: boolean;
}

/** A checked value: the normalised value (undefined when empty or refused) and the messages. */
export interface FieldCheck {
  value: unknown;
  messages: string[];
}

const SELECT_LIKE = new Set([
  'select',
  'multiSelect',
  'radio',
  'checkbox',
  'switch',
  'cascader',
  'user',
  'department',
  'date',
  'datetime',
  'dateRange',
]);
const UPLOADS = new Set(['file', 'image']);
/** Image fields without their own `accept` take these. */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp'];

/** The message for a required field left empty. */
export function requiredMessage(field: FormField | ColumnField): string {
  if (field.type === 'signature') return '请签名';
  if (UPLOADS.has(field.type)) return `请上传${field.label}`;
  if (SELECT_LIKE.has(field.type)) return `请选择${field.label}`;
  return `请填写${field.label}`;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Counts characters as people do: an astral ideograph is one. */
const textLength = (s: string) => [...s].length;

function decimalsOk(n: number, precision: number): boolean {
  const factor = 10 ** precision;
  const rounded = Math.round(n * factor) / factor;
  // Tolerates binary noise (0.1 + 0.2) but not a real extra decimal.
  return Math.abs(rounded - n) <= 1e-9 * Math.max(1, Math.abs(n));
}

function roundTo(n: number, precision: number): number {
  const factor = 10 ** precision;
  const r = Math.round(n * factor) / factor;
  return Object.is(r, -0) ? 0 : r;
}

type Checker = (field: FormField | ColumnField, raw: unknown, opts: FieldCheckOptions, out: string[]) => unknown;

const checkText: Checker = (field, raw, opts, out) => {
  if (typeof raw !== 'string' && typeof raw !== 'number') {
    out.push(`${field.label}应为文本`);
    return undefined;
  }
  const text = stripEmoji(String(raw)).trim();
  if (text === '') return undefined;
  const limit = field.type === 'textarea' ? FORM_LIMITS.textareaLength : FORM_LIMITS.textLength;
  const max = Math.min(field.maxLength ?? limit, limit);
  const length = textLength(text);
  if (length > max) out.push(`${field.label}不能超过 ${max} 个字`);
  else if (field.minLength !== undefined && length < field.minLength)
    out.push(`${field.label}至少 ${field.minLength} 个字`);
  else if (!opts.partial && field.pattern) {
    let re: RegExp | null = null;
    try {
      re = new RegExp(field.pattern);
    } catch {
      re = null; // A broken pattern is the designer's error (checkFormSchema), not the user's.
    }
    if (re && !re.test(text)) out.push(field.patternMessage || '格式不正确');
  }
  if (!opts.partial && field.preset && !out.length) {
    const wrong = presetMessage(field.preset, text, field.label);
    if (wrong) out.push(wrong);
  }
  return text;
};

const checkNumber: Checker = (field, raw, _opts, out) => {
  if (typeof raw === 'string' && raw.trim() === '') return undefined;
  const n = toNumber(raw);
  if (n === null) {
    out.push(`${field.label}应为数字`);
    return undefined;
  }
  const precision = field.type === 'money' ? (field.precision ?? 2) : field.precision;
  if (precision !== undefined && !decimalsOk(n, precision)) {
    out.push(precision === 0 ? `${field.label}应为整数` : `${field.label}最多 ${precision} 位小数`);
    return undefined;
  }
  const value = precision === undefined ? n : roundTo(n, precision);
  if (field.min !== undefined && value < field.min) out.push(`${field.label}不能小于 ${field.min}`);
  else if (field.max !== undefined && value > field.max) out.push(`${field.label}不能大于 ${field.max}`);
  return value;
};

const checkDate: Checker = (field, raw, _opts, out) => {
  const withTime = field.type === 'datetime';
  const d = typeof raw === 'string' ? parseDate(raw) : null;
  if (!d || d.hasTime !== withTime) {
    out.push(withTime ? `${field.label}应为日期时间（年-月-日 时:分:秒）` : `${field.label}应为日期（年-月-日）`);
    return undefined;
  }
  return formatDate(d, withTime);
};

const checkDateRange: Checker = (field, raw, opts, out) => {
  const text =
    Array.isArray(raw) && raw.length === 2 && raw.every((x) => typeof x === 'string' || x === null)
      ? `${raw[0] ?? ''}${RANGE_SEPARATOR}${raw[1] ?? ''}`
      : raw;
  const bad = `${field.label}应为日期范围（开始日期至结束日期）`;
  if (typeof text !== 'string') {
    out.push(bad);
    return undefined;
  }
  const [a, b] = parseRange(text);
  if (a === '' && b === '') return undefined;
  if (!text.includes(RANGE_SEPARATOR)) {
    out.push(bad);
    return undefined;
  }
  const start = a === '' ? null : parseDate(a);
  const end = b === '' ? null : parseDate(b);
  if ((a !== '' && (!start || start.hasTime)) || (b !== '' && (!end || end.hasTime))) {
    out.push(bad);
    return undefined;
  }
  if (!start || !end) {
    // A draft may keep half a range; a submission needs both ends.
    if (!opts.partial) {
      out.push(`${field.label}需填写开始和结束日期`);
      return undefined;
    }
  } else if (formatDate(start) > formatDate(end)) {
    out.push(`${field.label}的开始日期不能晚于结束日期`);
    return undefined;
  }
  return `${start ? formatDate(start) : ''}${RANGE_SEPARATOR}${end ? formatDate(end) : ''}`;
};

const checkChoice: Checker = (field, raw, _opts, out) => {
  const s = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : null;
  if (s === '') return undefined;
  if (s === null || !field.options?.some((o) => o.value === s)) {
    out.push(`${field.label}的选项无效`);
    return undefined;
  }
  return s;
};

function countLimits(field: FormField | ColumnField, count: number, out: string[]): void {
  if (field.min !== undefined && count < field.min) out.push(`${field.label}至少选择 ${field.min} 项`);
  else if (field.max !== undefined && count > field.max) out.push(`${field.label}最多选择 ${field.max} 项`);
}

const checkChoices: Checker = (field, raw, _opts, out) => {
  if (!Array.isArray(raw) || !raw.every((x) => typeof x === 'string')) {
    out.push(`${field.label}的选项无效`);
    return undefined;
  }
  if (raw.length === 0) return undefined;
  if (!raw.every((x) => field.options?.some((o) => o.value === x))) {
    out.push(`${field.label}的选项无效`);
    return undefined;
  }
  if (new Set(raw).size !== raw.length) {
    out.push(`${field.label}有重复的选项`);
    return undefined;
  }
  countLimits(field, raw.length, out);
  return [...raw];
};

const checkSwitch: Checker = (field, raw, _opts, out) => {
  if (typeof raw === 'string' && raw.trim() === '') return undefined;
  const b = toBoolean(raw);
  if (b === null) out.push(`${field.label}应为是或否`);
  return b ?? undefined;
};

const checkCascader: Checker = (field, raw, _opts, out) => {
  if (!Array.isArray(raw) || !raw.every((x) => typeof x === 'string')) {
    out.push(`${field.label}的选项无效`);
    return undefined;
  }
  if (raw.length === 0) return undefined;
  const options = 'cascaderOptions' in field ? (field.cascaderOptions ?? []) : [];
  let parent = '';
  for (const value of raw) {
    if (!options.some((o) => o.value === value && (o.parent ?? '') === parent)) {
      out.push(`${field.label}的选项无效`);
      return undefined;
    }
    parent = value;
  }
  return [...raw];
};

const checkRefs: Checker = (field, raw, _opts, out) => {
  const list = isRecord(raw) ? [raw] : raw;
  const bad = field.type === 'user' ? `${field.label}应为选择的人员` : `${field.label}应为选择的部门`;
  if (!Array.isArray(list)) {
    out.push(bad);
    return undefined;
  }
  const refs: PickedRef[] = [];
  for (const r of list) {
    if (
      !isRecord(r) ||
      !Number.isInteger(r.id) ||
      (r.id as number) <= 0 ||
      typeof r.name !== 'string' ||
      r.name.length > 100
    ) {
      out.push(bad);
      return undefined;
    }
    refs.push({ id: r.id as number, name: stripEmoji(r.name).trim() });
  }
  if (refs.length === 0) return undefined;
  if (new Set(refs.map((r) => r.id)).size !== refs.length) {
    out.push(`${field.label}有重复的选择`);
    return undefined;
  }
  if (!field.multiple && refs.length > 1) {
    out.push(`${field.label}只能选择一项`);
    return undefined;
  }
  return refs;
};

function readFileRef(v: unknown): FileRef | null {
  if (!isRecord(v)) return null;
  const { id, name, size, url } = v;
  if (typeof id !== 'string' || id === '' || id.length > 200) return null;
  if (typeof name !== 'string' || name.trim() === '' || name.length > 255) return null;
  if (typeof size !== 'number' || !Number.isFinite(size) || size < 0) return null;
  if (typeof url !== 'string' || !url.startsWith('/resource/') || url.includes('..') || /\s/.test(url)) return null;
  return { id, name: name.trim(), size, url };
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

const checkFiles: Checker = (field, raw, _opts, out) => {
  const list = isRecord(raw) ? [raw] : raw;
  if (!Array.isArray(list)) {
    out.push(`${field.label}应为上传的文件`);
    return undefined;
  }
  const files: FileRef[] = [];
  for (const item of list) {
    const ref = readFileRef(item);
    if (!ref) {
      out.push(`${field.label}应为上传的文件`);
      return undefined;
    }
    files.push(ref);
  }
  if (files.length === 0) return undefined;
  const maxCount = Math.min(field.maxCount ?? FORM_LIMITS.filesPerField, FORM_LIMITS.filesPerField);
  if (files.length > maxCount) out.push(`${field.label}最多上传 ${maxCount} 个文件`);
  const accept = field.accept?.length ? field.accept : field.type === 'image' ? IMAGE_EXTENSIONS : null;
  const maxMb = Math.min(field.maxSizeMb ?? FORM_LIMITS.fileMaxMb, FORM_LIMITS.fileMaxMb);
  for (const f of files) {
    if (accept && !accept.includes(extensionOf(f.name)))
      out.push(`${field.label}不接受此类文件：${f.name}（可上传 ${accept.join('、')}）`);
    else if (f.size > maxMb * 1024 * 1024) out.push(`${field.label}的文件 ${f.name} 超过 ${maxMb} MB`);
  }
  return files;
};

const checkSignature: Checker = (field, raw, _opts, out) => {
  // A signature is one PNG the renderer uploaded; a one-element list is accepted too.
  const item = Array.isArray(raw) && raw.length <= 1 ? raw[0] : raw;
  if (item === undefined) return undefined;
  const ref = readFileRef(item);
  if (!ref) out.push(`${field.label}应为上传的签名图片`);
  return ref ?? undefined;
};

const CHECKERS: Partial<Record<string, Checker>> = {
  text: checkText,
  textarea: checkText,
  number: checkNumber,
  money: checkNumber,
  date: checkDate,
  datetime: checkDate,
  dateRange: checkDateRange,
  select: checkChoice,
  radio: checkChoice,
  multiSelect: checkChoices,
  checkbox: checkChoices,
  switch: checkSwitch,
  cascader: checkCascader,
  user: checkRefs,
  department: checkRefs,
  file: checkFiles,
  image: checkFiles,
  signature: checkSignature,
};

/**
 * Checks and normalises one value of a field that is not a sub-table (sub-table columns
 * included): type, limits, pattern, and `required` when asked. Used for submissions, static
 * defaults and setValue values.
 */
export function checkFieldValue(
  field: FormField | ColumnField,
  raw: unknown,
  opts: FieldCheckOptions = {},
): FieldCheck {
  const messages: string[] = [];
  const checker = CHECKERS[field.type];
  let value: unknown;
  if (checker && !isEmptyValue(raw)) value = checker(field, raw, opts, messages);
  if (messages.length > 0) return { value: undefined, messages };
  // A switch that is off holds false, which is a value, not empty.
  if (isEmptyValue(value)) {
    value = undefined;
    if (opts.required && !opts.partial) messages.push(requiredMessage(field));
  }
  return { value, messages };
}

/** Sums of the sub-table's sumColumns (number and money columns), rounded to the column's decimals. */
export function subTableSums(field: FormField, rows: unknown): Record<string, number> {
  const sums: Record<string, number> = {};
  const list = Array.isArray(rows) ? rows : [];
  for (const id of field.sumColumns ?? []) {
    const column = field.columns?.find((c) => c.id === id);
    if (!column || (column.type !== 'number' && column.type !== 'money')) continue;
    let sum = 0;
    for (const row of list) sum += (isRecord(row) ? toNumber(row[id]) : null) ?? 0;
    const precision = column.type === 'money' ? (column.precision ?? 2) : (column.precision ?? 6);
    sums[id] = roundTo(sum, precision);
  }
  return sums;
}

function checkSubTable(field: FormField, raw: unknown, opts: FieldCheckOptions, errors: FieldError[]): unknown {
  const fail = (message: string) => errors.push({ field: field.id, message });
  if (raw !== undefined && raw !== null && !Array.isArray(raw)) {
    fail(`${field.label}应为表格行`);
    return undefined;
  }
  const rows = raw ?? [];
  const maxRows = Math.min(field.maxRows ?? FORM_LIMITS.subTableRows, FORM_LIMITS.subTableRows);
  if (rows.length === 0) {
    if (!opts.partial && (opts.required || (field.minRows ?? 0) > 0)) {
      fail(opts.required ? requiredMessage(field) : `${field.label}至少填写 ${field.minRows} 行`);
    }
    return undefined;
  }
  if (rows.length > maxRows) {
    fail(`${field.label}最多 ${maxRows} 行`);
    return undefined;
  }
  if (field.minRows !== undefined && rows.length < field.minRows) fail(`${field.label}至少填写 ${field.minRows} 行`);
  const out: Array<Record<string, unknown>> = [];
  rows.forEach((row, index) => {
    if (!isRecord(row)) {
      errors.push({ field: field.id, row: index, message: `${field.label}第 ${index + 1} 行格式不正确` });
      return;
    }
    const clean: Record<string, unknown> = {};
    for (const column of field.columns ?? []) {
      const { value, messages } = checkFieldValue(column, row[column.id], {
        partial: opts.partial,
        required: !!column.required,
      });
      for (const message of messages) errors.push({ field: field.id, row: index, column: column.id, message });
      if (value !== undefined) clean[column.id] = value;
    }
    out.push(clean);
  });
  return out;
}

/**
 * Checks a submission (or with `partial`, a draft) against its form: runs the linkage
 * evaluator on the input, drops hidden fields, display fields and unknown keys, then checks
 * and normalises every visible field. A read-only field keeps the value it was given, except
 * where a holding setValue rule gives it one: the evaluator's value replaces the input, so a
 * value set by a rule cannot be forged.
 */
export function validateSubmission(
  schema: FormSchema,
  input: FormValues,
  opts: ValidateOptions = {},
): ValidationResult {
  const { states, values: given } = evaluateLinkage(schema, isRecord(input) ? input : {});
  // Computed fields from the other values: what the client sent for them is never used.
  const linked = applyFormulas(schema, given, opts.now);
  const values: FormValues = {};
  const errors: FieldError[] = [];
  for (const field of allFields(schema)) {
    if (DISPLAY_TYPES.includes(field.type) || !states[field.id]?.visible) continue;
    const checkOpts = { partial: opts.partial, required: states[field.id].required };
    const raw = linked[field.id];
    if (field.type === 'subTable') {
      const rows = checkSubTable(field, raw, checkOpts, errors);
      if (rows !== undefined) values[field.id] = rows;
      continue;
    }
    const { value, messages } = checkFieldValue(field, raw, checkOpts);
    for (const message of messages) errors.push({ field: field.id, message });
    if (value !== undefined) values[field.id] = value;
  }
  // Cross-field rules and date limits, on the checked values; a field already refused is not told twice.
  if (!opts.partial)
    for (const e of crossCheckErrors(schema, values, opts.now))
      if (!errors.some((x) => x.field === e.field)) errors.push(e);
  return { values, errors };
}
