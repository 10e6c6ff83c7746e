import { useMemo, useState } from 'react';
import { Button, Cascader, CheckList, Checkbox, Picker, Popup, Radio, Space, Switch } from 'antd-mobile';
import { formatValue } from '@/shared/forms/values';
import { cascaderTree } from '@/modules/forms/components/option-trees';
import { placeholderOf, type FieldInputProps } from '@/modules/forms/components/field-input-props';
import { PickerTrigger } from './picker-trigger';
import s from './mobile-form-renderer.module.css';

const asString = (v: unknown) => (typeof v === 'string' ? v : '');
const asStrings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** Single select: a wheel picker in a bottom sheet. */
export function MobileSelectField({ field, value, onChange, disabled, id }: FieldInputProps) {
  const [open, setOpen] = useState(false);
  const columns = useMemo(
    () => [(field.options ?? []).map((o) => ({ label: o.label, value: o.value }))],
    [field.options],
  );
  const current = asString(value);
  return (
    <>
      <PickerTrigger
        id={id}
        text={formatValue(field, current)}
        placeholder={placeholderOf(field, '请选择')}
        disabled={disabled}
        onOpen={() => setOpen(true)}
        onClear={() => onChange('')}
      />
      <Picker
        columns={columns}
        visible={open}
        title={field.label}
        value={current ? [current] : []}
        onClose={() => setOpen(false)}
        onConfirm={(v) => onChange(v[0] === null || v[0] === undefined ? '' : String(v[0]))}
      />
    </>
  );
}

/** Multiple select: a checked list in a bottom sheet; each tap counts at once. */
export function MobileMultiSelectField({ field, value, onChange, disabled, id }: FieldInputProps) {
  const [open, setOpen] = useState(false);
  const picked = asStrings(value);
  return (
    <>
      <PickerTrigger
        id={id}
        text={formatValue(field, picked)}
        placeholder={placeholderOf(field, '请选择')}
        disabled={disabled}
        onOpen={() => setOpen(true)}
        onClear={() => onChange([])}
      />
      <Popup visible={open} onMaskClick={() => setOpen(false)} bodyClassName={s.sheet}>
        <div className={s.sheetHeader}>
          <span className={s.sheetTitle}>{field.label}</span>
          <Button size="small" color="primary" fill="none" onClick={() => setOpen(false)}>
            完成
          </Button>
        </div>
        <div className={s.sheetBody}>
          <CheckList multiple value={picked} onChange={(v) => onChange(v.map(String))}>
            {(field.options ?? []).map((o) => (
              <CheckList.Item key={o.value} value={o.value}>
                {o.label}
              </CheckList.Item>
            ))}
          </CheckList>
        </div>
      </Popup>
    </>
  );
}

export function MobileRadioField({ field, value, onChange, disabled, id }: FieldInputProps) {
  return (
    <div id={id} role="radiogroup" aria-label={field.label}>
      <Radio.Group value={asString(value) || undefined} disabled={disabled} onChange={(v) => onChange(String(v))}>
        <Space direction="vertical" block className={s.choices}>
          {(field.options ?? []).map((o) => (
            <Radio key={o.value} value={o.value} className={s.choice}>
              {o.label}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
    </div>
  );
}

export function MobileCheckboxField({ field, value, onChange, disabled, id }: FieldInputProps) {
  return (
    <div id={id} role="group" aria-label={field.label}>
      <Checkbox.Group value={asStrings(value)} disabled={disabled} onChange={(v) => onChange(v.map(String))}>
        <Space direction="vertical" block className={s.choices}>
          {(field.options ?? []).map((o) => (
            <Checkbox key={o.value} value={o.value} className={s.choice}>
              {o.label}
            </Checkbox>
          ))}
        </Space>
      </Checkbox.Group>
    </div>
  );
}

export function MobileSwitchField({ field, value, onChange, disabled }: FieldInputProps) {
  return (
    <Switch
      aria-label={field.label}
      checked={value === true}
      disabled={disabled}
      checkedText="是"
      uncheckedText="否"
      onChange={(v) => onChange(v)}
    />
  );
}

/** Cascader (e.g. region): one tab per level in a bottom sheet. */
export function MobileCascaderField({ field, value, onChange, disabled, id }: FieldInputProps) {
  const [open, setOpen] = useState(false);
  const options = useMemo(() => cascaderTree(field.cascaderOptions), [field.cascaderOptions]);
  const path = asStrings(value);
  return (
    <>
      <PickerTrigger
        id={id}
        text={formatValue(field, path)}
        placeholder={placeholderOf(field, '请选择')}
        disabled={disabled}
        onOpen={() => setOpen(true)}
        onClear={() => onChange([])}
      />
      <Cascader
        options={options}
        visible={open}
        title={field.label}
        value={path}
        onClose={() => setOpen(false)}
        onConfirm={(v) => onChange(v.filter((x) => x !== null && x !== undefined).map(String))}
      />
    </>
  );
}
