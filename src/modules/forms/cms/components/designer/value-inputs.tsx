import { Cascader, DatePicker, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { RANGE_SEPARATOR, type ColumnField, type FieldType, type FormField } from '@/shared/forms/schema';
import { TextInput } from '@/core/ui/text-input';
import { cascaderTree } from '@/modules/forms/components/option-trees';
import { joinRange, splitRange, type ValueKind } from '@/modules/forms/cms/designer/rule-logic';

/**
 * Inputs for values an admin types into the designer (default values, rule comparisons,
 * values a rule assigns), each producing the stored form of its type: 'YYYY-MM-DD',
 * 'start至end', numbers, option values, booleans.
 */

const DATE = 'YYYY-MM-DD';
const DATETIME = 'YYYY-MM-DD HH:mm:ss';

const toDay = (v: unknown, format: string): Dayjs | null => {
  if (typeof v !== 'string' || !v.trim()) return null;
  const d = dayjs(v.trim(), format);
  return d.isValid() ? d : dayjs(v.trim()).isValid() ? dayjs(v.trim()) : null;
};

/** The value kind of a field's own value (its default, or what setValue gives it); null = no typed value. */
export function staticValueKind(type: FieldType): ValueKind | 'options' | 'cascaderPath' | null {
  switch (type) {
    case 'text':
    case 'textarea':
      return 'text';
    case 'number':
    case 'money':
      return 'number';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    case 'dateRange':
      return 'dateRange';
    case 'select':
    case 'radio':
      return 'option';
    case 'multiSelect':
    case 'checkbox':
      return 'options';
    case 'switch':
      return 'boolean';
    case 'cascader':
      return 'cascaderPath';
    default:
      return null;
  }
}

interface Props {
  field: FormField | ColumnField;
  kind: ValueKind | 'options' | 'cascaderPath';
  value: unknown;
  onChange: (value: unknown) => void;
  'aria-label'?: string;
  width?: number | string;
}

/** One value input of the given kind, for the given field (its options, its precision). */
export function TypedValueInput({ field, kind, value, onChange, width = '100%', ...rest }: Props) {
  const label = rest['aria-label'];
  const style = { width };
  const optionList = (field.options ?? []).map((o) => ({ value: o.value, label: o.label }));
  switch (kind) {
    case 'none':
      return null;
    case 'text':
      return (
        <TextInput
          style={style}
          aria-label={label}
          placeholder="请输入"
          value={typeof value === 'string' ? value : value === undefined ? '' : String(value)}
          onChange={(e) => onChange(e.target.value)}
          maxLength={500}
        />
      );
    case 'number':
      return (
        <InputNumber
          style={style}
          aria-label={label}
          placeholder="请输入数字"
          value={
            typeof value === 'number'
              ? value
              : typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))
                ? Number(value)
                : null
          }
          precision={field.precision}
          onChange={(v) => onChange(v ?? undefined)}
        />
      );
    case 'numberRange': {
      const [a, b] = splitRange(value);
      const num = (x: string) => (x === '' || Number.isNaN(Number(x)) ? null : Number(x));
      return (
        <span style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}>
          <InputNumber
            aria-label={label ? `${label}（最小）` : '最小值'}
            placeholder="最小"
            value={num(a)}
            onChange={(v) => onChange(joinRange(v ?? '', b))}
          />
          <span>{RANGE_SEPARATOR}</span>
          <InputNumber
            aria-label={label ? `${label}（最大）` : '最大值'}
            placeholder="最大"
            value={num(b)}
            onChange={(v) => onChange(joinRange(a, v ?? ''))}
          />
        </span>
      );
    }
    case 'date':
    case 'datetime': {
      const format = kind === 'date' ? DATE : DATETIME;
      return (
        <DatePicker
          style={style}
          aria-label={label}
          showTime={kind === 'datetime'}
          value={toDay(value, format)}
          onChange={(d) => onChange(d ? d.format(format) : undefined)}
        />
      );
    }
    case 'dateRange':
    case 'datetimeRange': {
      const format = kind === 'dateRange' ? DATE : DATETIME;
      const [a, b] = splitRange(value);
      return (
        <DatePicker.RangePicker
          style={style}
          aria-label={label}
          showTime={kind === 'datetimeRange'}
          allowEmpty={[true, true]}
          value={[toDay(a, format), toDay(b, format)]}
          onChange={(range) => {
            const start = range?.[0]?.format(format) ?? '';
            const end = range?.[1]?.format(format) ?? '';
            onChange(start || end ? joinRange(start, end) : undefined);
          }}
        />
      );
    }
    case 'option':
      return (
        <Select
          style={style}
          aria-label={label}
          placeholder="请选择"
          allowClear
          options={optionList}
          value={typeof value === 'string' ? value : undefined}
          onChange={(v?: string) => onChange(v)}
        />
      );
    case 'options':
      return (
        <Select
          style={style}
          aria-label={label}
          mode="multiple"
          placeholder="请选择"
          options={optionList}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={(v: string[]) => onChange(v.length ? v : undefined)}
        />
      );
    case 'cascaderOption':
      return (
        <Select
          style={style}
          aria-label={label}
          placeholder="请选择"
          showSearch={{ optionFilterProp: 'label' }}
          options={(field.cascaderOptions ?? []).map((o) => ({ value: o.value, label: o.label }))}
          value={typeof value === 'string' ? value : undefined}
          onChange={(v: string) => onChange(v)}
        />
      );
    case 'cascaderPath':
      return (
        <Cascader
          style={style}
          aria-label={label}
          placeholder="请选择"
          options={cascaderTree(field.cascaderOptions)}
          changeOnSelect
          value={Array.isArray(value) ? (value as string[]) : undefined}
          onChange={(v) => onChange(v && v.length ? (v as string[]) : undefined)}
        />
      );
    case 'boolean':
      return (
        <Select
          style={style}
          aria-label={label}
          options={[
            { value: 'true', label: '是（开启）' },
            { value: 'false', label: '否（关闭）' },
          ]}
          value={value === true ? 'true' : value === false ? 'false' : undefined}
          placeholder="请选择"
          onChange={(v: string) => onChange(v === 'true')}
        />
      );
    default:
      return null;
  }
}
