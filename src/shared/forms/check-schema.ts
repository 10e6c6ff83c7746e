import { formulaRefs, formulaType, FormulaError, parseFormula, type FormulaType } from './formula';
import {
  COLUMN_TYPES,
  DISPLAY_TYPES,
  FIELD_ID_PATTERN,
  FIELD_TYPES,
  FORM_LIMITS,
  RANGE_SEPARATOR,
  RULE_ACTIONS,
  RULE_OPERATORS,
  type ColumnField,
  type FormField,
  type FormSchema,
} from './schema';
import { parseRange } from './values';
import { checkFieldValue } from './validate';

/** A group containing a quantifier (or an alternation) that is itself quantified. */
const NESTED_QUANTIFIER = /\((?:[^()\\]|\\.)*(?:[+*}]|\|)(?:[^()\\]|\\.)*\)(?:[+*]|\{\d+,\d*\})/;

/**
 * What a designer must fix before a form can be saved or published: the sense of the document
 * beyond its JSON shape (which the TypeBox schema checks). Chinese messages; none = fine.
 * Show and hide rules may also target display blocks (a notice shown when …); every other
 * rule source and target must be a field that holds a value.
 */

const SELECT_TYPES = new Set(['select', 'multiSelect', 'radio', 'checkbox']);
const NO_SET_VALUE = new Set(['subTable', 'file', 'image', 'signature']);
const NEEDS_NO_VALUE = new Set(['empty', 'notEmpty']);
const idPattern = new RegExp(FIELD_ID_PATTERN);

const name = (f: { id: string; label?: string }) => `「${f.label?.trim() || f.id}」`;

/** Checks that apply to a field and to a sub-table column alike. */
function checkField(f: FormField | ColumnField, where: string, out: string[]): void {
  if (!idPattern.test(f.id))
    out.push(`${where}的标识 ${f.id} 无效：须以字母开头，只含字母、数字和下划线，最长 40 个字符`);
  if (!FIELD_TYPES.includes(f.type)) {
    out.push(`${where}的类型 ${String(f.type)} 不存在`);
    return;
  }
  if (!DISPLAY_TYPES.includes(f.type) && !f.label?.trim()) out.push(`${where}缺少标题`);
  if (SELECT_TYPES.has(f.type)) {
    const values = (f.options ?? []).map((o) => o.value);
    if (values.length === 0) out.push(`${where}至少需要一个选项`);
    if (new Set(values).size !== values.length) out.push(`${where}的选项值有重复`);
  }
  if (f.type === 'cascader') checkCascader(f, where, out);
  if (f.min !== undefined && f.max !== undefined && f.min > f.max) out.push(`${where}的最小值不能大于最大值`);
  if (f.minLength !== undefined && f.maxLength !== undefined && f.minLength > f.maxLength)
    out.push(`${where}的最短长度不能大于最长长度`);
  if (f.pattern !== undefined) {
    try {
      new RegExp(f.pattern);
      // A quantified group that itself repeats ((a+)+, (\w*)*, (a|ab){2,}) can take exponential time
      // on a crafted input, and the server runs these patterns on what anyone submits.
      if (NESTED_QUANTIFIER.test(f.pattern))
        out.push(`${where}的校验正则含有嵌套重复（如 (a+)+），可能导致校验极慢，请改写`);
    } catch {
      out.push(`${where}的校验正则无效`);
    }
  }
  if (f.default?.kind === 'static' && f.type !== 'subTable') {
    const { messages } = checkFieldValue(f, f.default.value);
    if (messages.length > 0) out.push(`${where}的默认值无效：${messages[0]}`);
  }
}

function checkCascader(f: FormField | ColumnField, where: string, out: string[]): void {
  const options = f.cascaderOptions ?? [];
  if (options.length === 0) {
    out.push(`${where}至少需要一个选项`);
    return;
  }
  // `parent` names an option by value, so values must be unique across the whole tree.
  const parentOf = new Map<string, string>();
  for (const o of options) {
    if (parentOf.has(o.value)) out.push(`${where}的选项值 ${o.value} 重复`);
    parentOf.set(o.value, o.parent ?? '');
  }
  for (const o of options) {
    const parent = o.parent ?? '';
    if (parent !== '' && !parentOf.has(parent)) out.push(`${where}的选项 ${o.label} 的上级 ${parent} 不存在`);
  }
  const reported = new Set<string>();
  for (const start of parentOf.keys()) {
    const seen = new Set<string>();
    let at = start;
    while (at !== '' && parentOf.has(at) && !seen.has(at)) {
      seen.add(at);
      at = parentOf.get(at)!;
    }
    if (at !== '' && seen.has(at) && !reported.has(at)) {
      for (const v of seen) reported.add(v);
      out.push(`${where}的选项上下级形成循环（${at}）`);
    }
  }
}

function checkSubTable(f: FormField, where: string, out: string[]): void {
  const columns = f.columns ?? [];
  if (columns.length === 0) out.push(`${where}至少需要一列`);
  const ids = new Set<string>();
  for (const c of columns) {
    const at = `${where}的列${name(c)}`;
    if (ids.has(c.id)) out.push(`${where}的列标识 ${c.id} 重复`);
    ids.add(c.id);
    if (!COLUMN_TYPES.includes(c.type)) out.push(`${at}的类型不能用作表格列`);
    else checkField(c, at, out);
    if ('columns' in c && c.columns !== undefined) out.push(`${at}不能再含表格列`);
  }
  if (f.minRows !== undefined && f.maxRows !== undefined && f.minRows > f.maxRows)
    out.push(`${where}的最少行数不能大于最多行数`);
  for (const id of f.sumColumns ?? []) {
    const c = columns.find((x) => x.id === id);
    if (!c) out.push(`${where}的合计列 ${id} 不存在`);
    else if (c.type !== 'number' && c.type !== 'money') out.push(`${where}的合计列${name(c)}不是数字或金额`);
  }
}

const FORMULA_TARGETS = new Set(['number', 'money', 'text', 'date']);

/** What a field is to a formula: numbers, dates, date ranges, switches, text; a sub-table's number column. */
function formulaTypeOf(byId: Map<string, FormField>, id: string, column?: string): FormulaType {
  const f = byId.get(id);
  if (!f) throw new FormulaError(`引用了不存在的字段 ${id}`);
  if (column !== undefined) {
    const c = f.type === 'subTable' ? f.columns?.find((x) => x.id === column) : undefined;
    if (!c) throw new FormulaError(`引用了不存在的子表列 ${id}.${column}`);
    if (c.type !== 'number' && c.type !== 'money') throw new FormulaError(`子表列 ${id}.${column} 不是数字或金额`);
    return 'column';
  }
  if (f.type === 'number' || f.type === 'money') return 'number';
  if (f.type === 'date' || f.type === 'datetime') return 'date';
  if (f.type === 'dateRange') return 'range';
  if (f.type === 'switch') return 'boolean';
  if (f.type === 'subTable') throw new FormulaError(`子表格 ${id} 需写明列，如 ${id}.列标识`);
  if (DISPLAY_TYPES.includes(f.type) || ['file', 'image', 'signature', 'user', 'department'].includes(f.type))
    throw new FormulaError(`字段 ${id} 不能用于公式`);
  return 'text';
}

/** Computed fields: each formula parses, names existing fields, fits its field's type, and no formula reads itself. */
function checkFormulas(byId: Map<string, FormField>, out: string[]): void {
  const reads = new Map<string, string[]>();
  for (const f of byId.values()) {
    if (!f.formula) continue;
    const where = `字段${name(f)}的公式`;
    if (!FORMULA_TARGETS.has(f.type)) {
      out.push(`${where}：只有数字、金额、单行文本和日期字段可以计算`);
      continue;
    }
    try {
      const tree = parseFormula(f.formula);
      reads.set(
        f.id,
        formulaRefs(tree).map((r) => r.id),
      );
      const t = formulaType(tree, (id, column) => formulaTypeOf(byId, id, column));
      const want = f.type === 'date' ? 'date' : f.type === 'text' ? null : 'number';
      if (want && t !== want && t !== 'any') out.push(`${where}的结果不是${want === 'date' ? '日期' : '数字'}`);
    } catch (e) {
      if (!(e instanceof FormulaError)) throw e;
      out.push(`${where}有误：${e.message}`);
    }
  }
  // A cycle (a reads b reads a) has no value: refused by name.
  const state = new Map<string, 'open' | 'done'>();
  const visit = (id: string, path: string[]): void => {
    if (state.get(id) === 'done') return;
    if (state.get(id) === 'open') {
      const cycle = path.slice(path.indexOf(id)).concat(id);
      out.push(`公式循环引用：${cycle.map((x) => name(byId.get(x)!)).join(' → ')}`);
      return;
    }
    state.set(id, 'open');
    for (const next of reads.get(id) ?? []) if (reads.has(next)) visit(next, [...path, id]);
    state.set(id, 'done');
  };
  for (const id of reads.keys()) visit(id, []);
}

/** Cross-field checks: their fields exist and hold what the comparison needs. */
function checkChecks(schema: FormSchema, byId: Map<string, FormField>, out: string[]): void {
  const DATES = new Set(['date', 'datetime', 'dateRange']);
  const COMPARABLE = new Set(['date', 'datetime', 'number', 'money']);
  (schema.checks ?? []).forEach((c, index) => {
    const where = `第 ${index + 1} 条校验规则`;
    const f = byId.get(c.field);
    if (!f) return void out.push(`${where}的字段 ${c.field} 不存在`);
    const other = c.other === undefined ? undefined : byId.get(c.other);
    if (c.other !== undefined && !other) return void out.push(`${where}的比较字段 ${c.other} 不存在`);
    if (c.op === 'notPast') {
      if (!DATES.has(f.type)) out.push(`${where}：${name(f)}不是日期`);
    } else if (c.op === 'maxDays') {
      if (c.days === undefined) out.push(`${where}缺少天数`);
      if (!DATES.has(f.type) || (other && !DATES.has(other.type))) out.push(`${where}只用于日期字段`);
      if (!other && f.type !== 'dateRange') out.push(`${where}需要比较的日期字段（或用于日期范围字段）`);
    } else {
      if (!COMPARABLE.has(f.type)) out.push(`${where}：${name(f)}不是日期或数字`);
      if (!other && c.value === undefined) out.push(`${where}缺少比较的字段或值`);
      const dateSide = (x: FormField) => x.type === 'date' || x.type === 'datetime';
      if (other && COMPARABLE.has(f.type) && dateSide(f) !== dateSide(other))
        out.push(`${where}：${name(f)}与${name(other)}类型不同，不能比较`);
    }
  });
}

export function checkFormSchema(schema: FormSchema): string[] {
  const out: string[] = [];
  const sections = schema.sections ?? [];
  if (sections.length === 0) out.push('表单至少需要一个分组');
  const ids = new Set<string>();
  const claim = (id: string, what: string) => {
    if (ids.has(id)) out.push(`标识 ${id} 重复（${what}）：表单内的分组和字段标识不能相同`);
    ids.add(id);
  };

  let count = 0;
  const byId = new Map<string, FormField>();
  for (const section of sections) {
    claim(section.id, `分组「${section.title || section.id}」`);
    if (!idPattern.test(section.id)) out.push(`分组「${section.title || section.id}」的标识 ${section.id} 无效`);
    for (const f of section.fields ?? []) {
      count += 1;
      const where = `字段${name(f)}`;
      claim(f.id, where);
      if (!byId.has(f.id)) byId.set(f.id, f);
      checkField(f, where, out);
      if (f.type === 'subTable') checkSubTable(f, where, out);
      else if (f.columns !== undefined) out.push(`${where}不是子表格，不能有表格列`);
      if (f.span !== undefined && f.span > section.columns)
        out.push(`${where}的宽度 ${f.span} 列超过了分组的 ${section.columns} 列`);
    }
  }
  if (count > FORM_LIMITS.fields) out.push(`字段不能超过 ${FORM_LIMITS.fields} 个（现有 ${count} 个）`);
  checkFormulas(byId, out);
  checkChecks(schema, byId, out);

  const ruleIds = new Set<string>();
  (schema.rules ?? []).forEach((rule, index) => {
    const where = `第 ${index + 1} 条联动规则`;
    if (ruleIds.has(rule.id)) out.push(`${where}的标识 ${rule.id} 重复`);
    ruleIds.add(rule.id);
    if (rule.conditions.length === 0) out.push(`${where}至少需要一个条件`);
    if (rule.actions.length === 0) out.push(`${where}至少需要一个动作`);
    for (const c of rule.conditions) {
      const source = byId.get(c.field);
      if (!source) out.push(`${where}的条件字段 ${c.field} 不存在`);
      else if (DISPLAY_TYPES.includes(source.type)) out.push(`${where}的条件字段${name(source)}不含值，不能作为条件`);
      if (!RULE_OPERATORS.includes(c.op)) out.push(`${where}的比较方式 ${String(c.op)} 不存在`);
      else if (!NEEDS_NO_VALUE.has(c.op)) {
        const v = c.value;
        if (v === undefined || (typeof v === 'string' && v.trim() === '')) out.push(`${where}的条件缺少比较的值`);
        else if (c.op === 'range') {
          const [a, b] = typeof v === 'string' ? parseRange(v) : ['', ''];
          if (typeof v !== 'string' || !v.includes(RANGE_SEPARATOR) || (a === '' && b === ''))
            out.push(`${where}的范围应写作“开始${RANGE_SEPARATOR}结束”`);
        }
      }
    }
    for (const action of rule.actions) {
      if (!RULE_ACTIONS.includes(action.type)) {
        out.push(`${where}的动作 ${String(action.type)} 不存在`);
        continue;
      }
      for (const id of action.targets) {
        const target = byId.get(id);
        if (!target) {
          out.push(`${where}的目标字段 ${id} 不存在`);
          continue;
        }
        const display = DISPLAY_TYPES.includes(target.type);
        if (display && action.type !== 'show' && action.type !== 'hide')
          out.push(`${where}：${name(target)}不含值，只能显示或隐藏`);
        if (action.type !== 'setValue' || display) continue;
        if (NO_SET_VALUE.has(target.type)) {
          out.push(`${where}：不能给${name(target)}赋值（子表格、上传和签名不能赋值）`);
        } else if (action.value !== undefined) {
          const { messages } = checkFieldValue(target, action.value, { partial: true });
          if (messages.length > 0) out.push(`${where}给${name(target)}赋的值无效：${messages[0]}`);
        }
      }
    }
  });
  return out;
}
