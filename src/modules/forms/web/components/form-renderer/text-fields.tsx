import { InputNumber } from 'antd';
import { FORM_LIMITS } from '@/shared/forms/schema';
import { TextArea, TextInput } from '@/core/ui/text-input';
import { placeholderOf, type FieldInputProps } from '@/modules/forms/components/field-input-props';
import s from './form-renderer.module.css';

const asText = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

/** Numbers may arrive as numeric strings (defaults, drafts); the input wants a number. */
export function asNumber(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
}

/** Single-line text: emoji stripped as typed (spec section 5). */
export function TextField({ field, value, onChange, disabled, id, invalid }: FieldInputProps) {
  return (
    <TextInput
      id={id}
      value={asText(value)}
      disabled={disabled}
      status={invalid ? 'error' : undefined}
      placeholder={placeholderOf(field, '请输入')}
      maxLength={field.maxLength ?? FORM_LIMITS.textLength}
      showCount={!!field.maxLength}
      allowClear={!disabled}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

export function TextareaField({ field, value, onChange, disabled, id, invalid, compact }: FieldInputProps) {
  return (
    <TextArea
      id={id}
      value={asText(value)}
      disabled={disabled}
      status={invalid ? 'error' : undefined}
      placeholder={placeholderOf(field, '请输入')}
      maxLength={field.maxLength ?? FORM_LIMITS.textareaLength}
      showCount={!!field.maxLength && !compact}
      autoSize={compact ? { minRows: 1, maxRows: 4 } : { minRows: 3, maxRows: 12 }}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** Number and money: the field's precision (money: 2 places), its limits and unit. */
export function NumberField({ field, value, onChange, disabled, id, invalid }: FieldInputProps) {
  const precision = field.precision ?? (field.type === 'money' ? 2 : undefined);
  return (
    <InputNumber<number>
      id={id}
      className={s.number}
      value={asNumber(value)}
      disabled={disabled}
      status={invalid ? 'error' : undefined}
      placeholder={placeholderOf(field, '请输入')}
      precision={precision}
      min={field.min}
      max={field.max}
      prefix={field.type === 'money' ? '¥' : undefined}
      suffix={field.unit || undefined}
      onChange={(v) => onChange(v === null ? undefined : v)}
    />
  );
}
