import { Type, type Static } from 'typebox';

/**
 * The form document (issue 5): one definition for the designer, both renderers, the linkage
 * evaluator and the server's submission check. A form is a list of sections, each holding
 * fields in 1–4 columns, plus linkage rules. Values are plain JSON (see FormValue below) so a
 * submission is stored, compared and exported the same way everywhere.
 */

export const FORM_LIMITS = {
  fields: 400,
  sections: 60,
  rules: 200,
  options: 500,
  subTableColumns: 30,
  subTableRows: 500,
  labelLength: 60,
  textLength: 2000,
  textareaLength: 20000,
  richTextLength: 200_000,
  fileMaxMb: 50,
  filesPerField: 20,
} as const;

export const FIELD_TYPES = [
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
  'cascader',
  'user',
  'department',
  'file',
  'image',
  'signature',
  'subTable',
  'richText',
  'divider',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Types that hold no value (display only). */
export const DISPLAY_TYPES: readonly FieldType[] = ['richText', 'divider'];
/** Types allowed as sub-table columns. */
export const COLUMN_TYPES: readonly FieldType[] = [
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

/** A field id: the key of its value in a submission and in rules. */
export const FIELD_ID_PATTERN = '^[A-Za-z][A-Za-z0-9_]{0,39}$';
const FieldId = Type.String({ pattern: FIELD_ID_PATTERN });
const Label = Type.String({ maxLength: FORM_LIMITS.labelLength });

export const FieldOption = Type.Object({
  label: Type.String({ minLength: 1, maxLength: 100 }),
  value: Type.String({ minLength: 1, maxLength: 100 }),
});
export type FieldOption = Static<typeof FieldOption>;

/** Cascader options as a flat list: `parent` names the value of the option above ('' or absent = top level). */
export const CascaderOption = Type.Object({
  label: Type.String({ minLength: 1, maxLength: 100 }),
  value: Type.String({ minLength: 1, maxLength: 100 }),
  parent: Type.Optional(Type.String({ maxLength: 100 })),
});
export type CascaderOption = Static<typeof CascaderOption>;

/** Format presets of text fields (issue 24 item 5). */
export const TEXT_PRESETS = ['mobile', 'idCard', 'email', 'studentNo'] as const;
export type TextPreset = (typeof TEXT_PRESETS)[number];
export const TEXT_PRESET_LABELS: Record<TextPreset, string> = {
  mobile: '手机号',
  idCard: '身份证号',
  email: '邮箱',
  studentNo: '学号',
};

/** Properties of the signed-in user a default value may come from. */
export const USER_DEFAULT_PROPS = ['realName', 'userNo', 'department', 'phone'] as const;
export type UserDefaultProp = (typeof USER_DEFAULT_PROPS)[number];

export const FieldDefault = Type.Union([
  Type.Object({ kind: Type.Literal('static'), value: Type.Unknown() }),
  Type.Object({ kind: Type.Literal('user'), prop: Type.Enum(USER_DEFAULT_PROPS) }),
]);
export type FieldDefault = Static<typeof FieldDefault>;

const FieldProps = {
  id: FieldId,
  // Type.Enum keeps the literal types (a Union of a mapped array types as never).
  type: Type.Enum(FIELD_TYPES),
  label: Label,
  placeholder: Type.Optional(Type.String({ maxLength: 100 })),
  /** Help under the field: sanitised rich text (HTML). */
  help: Type.Optional(Type.String({ maxLength: 20_000 })),
  /** Columns of its section the field spans (1 up to the section's columns). */
  span: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
  required: Type.Optional(Type.Boolean()),
  readOnly: Type.Optional(Type.Boolean()),
  /** Hidden until a rule shows it. */
  hidden: Type.Optional(Type.Boolean()),
  default: Type.Optional(FieldDefault),
  // Limits: text length (text, textarea), value (number, money), rows are on the sub-table.
  minLength: Type.Optional(Type.Integer({ minimum: 0, maximum: FORM_LIMITS.textareaLength })),
  maxLength: Type.Optional(Type.Integer({ minimum: 1, maximum: FORM_LIMITS.textareaLength })),
  min: Type.Optional(Type.Number()),
  max: Type.Optional(Type.Number()),
  /** A JavaScript regular expression (no flags) the text must match, and the message when it does not. */
  pattern: Type.Optional(Type.String({ maxLength: 300 })),
  patternMessage: Type.Optional(Type.String({ maxLength: 100 })),
  /** No two submissions of this form may hold the same value. */
  unique: Type.Optional(Type.Boolean()),
  /** text: a format preset checked besides `pattern` (issue 24): 手机号, 身份证号 (GB 11643 checksum), 邮箱, 学号. */
  preset: Type.Optional(Type.Enum(TEXT_PRESETS)),
  /**
   * number, money, text, date: a computed field (formula.ts), read-only, evaluated live in the fill
   * pages and again on the server, which ignores the value the client sent.
   */
  formula: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
  /** number, money: decimal places (money defaults to 2); unit shown after the input. */
  precision: Type.Optional(Type.Integer({ minimum: 0, maximum: 6 })),
  unit: Type.Optional(Type.String({ maxLength: 10 })),
  options: Type.Optional(Type.Array(FieldOption, { maxItems: FORM_LIMITS.options })),
  cascaderOptions: Type.Optional(Type.Array(CascaderOption, { maxItems: 5000 })),
  /** user, department: more than one may be picked. */
  multiple: Type.Optional(Type.Boolean()),
  /** user: who may be picked — people of these departments (and below), holding one of these roles; each list given limits. */
  pickScope: Type.Optional(
    Type.Object({
      departmentIds: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 50 })),
      roleCodes: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 20 })),
    }),
  ),
  /** file, image: allowed extensions without the dot ('pdf'); empty = any the server accepts. */
  accept: Type.Optional(Type.Array(Type.String({ pattern: '^[a-z0-9]{1,10}$' }), { maxItems: 30 })),
  maxSizeMb: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: FORM_LIMITS.fileMaxMb })),
  maxCount: Type.Optional(Type.Integer({ minimum: 1, maximum: FORM_LIMITS.filesPerField })),
  /** richText: the block's sanitised HTML; divider: an optional section title in `label`. */
  content: Type.Optional(Type.String({ maxLength: FORM_LIMITS.richTextLength })),
};

/** A sub-table column: a simple field. */
export const ColumnField = Type.Object(FieldProps);
export type ColumnField = Static<typeof ColumnField>;

export const FormField = Type.Object({
  ...FieldProps,
  /** subTable: its columns, row limits, and the columns whose sums show under the table. */
  columns: Type.Optional(Type.Array(ColumnField, { maxItems: FORM_LIMITS.subTableColumns })),
  minRows: Type.Optional(Type.Integer({ minimum: 0, maximum: FORM_LIMITS.subTableRows })),
  maxRows: Type.Optional(Type.Integer({ minimum: 1, maximum: FORM_LIMITS.subTableRows })),
  sumColumns: Type.Optional(Type.Array(FieldId, { maxItems: FORM_LIMITS.subTableColumns })),
});
export type FormField = Static<typeof FormField>;

export const FormSection = Type.Object({
  id: FieldId,
  title: Type.String({ maxLength: FORM_LIMITS.labelLength }),
  columns: Type.Integer({ minimum: 1, maximum: 4 }),
  fields: Type.Array(FormField, { maxItems: FORM_LIMITS.fields }),
});
export type FormSection = Static<typeof FormSection>;

// --- linkage rules (spec section 5) -----------------------------------------------------------

export const RULE_OPERATORS = [
  'eq',
  'neq',
  'contains',
  'notContains',
  'empty',
  'notEmpty',
  'gte',
  'lte',
  'range',
] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];
/** Chinese names the rule builder shows. */
export const RULE_OPERATOR_LABELS: Record<RuleOperator, string> = {
  eq: '等于',
  neq: '不等于',
  contains: '包含',
  notContains: '不包含',
  empty: '为空',
  notEmpty: '不为空',
  gte: '大于等于',
  lte: '小于等于',
  range: '介于',
};

export const RULE_ACTIONS = ['show', 'hide', 'require', 'readOnly', 'setValue'] as const;
export type RuleActionType = (typeof RULE_ACTIONS)[number];
export const RULE_ACTION_LABELS: Record<RuleActionType, string> = {
  show: '显示',
  hide: '隐藏',
  require: '设为必填',
  readOnly: '设为只读',
  setValue: '赋值',
};

/**
 * One comparison. `value` is what the field is compared with: a string or number for eq/neq/
 * contains/gte/lte; for `range` a 'start至end' string (dates, or numbers) — either end may be
 * empty for an open range. empty/notEmpty take no value.
 */
export const RuleCondition = Type.Object({
  field: FieldId,
  op: Type.Enum(RULE_OPERATORS),
  value: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Number(), Type.Boolean()])),
});
export type RuleCondition = Static<typeof RuleCondition>;

export const RuleAction = Type.Object({
  type: Type.Enum(RULE_ACTIONS),
  targets: Type.Array(FieldId, { minItems: 1, maxItems: FORM_LIMITS.fields }),
  /** setValue: the value given to every target. */
  value: Type.Optional(Type.Unknown()),
});
export type RuleAction = Static<typeof RuleAction>;

export const LinkageRule = Type.Object({
  id: FieldId,
  /** all: every condition holds; any: at least one does. */
  match: Type.Union([Type.Literal('all'), Type.Literal('any')]),
  conditions: Type.Array(RuleCondition, { minItems: 1, maxItems: 20 }),
  actions: Type.Array(RuleAction, { minItems: 1, maxItems: 20 }),
});
export type LinkageRule = Static<typeof LinkageRule>;

// --- cross-field checks (issue 24 item 5) ------------------------------------------------------

/**
 * gte/lte/gt/lt: the field compared with another field (`other`) or a fixed value (`value`: a
 * number or a 'YYYY-MM-DD' date) — end ≥ start, total ≤ budget, not before 2026-09-01;
 * notPast: a date not before today (China time); maxDays: at most `days` days from `other` to the
 * field (or across the field's own date range when `other` is absent).
 */
export const CHECK_OPS = ['gte', 'lte', 'gt', 'lt', 'notPast', 'maxDays'] as const;
export type CheckOp = (typeof CHECK_OPS)[number];
export const CHECK_OP_LABELS: Record<CheckOp, string> = {
  gte: '不早于/不小于',
  lte: '不晚于/不大于',
  gt: '晚于/大于',
  lt: '早于/小于',
  notPast: '不能早于今天',
  maxDays: '相隔不超过（天）',
};

export const CrossCheck = Type.Object({
  id: FieldId,
  field: FieldId,
  op: Type.Enum(CHECK_OPS),
  other: Type.Optional(FieldId),
  value: Type.Optional(Type.Union([Type.Number(), Type.String({ maxLength: 20 })])),
  days: Type.Optional(Type.Integer({ minimum: 0, maximum: 3650 })),
  /** Shown under the field when the check fails; a default names the fields. */
  message: Type.Optional(Type.String({ maxLength: 100 })),
});
export type CrossCheck = Static<typeof CrossCheck>;

export const FORM_SCHEMA_FORMAT = 1;

/** The whole form document, as the designer saves it and a version freezes it. */
export const FormSchema = Type.Object({
  format: Type.Literal(FORM_SCHEMA_FORMAT),
  sections: Type.Array(FormSection, { minItems: 1, maxItems: FORM_LIMITS.sections }),
  rules: Type.Array(LinkageRule, { maxItems: FORM_LIMITS.rules }),
  /** Cross-field rules and date limits, enforced live and on the server. */
  checks: Type.Optional(Type.Array(CrossCheck, { maxItems: 50 })),
  /** Text of the submit button (default 提交). */
  submitText: Type.Optional(Type.String({ maxLength: 20 })),
});
export type FormSchema = Static<typeof FormSchema>;

// --- values -------------------------------------------------------------------------------------

/** A picked user or department, with the name shown when it was picked. */
export interface PickedRef {
  id: number;
  name: string;
}
/** An uploaded file (file, image, signature): an id of the uploads store and its public address. */
export interface FileRef {
  id: string;
  name: string;
  size: number;
  url: string;
}

/**
 * A field's value by type:
 * - text, textarea, select, radio: string; number, money: number (a numeric string is accepted
 *   on input and normalised); switch: boolean;
 * - date 'YYYY-MM-DD'; datetime 'YYYY-MM-DD HH:mm:ss'; dateRange 'YYYY-MM-DD至YYYY-MM-DD';
 * - multiSelect, checkbox: string[]; cascader: string[] (the path of values from the top);
 * - user, department: PickedRef[]; file, image: FileRef[]; signature: FileRef (a PNG);
 * - subTable: Array<Record<columnId, value>>; richText, divider: no value.
 * Empty is undefined, null, '', [] (and for a sub-table, no rows).
 */
export type FormValue =
  | string
  | number
  | boolean
  | string[]
  | PickedRef[]
  | FileRef[]
  | FileRef
  | Array<Record<string, unknown>>
  | null
  | undefined;
export type FormValues = Record<string, unknown>;

/** The separator of date ranges and range rule values (spec section 5). */
export const RANGE_SEPARATOR = '至';

/** Every field of a form, in order (sections flattened; sub-table columns not included). */
export function allFields(schema: FormSchema): FormField[] {
  return schema.sections.flatMap((s) => s.fields);
}
