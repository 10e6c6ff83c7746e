import { useEffect, useState, type ReactNode } from 'react';
import { Checkbox, Divider, Form, InputNumber, Segmented, Select, Space, Switch } from 'antd';
import {
  DISPLAY_TYPES,
  FORM_LIMITS,
  TEXT_PRESETS,
  TEXT_PRESET_LABELS,
  USER_DEFAULT_PROPS,
  type ColumnField,
  type FieldDefault,
  type FieldType,
  type FormField,
  type FormSchema,
  type TextPreset,
  type UserDefaultProp,
} from '@/shared/forms/schema';
import { TextInput } from '@/core/ui/text-input';
import type { FieldPatch } from '@/modules/forms/cms/designer/designer-state';
import {
  CHOICE_TYPES,
  FIELD_TYPE_LABELS,
  NUMBER_TYPES,
  TEXT_TYPES,
  UPLOAD_TYPES,
  isValidId,
} from '@/modules/forms/cms/designer/field-catalog';
import { CascaderOptionsEditor, OptionsEditor } from './options-editor';
import { RichTextProperty } from './rich-text-property';
import { ColumnsEditor } from './columns-editor';
import { TypedValueInput, staticValueKind } from './value-inputs';
import { FORMULA_TYPES, FormulaEditor } from './formula-editor';
import s from './designer.module.css';

const USER_PROP_LABELS: Record<UserDefaultProp, string> = {
  realName: '当前用户姓名',
  userNo: '当前用户学工号',
  department: '当前用户部门',
  phone: '当前用户电话',
};
const UNIQUE_TYPES: readonly FieldType[] = ['text', 'number', 'money', 'date', 'datetime'];
const PLACEHOLDER_TYPES: readonly FieldType[] = [
  'text',
  'textarea',
  'number',
  'money',
  'date',
  'datetime',
  'select',
  'multiSelect',
  'cascader',
  'user',
  'department',
];

export interface FieldPropertiesProps {
  field: FormField | ColumnField;
  /** Columns of the section (the span choices); absent for a sub-table column. */
  columns?: number;
  /** Ids in use elsewhere in the form (or the sub-table), for the id check. */
  isIdTaken: (id: string) => boolean;
  /** `key` groups keystrokes of one input into one undo step. */
  onPatch: (patch: FieldPatch, key?: string) => void;
  /** A sub-table column: no span, default, hidden, unique or nested tables. */
  asColumn?: boolean;
  /** The whole form (a top-level field's 计算公式 names the others); absent for a sub-table column. */
  schema?: FormSchema;
}

const num = (v: number | null | undefined) => (v === null || v === undefined ? undefined : v);

/** The id input: checked and applied on blur or Enter, so a half-typed id never renames rules. */
function IdInput({
  id,
  isIdTaken,
  onCommit,
}: {
  id: string;
  isIdTaken: (id: string) => boolean;
  onCommit: (id: string) => void;
}) {
  const [text, setText] = useState(id);
  useEffect(() => setText(id), [id]);
  const error =
    text === id
      ? ''
      : !isValidId(text)
        ? '以字母开头，只含字母、数字和下划线，最多 40 位'
        : isIdTaken(text)
          ? '该标识已被其他字段使用'
          : '';
  const commit = () => {
    if (text !== id && !error) onCommit(text);
  };
  return (
    <Form.Item
      label="字段标识"
      validateStatus={error ? 'error' : undefined}
      help={error || undefined}
      extra={error ? undefined : '提交数据和联动规则按此标识引用字段'}
    >
      <TextInput
        aria-label="字段标识"
        value={text}
        maxLength={40}
        onChange={(e) => setText(e.target.value.trim())}
        onBlur={commit}
        onPressEnter={commit}
      />
    </Form.Item>
  );
}

function DefaultEditor({
  field,
  onPatch,
}: {
  field: FormField | ColumnField;
  onPatch: FieldPropertiesProps['onPatch'];
}) {
  const kind = staticValueKind(field.type);
  const allowUser = TEXT_TYPES.includes(field.type);
  if (!kind) return null;
  const d = field.default;
  const mode = !d ? 'none' : d.kind === 'user' ? `user:${d.prop}` : 'static';
  const options = [
    { value: 'none', label: '无' },
    { value: 'static', label: '固定值' },
    ...(allowUser ? USER_DEFAULT_PROPS.map((p) => ({ value: `user:${p}`, label: USER_PROP_LABELS[p] })) : []),
  ];
  const setMode = (m: string) => {
    if (m === 'none') onPatch({ default: undefined });
    else if (m === 'static')
      onPatch({ default: { kind: 'static', value: field.type === 'switch' ? false : undefined } as FieldDefault });
    else onPatch({ default: { kind: 'user', prop: m.slice(5) as UserDefaultProp } });
  };
  return (
    <Form.Item label="默认值">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Select aria-label="默认值来源" value={mode} options={options} onChange={setMode} />
        {d?.kind === 'static' && (
          <TypedValueInput
            field={field}
            kind={kind}
            aria-label="默认值"
            value={d.value}
            onChange={(v) => onPatch({ default: { kind: 'static', value: v } }, `${field.id}.default`)}
          />
        )}
      </Space>
    </Form.Item>
  );
}

function Limits({
  field,
  onPatch,
  asColumn,
}: {
  field: FormField | ColumnField;
  onPatch: FieldPropertiesProps['onPatch'];
  asColumn?: boolean;
}) {
  const t = field.type;
  const items: ReactNode[] = [];
  const k = (p: string) => `${field.id}.${p}`;
  if (TEXT_TYPES.includes(t)) {
    const cap = t === 'text' ? FORM_LIMITS.textLength : FORM_LIMITS.textareaLength;
    items.push(
      <Form.Item key="len" label="字数限制">
        <div className={s.row}>
          <InputNumber
            aria-label="最少字数"
            placeholder="最少"
            min={0}
            max={cap}
            precision={0}
            value={field.minLength}
            onChange={(v) => onPatch({ minLength: num(v) }, k('minLength'))}
          />
          <span>—</span>
          <InputNumber
            aria-label="最多字数"
            placeholder={`最多 ${cap}`}
            min={1}
            max={cap}
            precision={0}
            value={field.maxLength}
            onChange={(v) => onPatch({ maxLength: num(v) }, k('maxLength'))}
          />
        </div>
      </Form.Item>,
    );
    if (t === 'text')
      items.push(
        <Form.Item key="preset" label="格式" extra="常用格式，与下方正则表达式一并校验">
          <Select
            aria-label="格式"
            allowClear
            placeholder="不限格式"
            value={field.preset}
            options={TEXT_PRESETS.map((p) => ({ value: p, label: TEXT_PRESET_LABELS[p] }))}
            onChange={(preset?: TextPreset) => onPatch({ preset: preset ?? undefined })}
          />
        </Form.Item>,
      );
    let patternError = '';
    if (field.pattern) {
      try {
        new RegExp(field.pattern);
      } catch {
        patternError = '不是有效的正则表达式';
      }
    }
    items.push(
      <Form.Item
        key="pattern"
        label="格式校验（正则表达式）"
        validateStatus={patternError ? 'error' : undefined}
        help={patternError || undefined}
        extra={patternError ? undefined : '例如手机号：^1\\d{10}$'}
      >
        <TextInput
          aria-label="正则表达式"
          placeholder="不校验格式"
          value={field.pattern ?? ''}
          maxLength={300}
          onChange={(e) => onPatch({ pattern: e.target.value || undefined }, k('pattern'))}
        />
      </Form.Item>,
    );
    if (field.pattern) {
      items.push(
        <Form.Item key="patternMessage" label="格式不符时的提示">
          <TextInput
            aria-label="格式提示"
            placeholder="格式不正确"
            value={field.patternMessage ?? ''}
            maxLength={100}
            onChange={(e) => onPatch({ patternMessage: e.target.value || undefined }, k('patternMessage'))}
          />
        </Form.Item>,
      );
    }
  }
  if (NUMBER_TYPES.includes(t)) {
    items.push(
      <Form.Item key="range" label="取值范围">
        <div className={s.row}>
          <InputNumber
            aria-label="最小值"
            placeholder="最小值"
            value={field.min}
            onChange={(v) => onPatch({ min: num(v) }, k('min'))}
          />
          <span>—</span>
          <InputNumber
            aria-label="最大值"
            placeholder="最大值"
            value={field.max}
            onChange={(v) => onPatch({ max: num(v) }, k('max'))}
          />
        </div>
      </Form.Item>,
      <Form.Item key="precision" label="小数位数">
        <div className={s.row}>
          <InputNumber
            aria-label="小数位数"
            min={0}
            max={6}
            precision={0}
            placeholder={t === 'money' ? '2' : '0'}
            value={field.precision}
            onChange={(v) => onPatch({ precision: num(v) }, k('precision'))}
          />
          <span className={s.muted}>单位</span>
          <TextInput
            aria-label="单位"
            style={{ width: 96 }}
            placeholder="如 元、天"
            value={field.unit ?? ''}
            maxLength={10}
            onChange={(e) => onPatch({ unit: e.target.value || undefined }, k('unit'))}
          />
        </div>
      </Form.Item>,
    );
  }
  if (t === 'multiSelect' || t === 'checkbox') {
    items.push(
      <Form.Item key="count" label="选择数量">
        <div className={s.row}>
          <InputNumber
            aria-label="最少选择"
            placeholder="最少"
            min={0}
            precision={0}
            value={field.min}
            onChange={(v) => onPatch({ min: num(v) }, k('min'))}
          />
          <span>—</span>
          <InputNumber
            aria-label="最多选择"
            placeholder="最多"
            min={1}
            precision={0}
            value={field.max}
            onChange={(v) => onPatch({ max: num(v) }, k('max'))}
          />
        </div>
      </Form.Item>,
    );
  }
  if (CHOICE_TYPES.includes(t)) {
    items.push(
      <Form.Item key="options" label="选项">
        <OptionsEditor value={field.options ?? []} onChange={(options) => onPatch({ options }, k('options'))} />
      </Form.Item>,
    );
  }
  if (t === 'cascader') {
    items.push(
      <Form.Item key="cascader" label="级联选项">
        <CascaderOptionsEditor
          value={field.cascaderOptions ?? []}
          onChange={(cascaderOptions) => onPatch({ cascaderOptions }, k('cascader'))}
        />
      </Form.Item>,
    );
  }
  if (t === 'user' || t === 'department') {
    items.push(
      <Form.Item key="multiple" label={t === 'user' ? '可选多人' : '可选多个部门'}>
        <Switch
          aria-label="可多选"
          checked={!!field.multiple}
          onChange={(v) => onPatch({ multiple: v || undefined })}
        />
      </Form.Item>,
    );
  }
  if (UPLOAD_TYPES.includes(t)) {
    if (t !== 'signature') {
      items.push(
        <Form.Item
          key="accept"
          label="允许的文件类型"
          extra={t === 'image' ? '留空则接受 jpg、png、gif、webp' : '留空则接受系统支持的所有类型'}
        >
          <Select
            aria-label="允许的文件类型"
            mode="tags"
            placeholder="输入扩展名后回车，如 pdf"
            value={field.accept ?? []}
            tokenSeparators={[',', '，', ' ']}
            onChange={(v: string[]) => {
              const clean = [
                ...new Set(
                  v.map((x) => x.trim().toLowerCase().replace(/^\./, '')).filter((x) => /^[a-z0-9]{1,10}$/.test(x)),
                ),
              ];
              onPatch({ accept: clean.length ? clean : undefined });
            }}
          />
        </Form.Item>,
        <Form.Item key="count" label="数量上限">
          <InputNumber
            aria-label="最多文件数"
            min={1}
            max={FORM_LIMITS.filesPerField}
            precision={0}
            value={field.maxCount}
            onChange={(v) => onPatch({ maxCount: num(v) }, k('maxCount'))}
          />
        </Form.Item>,
      );
    }
    items.push(
      <Form.Item key="size" label="单个文件大小上限（MB）">
        <InputNumber
          aria-label="文件大小上限"
          min={0.1}
          max={FORM_LIMITS.fileMaxMb}
          value={field.maxSizeMb}
          placeholder="10"
          onChange={(v) => onPatch({ maxSizeMb: num(v) }, k('maxSizeMb'))}
        />
      </Form.Item>,
    );
  }
  if (t === 'subTable' && !asColumn) {
    const f = field as FormField;
    const numeric = (f.columns ?? []).filter((c) => NUMBER_TYPES.includes(c.type));
    items.push(
      <Form.Item key="columns" label="子表列">
        <ColumnsEditor
          value={f.columns ?? []}
          onChange={(columns, renamed) => {
            // Sums follow a renamed column and drop columns that are gone or no longer numeric.
            const sums = f.sumColumns
              ?.map((id) => (id === renamed?.from ? renamed.to : id))
              .filter((id) => columns.some((c) => c.id === id && NUMBER_TYPES.includes(c.type)));
            onPatch({ columns, sumColumns: sums?.length ? sums : undefined }, k('columns'));
          }}
        />
      </Form.Item>,
      <Form.Item key="rows" label="行数限制">
        <div className={s.row}>
          <InputNumber
            aria-label="最少行数"
            placeholder="最少"
            min={0}
            max={FORM_LIMITS.subTableRows}
            precision={0}
            value={f.minRows}
            onChange={(v) => onPatch({ minRows: num(v) }, k('minRows'))}
          />
          <span>—</span>
          <InputNumber
            aria-label="最多行数"
            placeholder="最多"
            min={1}
            max={FORM_LIMITS.subTableRows}
            precision={0}
            value={f.maxRows}
            onChange={(v) => onPatch({ maxRows: num(v) }, k('maxRows'))}
          />
        </div>
      </Form.Item>,
      <Form.Item
        key="sums"
        label="合计列"
        extra={numeric.length ? '在表格下方显示这些列的合计' : '添加数字或金额列后可设置合计'}
      >
        <Select
          aria-label="合计列"
          mode="multiple"
          disabled={!numeric.length}
          placeholder="不显示合计"
          value={f.sumColumns ?? []}
          options={numeric.map((c) => ({ value: c.id, label: c.label }))}
          onChange={(v: string[]) => onPatch({ sumColumns: v.length ? v : undefined })}
        />
      </Form.Item>,
    );
  }
  if (t === 'richText') {
    items.push(
      <Form.Item key="content" label="说明内容">
        <RichTextProperty
          title="说明内容"
          value={field.content}
          maxLength={FORM_LIMITS.richTextLength}
          emptyText="尚未填写说明内容"
          onChange={(content) => onPatch({ content })}
        />
      </Form.Item>,
    );
  }
  return items.length ? <>{items}</> : null;
}

/** Every property of one field (or one sub-table column), by its type. */
export function FieldProperties({ field, columns, isIdTaken, onPatch, asColumn, schema }: FieldPropertiesProps) {
  const t = field.type;
  const display = DISPLAY_TYPES.includes(t);
  const k = (p: string) => `${field.id}.${p}`;
  return (
    <Form layout="vertical" component="div" size="small" className={s.fieldForm}>
      <div className={s.panelHeading}>
        <strong>{FIELD_TYPE_LABELS[t]}</strong>
      </div>
      <Form.Item
        label={t === 'divider' ? '分组标题' : '字段名称'}
        validateStatus={field.label.trim() || t === 'divider' || t === 'richText' ? undefined : 'error'}
        help={!field.label.trim() && !display ? '请填写字段名称' : undefined}
      >
        <TextInput
          aria-label="字段名称"
          value={field.label}
          maxLength={FORM_LIMITS.labelLength}
          showCount
          onChange={(e) => onPatch({ label: e.target.value }, k('label'))}
        />
      </Form.Item>
      <IdInput id={field.id} isIdTaken={isIdTaken} onCommit={(id) => onPatch({ id })} />
      {PLACEHOLDER_TYPES.includes(t) && (
        <Form.Item label="占位提示">
          <TextInput
            aria-label="占位提示"
            placeholder="输入框内的灰色提示"
            value={field.placeholder ?? ''}
            maxLength={100}
            onChange={(e) => onPatch({ placeholder: e.target.value || undefined }, k('placeholder'))}
          />
        </Form.Item>
      )}
      {!asColumn && columns !== undefined && columns > 1 && (
        <Form.Item label="宽度">
          <Segmented
            aria-label="宽度"
            value={Math.min((field as FormField).span ?? 1, columns)}
            options={Array.from({ length: columns }, (_, i) => ({
              value: i + 1,
              label: i + 1 === columns ? '整行' : `${i + 1}/${columns}`,
            }))}
            onChange={(v) => onPatch({ span: Number(v) })}
          />
        </Form.Item>
      )}
      {!display && (
        <Form.Item label="状态">
          <Space orientation="vertical" size={4}>
            <Checkbox checked={!!field.required} onChange={(e) => onPatch({ required: e.target.checked || undefined })}>
              必填
            </Checkbox>
            <Checkbox checked={!!field.readOnly} onChange={(e) => onPatch({ readOnly: e.target.checked || undefined })}>
              只读（填写人不能修改）
            </Checkbox>
            {!asColumn && (
              <Checkbox checked={!!field.hidden} onChange={(e) => onPatch({ hidden: e.target.checked || undefined })}>
                默认隐藏（由联动规则显示）
              </Checkbox>
            )}
            {!asColumn && UNIQUE_TYPES.includes(t) && (
              <Checkbox checked={!!field.unique} onChange={(e) => onPatch({ unique: e.target.checked || undefined })}>
                不允许重复提交相同的值
              </Checkbox>
            )}
          </Space>
        </Form.Item>
      )}
      {!asColumn && schema && FORMULA_TYPES.includes(t) && (
        <FormulaEditor
          field={field as FormField}
          schema={schema}
          onChange={(formula) => onPatch({ formula }, k('formula'))}
        />
      )}
      {!asColumn && <DefaultEditor field={field} onPatch={onPatch} />}
      <Limits field={field} onPatch={onPatch} asColumn={asColumn} />
      {!display && (
        <>
          <Divider style={{ margin: '8px 0 12px' }} />
          <Form.Item label="帮助说明">
            <RichTextProperty
              title="帮助说明"
              value={field.help}
              maxLength={20_000}
              emptyText="显示在输入框下方的说明（可选）"
              onChange={(help) => onPatch({ help })}
            />
          </Form.Item>
        </>
      )}
    </Form>
  );
}
