/**
 * The forms' small expression language (issue 24 item 5): computed fields are formulas over other
 * fields, evaluated live in the fill pages and again on the server, which ignores the client's value.
 * A hand-written tokenizer and recursive-descent parser over a fixed grammar — never eval or Function:
 *
 *   expr    := or
 *   or      := and ('||' and)*
 *   and     := compare ('&&' compare)*
 *   compare := add (('=' | '==' | '!=' | '>' | '>=' | '<' | '<=') add)?
 *   add     := mul (('+' | '-') mul)*
 *   mul     := unary (('*' | '/') unary)*
 *   unary   := '-' unary | '!' unary | primary
 *   primary := number | 'text' | field | field '.' column | NAME '(' expr (',' expr)* ')' | '(' expr ')'
 *
 * Functions: IF(cond, then, else), DAYS(range) (days a date range covers, both ends counted),
 * DAYS(from, to) (days from one date to another), SUM(…) (numbers, or a sub-table column: table.col),
 * MIN, MAX, ROUND(x, places), TODAY(). Values: numbers, text, booleans, dates as 'YYYY-MM-DD'.
 */

export type FormulaType = 'number' | 'text' | 'boolean' | 'date' | 'range' | 'column' | 'any';

export type Node =
  | { k: 'num'; v: number }
  | { k: 'str'; v: string }
  | { k: 'field'; id: string; column?: string }
  | { k: 'neg' | 'not'; a: Node }
  | { k: 'bin'; op: string; a: Node; b: Node }
  | { k: 'call'; name: string; args: Node[] };

export class FormulaError extends Error {}

const FUNCTIONS: Record<string, [min: number, max: number]> = {
  IF: [3, 3],
  DAYS: [1, 2],
  SUM: [1, 20],
  MIN: [1, 20],
  MAX: [1, 20],
  ROUND: [1, 2],
  TODAY: [0, 0],
};

const MAX_LENGTH = 500;

interface Token {
  t: 'num' | 'str' | 'name' | 'op' | 'end';
  v: string;
  at: number;
}

function tokenize(src: string): Token[] {
  if (src.length > MAX_LENGTH) throw new FormulaError(`公式过长（最多 ${MAX_LENGTH} 个字符）`);
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const rest = src.slice(i);
    const num = /^\d+(\.\d+)?/.exec(rest);
    if (num) {
      out.push({ t: 'num', v: num[0], at: i });
      i += num[0].length;
      continue;
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest);
    if (name) {
      out.push({ t: 'name', v: name[0], at: i });
      i += name[0].length;
      continue;
    }
    if (c === "'" || c === '"') {
      const end = src.indexOf(c, i + 1);
      if (end < 0) throw new FormulaError('文字缺少结束引号');
      out.push({ t: 'str', v: src.slice(i + 1, end), at: i });
      i = end + 1;
      continue;
    }
    const op = /^(>=|<=|==|!=|&&|\|\||[-+*/(),.<>=!])/.exec(rest);
    if (!op) throw new FormulaError(`公式中有不认识的符号「${c}」`);
    out.push({ t: 'op', v: op[0], at: i });
    i += op[0].length;
  }
  out.push({ t: 'end', v: '', at: src.length });
  return out;
}

/** Parses a formula into its tree, or throws FormulaError with a Chinese message. */
export function parseFormula(src: string): Node {
  const tokens = tokenize(src);
  let p = 0;
  const peek = () => tokens[p]!;
  const isOp = (...ops: string[]) => peek().t === 'op' && ops.includes(peek().v);
  const expect = (op: string) => {
    if (!isOp(op)) throw new FormulaError(`公式第 ${peek().at + 1} 个字符处应为「${op}」`);
    p++;
  };
  const binary = (next: () => Node, ops: string[]) => (): Node => {
    let a = next();
    while (isOp(...ops)) {
      const op = tokens[p++]!.v;
      a = { k: 'bin', op: op === '==' ? '=' : op, a, b: next() };
    }
    return a;
  };
  const primary = (): Node => {
    const tk = peek();
    if (tk.t === 'num') return (p++, { k: 'num', v: Number(tk.v) });
    if (tk.t === 'str') return (p++, { k: 'str', v: tk.v });
    if (tk.t === 'op' && tk.v === '(') {
      p++;
      const e = or();
      expect(')');
      return e;
    }
    if (tk.t === 'name') {
      p++;
      if (isOp('(')) {
        const name = tk.v.toUpperCase();
        const arity = FUNCTIONS[name];
        if (!arity) throw new FormulaError(`没有函数 ${tk.v}`);
        p++;
        const args: Node[] = [];
        if (!isOp(')')) {
          args.push(or());
          while (isOp(',')) {
            p++;
            args.push(or());
          }
        }
        expect(')');
        if (args.length < arity[0] || args.length > arity[1]) throw new FormulaError(`函数 ${name} 的参数个数不对`);
        return { k: 'call', name, args };
      }
      if (isOp('.')) {
        p++;
        const col = peek();
        if (col.t !== 'name') throw new FormulaError(`「${tk.v}.」后应为子表的列`);
        p++;
        return { k: 'field', id: tk.v, column: col.v };
      }
      return { k: 'field', id: tk.v };
    }
    throw new FormulaError(tk.t === 'end' ? '公式不完整' : `公式第 ${tk.at + 1} 个字符处不应出现「${tk.v}」`);
  };
  const unary = (): Node => {
    if (isOp('-')) return (p++, { k: 'neg', a: unary() });
    if (isOp('!')) return (p++, { k: 'not', a: unary() });
    return primary();
  };
  const mul = binary(unary, ['*', '/']);
  const add = binary(mul, ['+', '-']);
  const compare = (): Node => {
    const a = add();
    if (isOp('=', '==', '!=', '>', '>=', '<', '<=')) {
      const op = tokens[p++]!.v;
      return { k: 'bin', op: op === '==' ? '=' : op, a, b: add() };
    }
    return a;
  };
  const and = binary(compare, ['&&']);
  const or = binary(and, ['||']);
  const tree = or();
  if (peek().t !== 'end') throw new FormulaError(`公式第 ${peek().at + 1} 个字符处多余「${peek().v}」`);
  return tree;
}

/** The fields (and sub-table columns) a formula reads. */
export function formulaRefs(node: Node): { id: string; column?: string }[] {
  switch (node.k) {
    case 'field':
      return [{ id: node.id, column: node.column }];
    case 'neg':
    case 'not':
      return formulaRefs(node.a);
    case 'bin':
      return [...formulaRefs(node.a), ...formulaRefs(node.b)];
    case 'call':
      return node.args.flatMap(formulaRefs);
    default:
      return [];
  }
}

// --- types (the checker's) ------------------------------------------------------------------------

/**
 * The type a formula yields, given the types of the fields it reads; throws FormulaError on a
 * mismatch (adding text to a number, DAYS of a number, comparing a date with a number …).
 */
export function formulaType(node: Node, typeOf: (id: string, column?: string) => FormulaType): FormulaType {
  const t = (n: Node) => formulaType(n, typeOf);
  const want = (n: Node, ...ok: FormulaType[]) => {
    const got = t(n);
    if (got !== 'any' && !ok.includes(got))
      throw new FormulaError(`「${describe(n)}」的类型不对（应为${ok.map(label).join('或')}）`);
    return got;
  };
  switch (node.k) {
    case 'num':
      return 'number';
    case 'str':
      return /^\d{4}-\d{2}-\d{2}$/.test(node.v) ? 'date' : 'text';
    case 'field':
      return typeOf(node.id, node.column);
    case 'neg':
      want(node.a, 'number');
      return 'number';
    case 'not':
      want(node.a, 'boolean');
      return 'boolean';
    case 'bin': {
      if (['+', '-', '*', '/'].includes(node.op)) {
        want(node.a, 'number');
        want(node.b, 'number');
        return 'number';
      }
      if (node.op === '&&' || node.op === '||') {
        want(node.a, 'boolean');
        want(node.b, 'boolean');
        return 'boolean';
      }
      const a = t(node.a);
      const b = t(node.b);
      const same = (x: FormulaType) => (x === 'date' ? 'date' : x);
      if (a !== 'any' && b !== 'any' && same(a) !== same(b) && !(a === 'text' && b === 'text'))
        throw new FormulaError(`不能比较${label(a)}与${label(b)}`);
      return 'boolean';
    }
    case 'call':
      switch (node.name) {
        case 'IF': {
          want(node.args[0]!, 'boolean');
          const a = t(node.args[1]!);
          const b = t(node.args[2]!);
          if (a !== 'any' && b !== 'any' && a !== b) throw new FormulaError('IF 的两个结果类型应相同');
          return a === 'any' ? b : a;
        }
        case 'DAYS':
          if (node.args.length === 1) want(node.args[0]!, 'range');
          else node.args.forEach((x) => want(x, 'date'));
          return 'number';
        case 'SUM':
        case 'MIN':
        case 'MAX':
          node.args.forEach((x) => want(x, 'number', 'column'));
          return 'number';
        case 'ROUND':
          node.args.forEach((x) => want(x, 'number'));
          return 'number';
        default:
          return 'date';
      }
  }
}

const LABELS: Record<FormulaType, string> = {
  number: '数字',
  text: '文字',
  boolean: '条件',
  date: '日期',
  range: '日期范围',
  column: '子表数字列',
  any: '任意',
};
const label = (t: FormulaType) => LABELS[t];
const describe = (n: Node): string =>
  n.k === 'field' ? (n.column ? `${n.id}.${n.column}` : n.id) : n.k === 'call' ? `${n.name}(…)` : '表达式';

// --- evaluation -------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;

/** A 'YYYY-MM-DD' (or 'YYYY-MM-DD HH:mm:ss') date as its day number, or null. */
export function dayNumber(v: unknown): number | null {
  if (typeof v !== 'string') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  if (!m) return null;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(t) ? null : Math.round(t / DAY_MS);
}

/** Today in China time (UTC+8) as 'YYYY-MM-DD': the same day on the phone, the desktop and the server. */
export const todayInChina = (now = Date.now()) => new Date(now + 8 * 3600_000).toISOString().slice(0, 10);

export interface FormulaEnv {
  /** A field's value (top level), or a sub-table's rows. */
  value: (id: string) => unknown;
  now?: number;
}

const toNumber = (v: unknown): number | null => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
};

/**
 * The formula's value: a number, text, boolean or date; null when a value it needs is missing
 * (an empty field makes the computed field empty, not 0), or the arithmetic is undefined (÷ 0).
 */
export function evaluateFormula(node: Node, env: FormulaEnv): unknown {
  const ev = (n: Node) => evaluateFormula(n, env);
  switch (node.k) {
    case 'num':
    case 'str':
      return node.v;
    case 'field': {
      const v = env.value(node.id);
      if (!node.column) return v === undefined || v === '' ? null : v;
      return Array.isArray(v)
        ? v.map((row) => (row && typeof row === 'object' ? (row as Record<string, unknown>)[node.column!] : null))
        : [];
    }
    case 'neg': {
      const a = toNumber(ev(node.a));
      return a === null ? null : -a;
    }
    case 'not': {
      const a = ev(node.a);
      return a === null ? null : !a;
    }
    case 'bin': {
      const a = ev(node.a);
      const b = ev(node.b);
      if (node.op === '&&') return Boolean(a) && Boolean(b);
      if (node.op === '||') return Boolean(a) || Boolean(b);
      if (a === null || b === null) return null;
      if (['+', '-', '*', '/'].includes(node.op)) {
        const x = toNumber(a);
        const y = toNumber(b);
        if (x === null || y === null) return null;
        if (node.op === '/') return y === 0 ? null : x / y;
        return node.op === '+' ? x + y : node.op === '-' ? x - y : x * y;
      }
      const [x, y] = comparable(a, b);
      switch (node.op) {
        case '=':
          return x === y;
        case '!=':
          return x !== y;
        case '>':
          return x > y;
        case '>=':
          return x >= y;
        case '<':
          return x < y;
        default:
          return x <= y;
      }
    }
    case 'call':
      return call(node.name, node.args, env);
  }
}

/** Dates compare as days, numbers as numbers, the rest as text. */
function comparable(a: unknown, b: unknown): [number | string, number | string] {
  const da = dayNumber(a);
  const db = dayNumber(b);
  if (da !== null && db !== null) return [da, db];
  const na = toNumber(a);
  const nb = toNumber(b);
  if (na !== null && nb !== null) return [na, nb];
  return [String(a), String(b)];
}

function numbersOf(values: unknown[]): number[] | null {
  const out: number[] = [];
  for (const v of values.flat()) {
    if (v === null || v === undefined || v === '') continue;
    const n = toNumber(v);
    if (n === null) return null;
    out.push(n);
  }
  return out;
}

function call(name: string, args: Node[], env: FormulaEnv): unknown {
  const ev = (n: Node) => evaluateFormula(n, env);
  switch (name) {
    case 'IF': {
      const c = ev(args[0]!);
      if (c === null) return null;
      return c ? ev(args[1]!) : ev(args[2]!);
    }
    case 'DAYS': {
      if (args.length === 1) {
        const range = ev(args[0]!);
        if (typeof range !== 'string') return null;
        const [from, to] = range.split('至');
        const a = dayNumber(from);
        const b = dayNumber(to);
        return a === null || b === null ? null : b - a + 1;
      }
      const a = dayNumber(ev(args[0]!));
      const b = dayNumber(ev(args[1]!));
      return a === null || b === null ? null : b - a;
    }
    case 'SUM':
    case 'MIN':
    case 'MAX': {
      const list = numbersOf(args.map(ev));
      if (list === null) return null;
      if (name === 'SUM') return Math.round(list.reduce((s, n) => s + n, 0) * 1e6) / 1e6;
      if (!list.length) return null;
      return name === 'MIN' ? Math.min(...list) : Math.max(...list);
    }
    case 'ROUND': {
      const x = toNumber(ev(args[0]!));
      const places = args[1] ? toNumber(ev(args[1])) : 0;
      if (x === null || places === null) return null;
      const f = 10 ** Math.max(0, Math.min(6, Math.trunc(places)));
      return Math.round(x * f) / f;
    }
    default:
      return todayInChina(env.now);
  }
}
