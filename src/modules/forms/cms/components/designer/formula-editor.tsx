import { useMemo, useRef } from 'react';
import { Form, Select, Space } from 'antd';
import type { InputRef } from 'antd';
import { checkFormSchema } from '@/shared/forms/check-schema';
import { FormulaError, parseFormula } from '@/shared/forms/formula';
import { DISPLAY_TYPES, allFields, type FormField, type FormSchema } from '@/shared/forms/schema';
import { TextInput } from '@/core/ui/text-input';
import s from './designer.module.css';

/** Fields a computed field's formula may be (number, money, single-line text, date). */
export const FORMULA_TYPES: readonly string[] = ['number', 'money', 'text', 'date'];
const NOT_IN_FORMULAS = new Set(['file', 'image', 'signature', 'user', 'department']);

/**
 * What is wrong with a formula, in Chinese: the shared parser's own message, then the shared
 * checker's (unknown fields and columns, a result of the wrong type, a cycle) — the same check the
 * server makes on save; '' when it is fine.
 */
export function formulaProblem(schema: FormSchema, field: FormField): string {
  if (!field.formula) return '';
  try {
    parseFormula(field.formula);
  } catch (e) {
    if (e instanceof FormulaError) return e.message;
    throw e;
  }
  const where = `字段「${field.label?.trim() || field.id}」的公式`;
  const mine = checkFormSchema(schema).filter((m) => m.startsWith(where) || m.startsWith('公式循环引用'));
  return mine.map((m) => m.replace(where, '公式').replace(/^公式有误：/, '')).join('；');
}

/** 计算公式: the formula with the fields to insert by name; checked as it is typed. */
export function FormulaEditor({
  field,
  schema,
  onChange,
}: {
  field: FormField;
  schema: FormSchema;
  onChange: (formula: string | undefined) => void;
}) {
  const input = useRef<InputRef>(null);
  const problem = useMemo(() => formulaProblem(schema, field), [schema, field]);
  const refs = useMemo(
    () =>
      allFields(schema)
        .filter((f) => f.id !== field.id && !DISPLAY_TYPES.includes(f.type) && !NOT_IN_FORMULAS.has(f.type))
        .flatMap((f) =>
          f.type === 'subTable'
            ? (f.columns ?? [])
                .filter((c) => c.type === 'number' || c.type === 'money')
                .map((c) => ({ value: `${f.id}.${c.id}`, label: `${f.label || f.id} · ${c.label || c.id}` }))
            : [{ value: f.id, label: f.label || f.id }],
        ),
    [schema, field.id],
  );
  const text = field.formula ?? '';
  const insert = (ref: string) => {
    const el = input.current?.input;
    const at = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? at;
    onChange((text.slice(0, at) + ref + text.slice(end)).slice(0, 500));
  };
  return (
    <Form.Item
      label="计算公式"
      validateStatus={problem ? 'error' : undefined}
      help={problem ? <span className={s.formulaError}>公式有误：{problem}</span> : undefined}
      extra={
        problem
          ? undefined
          : '按字段标识引用，如 DAYS(start, end) + 1、SUM(items.amount)、IF(a > 0, a, 0)；填写时自动计算且只读'
      }
    >
      <Space orientation="vertical" size={6} style={{ width: '100%' }}>
        <TextInput
          ref={input}
          aria-label="计算公式"
          placeholder="不计算（由填写人填写）"
          value={text}
          maxLength={500}
          onChange={(e) => onChange(e.target.value || undefined)}
        />
        <Select
          aria-label="插入字段"
          placeholder="插入字段引用"
          showSearch={{ optionFilterProp: 'label' }}
          value={null}
          options={refs}
          disabled={!refs.length}
          onChange={(v: string) => insert(v)}
        />
      </Space>
    </Form.Item>
  );
}
