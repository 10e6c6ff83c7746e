import type { ColumnField, FormField, FormSchema, LinkageRule } from '@/shared/forms/schema';

/** Small form documents for the renderers' tests. */
export function schemaOf(fields: FormField[], rules: LinkageRule[] = [], columns = 1): FormSchema {
  return { format: 1, sections: [{ id: 'main', title: '基本信息', columns, fields }], rules };
}

export const field = (
  id: string,
  type: FormField['type'],
  label: string,
  extra: Partial<FormField> = {},
): FormField => ({ id, type, label, ...extra });
export const column = (
  id: string,
  type: ColumnField['type'],
  label: string,
  extra: Partial<ColumnField> = {},
): ColumnField => ({ id, type, label, ...extra });

export const OPTIONS = [
  { label: '事假', value: 'personal' },
  { label: '病假', value: 'sick' },
  { label: '出差', value: 'trip' },
];

/** A leave request: the type decides whether the expense table shows and whether a reason is required. */
export const leaveSchema = schemaOf(
  [
    field('name', 'text', '姓名', { required: true, maxLength: 20 }),
    field('kind', 'select', '请假类型', { options: OPTIONS, required: true }),
    field('reason', 'textarea', '请假事由'),
    field('days', 'number', '天数', { min: 0.5, max: 30, precision: 1, unit: '天' }),
    field('costs', 'subTable', '差旅费用', {
      hidden: true,
      minRows: 1,
      maxRows: 3,
      columns: [column('item', 'text', '项目', { required: true }), column('amount', 'money', '金额')],
      sumColumns: ['amount'],
    }),
  ],
  [
    {
      id: 'r1',
      match: 'all',
      conditions: [{ field: 'kind', op: 'eq', value: 'trip' }],
      actions: [{ type: 'show', targets: ['costs'] }],
    },
    {
      id: 'r2',
      match: 'all',
      conditions: [{ field: 'kind', op: 'eq', value: 'sick' }],
      actions: [
        { type: 'require', targets: ['reason'] },
        { type: 'setValue', targets: ['days'], value: 1 },
      ],
    },
  ],
);
