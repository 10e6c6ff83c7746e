import {
  FIELD_ID_PATTERN,
  type ColumnField,
  type FieldType,
  type FormField,
  type FormSchema,
  type FormSection,
  type LinkageRule,
} from '@/shared/forms/schema';

/**
 * What the designer's palette offers: every field type, grouped, with the Chinese name the
 * admin sees and the starting properties a new field gets.
 */
export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: '单行文本',
  textarea: '多行文本',
  number: '数字',
  money: '金额',
  date: '日期',
  datetime: '日期时间',
  dateRange: '日期范围',
  select: '下拉单选',
  multiSelect: '下拉多选',
  radio: '单选框',
  checkbox: '复选框',
  switch: '开关',
  cascader: '级联选择',
  user: '人员选择',
  department: '部门选择',
  file: '附件上传',
  image: '图片上传',
  signature: '手写签名',
  subTable: '明细子表',
  richText: '说明文字',
  divider: '分组标题',
};

export const PALETTE_GROUPS: ReadonlyArray<{ title: string; types: readonly FieldType[] }> = [
  { title: '基础', types: ['text', 'textarea', 'number', 'money'] },
  { title: '选择', types: ['select', 'multiSelect', 'radio', 'checkbox', 'switch', 'cascader'] },
  { title: '日期', types: ['date', 'datetime', 'dateRange'] },
  { title: '人员与部门', types: ['user', 'department'] },
  { title: '附件与签名', types: ['file', 'image', 'signature'] },
  { title: '布局', types: ['subTable', 'richText', 'divider'] },
];

/** Types that take the whole row when dropped (the reducer clamps to the section's columns). */
const FULL_WIDTH: readonly FieldType[] = ['textarea', 'subTable', 'richText', 'divider'];

export const CHOICE_TYPES: readonly FieldType[] = ['select', 'multiSelect', 'radio', 'checkbox'];
export const TEXT_TYPES: readonly FieldType[] = ['text', 'textarea'];
export const NUMBER_TYPES: readonly FieldType[] = ['number', 'money'];
export const UPLOAD_TYPES: readonly FieldType[] = ['file', 'image', 'signature'];

const idPattern = new RegExp(FIELD_ID_PATTERN);
export const isValidId = (id: string) => idPattern.test(id);

/** A fresh id `prefix_xxxx` not in `taken` (4 base-36 characters; longer if the form is crowded). */
export function newId(
  prefix: 'field' | 'section' | 'rule' | 'col',
  taken: ReadonlySet<string>,
  random: () => number = Math.random,
): string {
  for (let len = 4; ; len++) {
    for (let attempt = 0; attempt < 20; attempt++) {
      let s = '';
      for (let i = 0; i < len; i++) s += '0123456789abcdefghijklmnopqrstuvwxyz'[Math.floor(random() * 36)];
      const id = `${prefix}_${s}`;
      if (!taken.has(id)) return id;
    }
  }
}

/** Every id a form uses (fields, sections, rules, sub-table columns), so a new one never collides. */
export function idsOf(schema: FormSchema): Set<string> {
  const ids = new Set<string>();
  for (const s of schema.sections) {
    ids.add(s.id);
    for (const f of s.fields) {
      ids.add(f.id);
      for (const c of f.columns ?? []) ids.add(c.id);
    }
  }
  for (const r of schema.rules) ids.add(r.id);
  return ids;
}

const defaultOptions = () => [1, 2, 3].map((n) => ({ label: `选项${n}`, value: String(n) }));

/** A new column of a sub-table. */
export function createColumn(type: FieldType, taken: ReadonlySet<string>, random?: () => number): ColumnField {
  const column: ColumnField = { id: newId('col', taken, random), type, label: FIELD_TYPE_LABELS[type] };
  if (CHOICE_TYPES.includes(type)) column.options = defaultOptions();
  if (type === 'money') column.precision = 2;
  return column;
}

/** A new field of this type with sensible starting properties. */
export function createField(type: FieldType, taken: ReadonlySet<string>, random?: () => number): FormField {
  const field: FormField = {
    id: newId('field', taken, random),
    type,
    label: FIELD_TYPE_LABELS[type],
    span: FULL_WIDTH.includes(type) ? 4 : 1,
  };
  switch (type) {
    case 'select':
    case 'multiSelect':
    case 'radio':
    case 'checkbox':
      field.options = defaultOptions();
      break;
    case 'cascader':
      field.cascaderOptions = [
        { label: '选项1', value: '1' },
        { label: '选项1-1', value: '1-1', parent: '1' },
        { label: '选项2', value: '2' },
        { label: '选项2-1', value: '2-1', parent: '2' },
      ];
      break;
    case 'money':
      field.precision = 2;
      field.unit = '元';
      break;
    case 'file':
      field.maxCount = 5;
      field.maxSizeMb = 10;
      break;
    case 'image':
      field.accept = ['jpg', 'jpeg', 'png'];
      field.maxCount = 9;
      field.maxSizeMb = 10;
      break;
    case 'subTable': {
      const ids = new Set(taken);
      ids.add(field.id);
      const name = createColumn('text', ids, random);
      name.label = '名称';
      ids.add(name.id);
      const amount = createColumn('number', ids, random);
      amount.label = '数量';
      field.columns = [name, amount];
      field.minRows = 1;
      break;
    }
    case 'richText':
      field.label = '说明';
      field.content = '<p>在此填写说明文字</p>';
      break;
    case 'divider':
      field.label = '分组标题';
      break;
    default:
      break;
  }
  return field;
}

export function createSection(taken: ReadonlySet<string>, n: number, random?: () => number): FormSection {
  return { id: newId('section', taken, random), title: `分区${n}`, columns: 2, fields: [] };
}

export function createRule(schema: FormSchema, random?: () => number): LinkageRule {
  return { id: newId('rule', idsOf(schema), random), match: 'all', conditions: [], actions: [] };
}

/** A new, empty form document (one section). */
export function emptySchema(): FormSchema {
  return { format: 1, sections: [{ id: 'section_main', title: '基本信息', columns: 2, fields: [] }], rules: [] };
}
