import {
  DISPLAY_TYPES,
  RANGE_SEPARATOR,
  type FieldType,
  type FormField,
  type FormSchema,
  type LinkageRule,
  type RuleAction,
  type RuleActionType,
  type RuleCondition,
  type RuleOperator,
} from '@/shared/forms/schema';

/**
 * What the rule builder offers for each field type, so an admin only ever picks comparisons
 * the evaluator (src/shared/forms/linkage.ts) can make, with a value input that fits the field.
 */

const EQUALITY: RuleOperator[] = ['eq', 'neq'];
const PRESENCE: RuleOperator[] = ['empty', 'notEmpty'];
const ORDER: RuleOperator[] = ['gte', 'lte', 'range'];
const MEMBER: RuleOperator[] = ['contains', 'notContains'];

/** Comparisons that make sense for a field of this type, in the order the builder lists them. */
export function operatorsFor(type: FieldType): RuleOperator[] {
  switch (type) {
    case 'text':
    case 'textarea':
      return [...EQUALITY, ...MEMBER, ...PRESENCE];
    case 'number':
    case 'money':
    case 'date':
    case 'datetime':
      return [...EQUALITY, ...ORDER, ...PRESENCE];
    case 'dateRange':
      // contains: the span holds a given date.
      return [...EQUALITY, ...MEMBER, ...ORDER, ...PRESENCE];
    case 'select':
    case 'radio':
      return [...EQUALITY, ...PRESENCE];
    case 'multiSelect':
    case 'checkbox':
    case 'cascader':
    case 'user':
    case 'department':
      return [...MEMBER, ...PRESENCE];
    case 'switch':
      return EQUALITY;
    default:
      return PRESENCE;
  }
}

/** The input a condition's value needs. */
export type ValueKind =
  | 'none'
  | 'text'
  | 'number'
  | 'numberRange'
  | 'date'
  | 'datetime'
  | 'dateRange'
  | 'datetimeRange'
  | 'option'
  | 'cascaderOption'
  | 'boolean';

export function conditionValueKind(type: FieldType, op: RuleOperator): ValueKind {
  if (op === 'empty' || op === 'notEmpty') return 'none';
  switch (type) {
    case 'number':
    case 'money':
      return op === 'range' ? 'numberRange' : 'number';
    case 'date':
      return op === 'range' ? 'dateRange' : 'date';
    case 'datetime':
      return op === 'range' ? 'datetimeRange' : 'datetime';
    case 'dateRange':
      // A range field equals a range; its start (≥), its end (≤) or its span (contains) meets one date.
      return op === 'eq' || op === 'neq' || op === 'range' ? 'dateRange' : 'date';
    case 'select':
    case 'radio':
    case 'multiSelect':
    case 'checkbox':
      return 'option';
    case 'cascader':
      return 'cascaderOption';
    case 'switch':
      return 'boolean';
    default:
      return 'text';
  }
}

/** Fields a rule may read: every field that holds a value. */
export const sourceFields = (schema: FormSchema): FormField[] =>
  schema.sections.flatMap((s) => s.fields).filter((f) => !DISPLAY_TYPES.includes(f.type));

/** Types a setValue action can fill (uploads, signatures, pickers and sub-tables need a person's input). */
export const SETTABLE_TYPES: readonly FieldType[] = [
  'text',
  'textarea',
  'number',
  'money',
  'date',
  'datetime',
  'dateRange',
  'select',
  'multiSelect',
  'radio',
  'checkbox',
  'switch',
];

/** Fields an action may target: value fields; for setValue, those it can fill. */
export function targetFields(schema: FormSchema, type: RuleActionType): FormField[] {
  const all = sourceFields(schema);
  return type === 'setValue' ? all.filter((f) => SETTABLE_TYPES.includes(f.type)) : all;
}

/** setValue gives every target one value, so all targets must take the same kind of value. */
const SET_GROUPS: readonly (readonly FieldType[])[] = [
  ['text', 'textarea'],
  ['number', 'money'],
  ['date'],
  ['datetime'],
  ['dateRange'],
  ['select', 'radio'],
  ['multiSelect', 'checkbox'],
  ['switch'],
];
export function sameValueGroup(a: FieldType, b: FieldType): boolean {
  return SET_GROUPS.some((g) => g.includes(a) && g.includes(b));
}

/** A condition on this field, with its first comparison and a value the comparison accepts. */
export function conditionFor(field: FormField, op?: RuleOperator): RuleCondition {
  const ops = operatorsFor(field.type);
  const chosen = op && ops.includes(op) ? op : ops[0]!;
  const kind = conditionValueKind(field.type, chosen);
  if (kind === 'none') return { field: field.id, op: chosen };
  if (kind === 'boolean') return { field: field.id, op: chosen, value: true };
  if (kind === 'option') {
    const first = field.options?.[0]?.value;
    return first !== undefined ? { field: field.id, op: chosen, value: first } : { field: field.id, op: chosen };
  }
  return { field: field.id, op: chosen };
}

/** Changing the comparison keeps the value when the input stays the same kind. */
export function withOperator(cond: RuleCondition, field: FormField, op: RuleOperator): RuleCondition {
  const before = conditionValueKind(field.type, cond.op);
  const after = conditionValueKind(field.type, op);
  if (before === after) return after === 'none' ? { field: cond.field, op } : { ...cond, op };
  return conditionFor(field, op);
}

export const joinRange = (start: string | number | null | undefined, end: string | number | null | undefined) =>
  `${start ?? ''}${RANGE_SEPARATOR}${end ?? ''}`;

export function splitRange(value: unknown): [string, string] {
  if (typeof value !== 'string' || !value.includes(RANGE_SEPARATOR)) return ['', ''];
  const [a = '', b = ''] = value.split(RANGE_SEPARATOR);
  return [a.trim(), b.trim()];
}

/** What is missing before a rule can be saved; [] when it is complete. */
export function ruleProblems(rule: LinkageRule, schema: FormSchema): string[] {
  const fields = new Map(sourceFields(schema).map((f) => [f.id, f]));
  const problems: string[] = [];
  if (rule.conditions.length === 0) problems.push('请添加至少一个条件');
  rule.conditions.forEach((c, i) => {
    const field = fields.get(c.field);
    if (!field) return void problems.push(`条件 ${i + 1}：请选择字段`);
    const kind = conditionValueKind(field.type, c.op);
    if (kind === 'none') return;
    const v = c.value;
    if (kind === 'numberRange' || kind === 'dateRange' || kind === 'datetimeRange') {
      const [a, b] = splitRange(v);
      if (!a && !b) problems.push(`条件 ${i + 1}：请填写范围`);
    } else if (v === undefined || v === '') {
      problems.push(`条件 ${i + 1}：请填写比较的值`);
    }
  });
  if (rule.actions.length === 0) problems.push('请添加至少一个动作');
  rule.actions.forEach((a, i) => {
    if (a.targets.length === 0) problems.push(`动作 ${i + 1}：请选择目标字段`);
    if (a.type === 'setValue' && (a.value === undefined || a.value === null))
      problems.push(`动作 ${i + 1}：请填写要赋的值`);
  });
  return problems;
}

/** An action after its type changes: setValue keeps only the targets it can fill, and other types drop the value. */
export function withActionType(action: RuleAction, type: RuleActionType, schema: FormSchema): RuleAction {
  if (type !== 'setValue') return { type, targets: action.targets };
  const settable = new Map(targetFields(schema, 'setValue').map((f) => [f.id, f]));
  const kept = action.targets.filter((t) => settable.has(t));
  const first = settable.get(kept[0] ?? '');
  return { type, targets: first ? kept.filter((t) => sameValueGroup(first.type, settable.get(t)!.type)) : [] };
}

/** A one-line Chinese summary of a rule, for the list ("当 性别 等于 女 时，显示 孕期"). */
export function describeRule(
  rule: LinkageRule,
  schema: FormSchema,
  opLabels: Record<RuleOperator, string>,
  actionLabels: Record<RuleActionType, string>,
): string {
  const labels = new Map(sourceFields(schema).map((f) => [f.id, f]));
  const show = (c: RuleCondition) => {
    const f = labels.get(c.field);
    let value = c.value === undefined ? '' : String(c.value);
    if (f?.options && typeof c.value === 'string') value = f.options.find((o) => o.value === c.value)?.label ?? value;
    if (typeof c.value === 'boolean') value = c.value ? '是' : '否';
    return `${f?.label ?? '（未选择）'} ${opLabels[c.op]}${value ? ` ${value}` : ''}`;
  };
  const when = rule.conditions.map(show).join(rule.match === 'all' ? ' 且 ' : ' 或 ');
  const then = rule.actions
    .map((a) => `${actionLabels[a.type]} ${a.targets.map((t) => labels.get(t)?.label ?? t).join('、') || '（未选择）'}`)
    .join('；');
  return `当 ${when || '（无条件）'} 时，${then || '（无动作）'}`;
}
