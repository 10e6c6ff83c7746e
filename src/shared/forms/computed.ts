import {
  allFields,
  type CrossCheck,
  type FormField,
  type FormSchema,
  type FormValues,
  type TextPreset,
} from './schema';
import { dayNumber, evaluateFormula, FormulaError, parseFormula, todayInChina, type Node } from './formula';

/**
 * Computed fields, cross-field checks and text presets (issue 24 item 5): the same code in the fill
 * pages (live) and in the server's submission check (validate.ts), so the server recomputes every
 * formula and ignores what the client sent.
 */

const parsed = new Map<string, Node | null>();
/** A formula's tree (cached), or null when it does not parse (the designer's checker refuses those). */
export function formulaTree(src: string): Node | null {
  if (!parsed.has(src)) {
    try {
      parsed.set(src, parseFormula(src));
    } catch (e) {
      if (!(e instanceof FormulaError)) throw e;
      parsed.set(src, null);
    }
    if (parsed.size > 500) parsed.delete(parsed.keys().next().value!);
  }
  return parsed.get(src) ?? null;
}

const roundTo = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** The value a computed field stores: numbers at the field's precision, text and dates as text; undefined when empty. */
function stored(field: FormField, v: unknown): unknown {
  if (v === null || v === undefined) return undefined;
  if (field.type === 'number' || field.type === 'money') {
    if (typeof v !== 'number' || !Number.isFinite(v)) return undefined;
    return roundTo(v, field.type === 'money' ? (field.precision ?? 2) : (field.precision ?? 6));
  }
  if (typeof v === 'boolean') return v ? '是' : '否';
  return String(v);
}

/**
 * The values with every computed field (re)computed from the others, in as many passes as formulas
 * read formulas (the checker refuses cycles; a pass limit keeps a forged document finite).
 */
export function applyFormulas(schema: FormSchema, values: FormValues, now = Date.now()): FormValues {
  const computed = allFields(schema).filter((f) => f.formula);
  if (!computed.length) return values;
  const out: FormValues = { ...values };
  for (let pass = 0; pass <= computed.length; pass++) {
    let changed = false;
    for (const f of computed) {
      const tree = formulaTree(f.formula!);
      const v = tree ? stored(f, evaluateFormula(tree, { value: (id) => out[id], now })) : undefined;
      if (JSON.stringify(v) !== JSON.stringify(out[f.id])) {
        if (v === undefined) delete out[f.id];
        else out[f.id] = v as never;
        changed = true;
      }
    }
    if (!changed) break;
  }
  return out;
}

// --- cross-field checks ------------------------------------------------------------------------------

const comparable = (v: unknown): number | null => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  return dayNumber(v);
};

/** The first and last day of a date range value ('a至b'). */
const rangeDays = (v: unknown): [number, number] | null => {
  if (typeof v !== 'string' || !v.includes('至')) return null;
  const [a, b] = v.split('至');
  const x = dayNumber(a);
  const y = dayNumber(b);
  return x === null || y === null ? null : [x, y];
};

const OP_WORDS: Record<string, string> = {
  gte: '不能早于（小于）',
  lte: '不能晚于（大于）',
  gt: '应晚于（大于）',
  lt: '应早于（小于）',
};

function defaultMessage(c: CrossCheck, label: (id: string) => string): string {
  if (c.op === 'notPast') return `${label(c.field)}不能早于今天`;
  if (c.op === 'maxDays')
    return c.other
      ? `${label(c.field)}与${label(c.other)}相隔不能超过 ${c.days ?? 0} 天`
      : `${label(c.field)}不能超过 ${c.days ?? 0} 天`;
  return `${label(c.field)}${OP_WORDS[c.op]}${c.other ? label(c.other) : String(c.value)}`;
}

/** Whether one check holds; null when a value it needs is empty (required-ness is another check's job). */
export function checkHolds(c: CrossCheck, values: FormValues, now = Date.now()): boolean | null {
  const own = values[c.field];
  if (c.op === 'notPast') {
    const d = rangeDays(own)?.[0] ?? dayNumber(own);
    return d === null ? null : d >= dayNumber(todayInChina(now))!;
  }
  if (c.op === 'maxDays') {
    if (!c.other) {
      const r = rangeDays(own);
      return r === null ? null : r[1] - r[0] + 1 <= (c.days ?? 0);
    }
    const a = dayNumber(values[c.other]);
    const b = dayNumber(own);
    return a === null || b === null ? null : Math.abs(b - a) <= (c.days ?? 0);
  }
  const x = comparable(own);
  const y = comparable(c.other ? values[c.other] : c.value);
  if (x === null || y === null) return null;
  return c.op === 'gte' ? x >= y : c.op === 'lte' ? x <= y : c.op === 'gt' ? x > y : x < y;
}

/** The failed checks, each on its field with its message (the designer's or a default naming the fields). */
export function crossCheckErrors(
  schema: FormSchema,
  values: FormValues,
  now = Date.now(),
): { field: string; message: string }[] {
  const labels = new Map(allFields(schema).map((f) => [f.id, f.label || f.id]));
  const label = (id: string) => labels.get(id) ?? id;
  const out: { field: string; message: string }[] = [];
  for (const c of schema.checks ?? []) {
    if (checkHolds(c, values, now) === false)
      out.push({ field: c.field, message: c.message || defaultMessage(c, label) });
  }
  return out;
}

// --- text presets -----------------------------------------------------------------------------------

/** 学号: digits, 8 to 12 of them (the demo's numbers are 10); one constant for the client and the server. */
export const STUDENT_NO_PATTERN = /^\d{8,12}$/;
const MOBILE = /^1[3-9]\d{9}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** GB 11643-1999: 18 characters, a valid birth date, and the ISO 7064 MOD 11-2 check character. */
export function idCardValid(text: string): boolean {
  const id = text.toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  const birth = `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;
  const day = dayNumber(birth);
  if (day === null || new Date(day * 86_400_000).toISOString().slice(0, 10) !== birth) return false;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((s, w, i) => s + w * Number(id[i]), 0);
  return '10X98765432'[sum % 11] === id[17];
}

/** The message of a text that does not fit its preset, or null. */
export function presetMessage(preset: TextPreset, text: string, label: string): string | null {
  switch (preset) {
    case 'mobile':
      return MOBILE.test(text) ? null : `${label}应为 11 位手机号`;
    case 'idCard':
      return idCardValid(text) ? null : `${label}不是有效的身份证号（18 位，含校验位）`;
    case 'email':
      return EMAIL.test(text) ? null : `${label}不是有效的邮箱地址`;
    default:
      return STUDENT_NO_PATTERN.test(text) ? null : `${label}应为 8–12 位数字学号`;
  }
}
