import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import {
  FIELD_TYPES,
  LinkageRule,
  RULE_ACTION_LABELS,
  RULE_OPERATOR_LABELS,
  type FieldType,
  type FormField,
  type FormSchema,
  type RuleOperator,
} from '@/shared/forms/schema';
import { evaluateLinkage } from '@/shared/forms/linkage';
import { checkFormSchema } from '@/shared/forms/check-schema';
import { createField } from './field-catalog';
import {
  conditionFor,
  conditionValueKind,
  describeRule,
  joinRange,
  operatorsFor,
  ruleProblems,
  splitRange,
  targetFields,
  withActionType,
  withOperator,
} from './rule-logic';

const f = (id: string, type: FieldType, extra: Partial<FormField> = {}): FormField => ({
  ...createField(type, new Set()),
  id,
  label: id,
  ...extra,
});

const SOURCES: FormField[] = [
  f('name', 'text'),
  f('note', 'textarea'),
  f('days', 'number'),
  f('fee', 'money'),
  f('day', 'date'),
  f('at', 'datetime'),
  f('span', 'dateRange'),
  f('kind', 'select', {
    options: [
      { label: '事假', value: 'personal' },
      { label: '病假', value: 'sick' },
    ],
  }),
  f('tags', 'multiSelect', {
    options: [
      { label: '甲', value: 'a' },
      { label: '乙', value: 'b' },
    ],
  }),
  f('agree', 'switch'),
  f('region', 'cascader'),
  f('who', 'user'),
  f('files', 'file'),
];
const TARGET = f('target', 'text');
const schemaWith = (rule?: LinkageRule): FormSchema => ({
  format: 1,
  sections: [{ id: 'section_a', title: '', columns: 4, fields: [...SOURCES, TARGET] }],
  rules: rule ? [rule] : [],
});

/** A rule the builder makes: condition on `source` with `op` and the value its input produced, showing `target`. */
function built(source: FormField, op: RuleOperator, value?: string | number | boolean): LinkageRule {
  const cond = withOperator(conditionFor(source), source, op);
  return {
    id: 'rule_t',
    match: 'all',
    conditions: [value === undefined ? cond : { ...cond, value }],
    actions: [{ type: 'show', targets: [TARGET.id] }],
  };
}

const shown = (rule: LinkageRule, values: Record<string, unknown>) =>
  evaluateLinkage(schemaWith(rule), values).states[TARGET.id]!.visible;

const byId = (id: string) => SOURCES.find((s) => s.id === id)!;

describe('rule builder logic', () => {
  it('offers every value-holding type at least the empty checks, and only comparisons that fit', () => {
    for (const t of FIELD_TYPES) {
      if (t === 'richText' || t === 'divider') continue;
      const ops = operatorsFor(t);
      expect(ops.length, t).toBeGreaterThan(0);
      if (t !== 'switch') expect(ops, t).toEqual(expect.arrayContaining(['empty', 'notEmpty']));
    }
    expect(operatorsFor('select')).not.toContain('contains');
    expect(operatorsFor('multiSelect')).not.toContain('gte');
    expect(operatorsFor('switch')).toEqual(['eq', 'neq']);
    expect(operatorsFor('file')).toEqual(['empty', 'notEmpty']);
  });

  it('picks the value input for each field and comparison', () => {
    expect(conditionValueKind('number', 'range')).toBe('numberRange');
    expect(conditionValueKind('date', 'range')).toBe('dateRange');
    expect(conditionValueKind('datetime', 'gte')).toBe('datetime');
    expect(conditionValueKind('dateRange', 'gte')).toBe('date');
    expect(conditionValueKind('dateRange', 'contains')).toBe('date');
    expect(conditionValueKind('dateRange', 'eq')).toBe('dateRange');
    expect(conditionValueKind('select', 'eq')).toBe('option');
    expect(conditionValueKind('checkbox', 'contains')).toBe('option');
    expect(conditionValueKind('cascader', 'contains')).toBe('cascaderOption');
    expect(conditionValueKind('switch', 'eq')).toBe('boolean');
    expect(conditionValueKind('text', 'empty')).toBe('none');
  });

  it('keeps a value when the comparison changes within the same input and drops it otherwise', () => {
    const days = byId('days');
    const gte = { field: 'days', op: 'gte' as const, value: 3 };
    expect(withOperator(gte, days, 'lte')).toEqual({ field: 'days', op: 'lte', value: 3 });
    expect(withOperator(gte, days, 'range')).toEqual({ field: 'days', op: 'range' });
    expect(withOperator(gte, days, 'empty')).toEqual({ field: 'days', op: 'empty' });
    // A select starts on its first option, a switch on 是.
    expect(conditionFor(byId('kind'))).toEqual({ field: 'kind', op: 'eq', value: 'personal' });
    expect(conditionFor(byId('agree'))).toEqual({ field: 'agree', op: 'eq', value: true });
  });

  it('joins and splits ranges with 至, open ends allowed', () => {
    expect(joinRange('2026-01-01', '')).toBe('2026-01-01至');
    expect(joinRange(null, 5)).toBe('至5');
    expect(splitRange('1 至 9')).toEqual(['1', '9']);
    expect(splitRange(undefined)).toEqual(['', '']);
  });

  // One row per operator family: the rule the builder produces is a valid LinkageRule, passes the
  // schema check, and the shared evaluator reads it as the admin meant.
  const cases: Array<[string, LinkageRule, Record<string, unknown>, Record<string, unknown>]> = [
    ['text eq', built(byId('name'), 'eq', '张三'), { name: ' 张三 ' }, { name: '李四' }],
    ['text neq', built(byId('name'), 'neq', '张三'), { name: '李四' }, { name: '张三' }],
    ['textarea contains', built(byId('note'), 'contains', '发烧'), { note: '今天发烧了' }, { note: '头疼' }],
    ['textarea notContains', built(byId('note'), 'notContains', '发烧'), { note: '头疼' }, { note: '发烧' }],
    ['number gte (numbers as strings)', built(byId('days'), 'gte', 3), { days: '5' }, { days: 2 }],
    ['money lte', built(byId('fee'), 'lte', 100), { fee: 99.5 }, { fee: 100.01 }],
    ['number range', built(byId('days'), 'range', joinRange(1, 3)), { days: 3 }, { days: 4 }],
    ['number open range', built(byId('days'), 'range', joinRange(10, '')), { days: 11 }, { days: 9 }],
    ['date gte', built(byId('day'), 'gte', '2026-03-01'), { day: '2026-03-01' }, { day: '2026-02-28' }],
    [
      'date range',
      built(byId('day'), 'range', joinRange('2026-03-01', '2026-03-31')),
      { day: '2026-03-15' },
      { day: '2026-04-01' },
    ],
    [
      'datetime lte',
      built(byId('at'), 'lte', '2026-03-01 12:00:00'),
      { at: '2026-03-01 08:00:00' },
      { at: '2026-03-02 08:00:00' },
    ],
    [
      'dateRange range',
      built(byId('span'), 'range', joinRange('2026-03-01', '2026-03-31')),
      { span: '2026-03-02至2026-03-05' },
      { span: '2026-03-30至2026-04-02' },
    ],
    [
      'dateRange contains a date',
      built(byId('span'), 'contains', '2026-03-03'),
      { span: '2026-03-02至2026-03-05' },
      { span: '2026-03-04至2026-03-05' },
    ],
    [
      'dateRange eq',
      built(byId('span'), 'eq', '2026-03-02至2026-03-05'),
      { span: '2026-03-02至2026-03-05' },
      { span: '2026-03-02至2026-03-06' },
    ],
    ['select eq option', built(byId('kind'), 'eq', 'sick'), { kind: 'sick' }, { kind: 'personal' }],
    ['multiSelect contains option', built(byId('tags'), 'contains', 'b'), { tags: ['a', 'b'] }, { tags: ['a'] }],
    ['switch eq 是', built(byId('agree'), 'eq', true), { agree: true }, { agree: false }],
    ['cascader contains', built(byId('region'), 'contains', '1-1'), { region: ['1', '1-1'] }, { region: ['2', '2-1'] }],
    [
      'user contains name',
      built(byId('who'), 'contains', '王老师'),
      { who: [{ id: 7, name: '王老师' }] },
      { who: [{ id: 8, name: '李老师' }] },
    ],
    [
      'file notEmpty',
      built(byId('files'), 'notEmpty'),
      { files: [{ id: 'x', name: 'a.pdf', size: 1, url: '/resource/x' }] },
      { files: [] },
    ],
    ['text empty', built(byId('name'), 'empty'), { name: '  ' }, { name: '有' }],
  ];

  it.each(cases)('%s: a valid rule the evaluator applies', (_, rule, yes, no) => {
    expect(Value.Check(LinkageRule, rule)).toBe(true);
    expect(ruleProblems(rule, schemaWith(rule))).toEqual([]);
    expect(checkFormSchema(schemaWith(rule))).toEqual([]);
    expect(shown(rule, yes)).toBe(true);
    expect(shown(rule, no)).toBe(false);
  });

  it('names what is missing before a rule can be saved', () => {
    const rule: LinkageRule = {
      id: 'rule_x',
      match: 'any',
      conditions: [
        { field: 'days', op: 'range' },
        { field: 'gone', op: 'eq' },
      ],
      actions: [{ type: 'setValue', targets: [] }],
    };
    expect(ruleProblems(rule, schemaWith())).toEqual([
      '条件 1：请填写范围',
      '条件 2：请选择字段',
      '动作 1：请选择目标字段',
      '动作 1：请填写要赋的值',
    ]);
    expect(ruleProblems({ ...rule, conditions: [], actions: [] }, schemaWith())).toEqual([
      '请添加至少一个条件',
      '请添加至少一个动作',
    ]);
  });

  it('sets values only on fields it can fill, of one kind of value', () => {
    const schema = schemaWith();
    const settable = targetFields(schema, 'setValue').map((x) => x.id);
    expect(settable).toEqual(expect.arrayContaining(['name', 'days', 'kind', 'agree']));
    expect(settable).not.toContain('files');
    expect(settable).not.toContain('who');
    const action = withActionType({ type: 'show', targets: ['days', 'name', 'fee', 'files'] }, 'setValue', schema);
    expect(action).toEqual({ type: 'setValue', targets: ['days', 'fee'] });
    expect(withActionType({ type: 'setValue', targets: ['days'], value: 3 }, 'hide', schema)).toEqual({
      type: 'hide',
      targets: ['days'],
    });
  });

  it('a setValue rule built here fills its target through the evaluator', () => {
    const rule: LinkageRule = {
      id: 'rule_s',
      match: 'all',
      conditions: [conditionFor(byId('kind'))],
      actions: [{ type: 'setValue', targets: ['days'], value: 1 }],
    };
    expect(Value.Check(LinkageRule, rule)).toBe(true);
    expect(evaluateLinkage(schemaWith(rule), { kind: 'personal' }).values.days).toBe(1);
  });

  it('describes a rule in one Chinese sentence', () => {
    const rule = built(byId('kind'), 'eq', 'sick');
    expect(describeRule(rule, schemaWith(rule), RULE_OPERATOR_LABELS, RULE_ACTION_LABELS)).toBe(
      '当 kind 等于 病假 时，显示 target',
    );
  });
});
