import { useMemo } from 'react';
import { Cascader, Checkbox, Radio, Select, Switch } from 'antd';
import { cascaderTree } from '@/modules/forms/components/option-trees';
import { placeholderOf, type FieldInputProps } from '@/modules/forms/components/field-input-props';
import s from './form-renderer.module.css';

const asString = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
const asStrings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export function SelectField({ field, value, onChange, disabled, id, invalid }: FieldInputProps) {
  const multiple = field.type === 'multiSelect';
  return (
    <Select
      id={id}
      className={s.full}
      mode={multiple ? 'multiple' : undefined}
      value={multiple ? asStrings(value) : asString(value)}
      disabled={disabled}
      status={invalid ? 'error' : undefined}
      placeholder={placeholderOf(field, '请选择')}
      options={field.options ?? []}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      onChange={(v: string | string[] | undefined) => onChange(multiple ? (v ?? []) : (v ?? ''))}
    />
  );
}

export function RadioField({ field, value, onChange, disabled, id }: FieldInputProps) {
  return (
    <Radio.Group
      id={id}
      value={asString(value)}
      disabled={disabled}
      options={field.options ?? []}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

export function CheckboxField({ field, value, onChange, disabled, id }: FieldInputProps) {
  return (
    <div id={id}>
      <Checkbox.Group
        value={asStrings(value)}
        disabled={disabled}
        options={field.options ?? []}
        onChange={(v) => onChange(v as string[])}
      />
    </div>
  );
}

export function SwitchField({ field, value, onChange, disabled, id }: FieldInputProps) {
  return (
    <Switch
      id={id}
      aria-label={field.label}
      checked={value === true}
      disabled={disabled}
      checkedChildren="是"
      unCheckedChildren="否"
      onChange={(v) => onChange(v)}
    />
  );
}

export function CascaderField({ field, value, onChange, disabled, id, invalid }: FieldInputProps) {
  const options = useMemo(() => cascaderTree(field.cascaderOptions), [field.cascaderOptions]);
  const path = asStrings(value);
  return (
    <Cascader
      id={id}
      className={s.full}
      options={options}
      value={path.length ? path : undefined}
      disabled={disabled}
      status={invalid ? 'error' : undefined}
      placeholder={placeholderOf(field, '请选择')}
      changeOnSelect={false}
      showSearch
      onChange={(v) => onChange(((v ?? []) as Array<string | number>).map(String))}
    />
  );
}
