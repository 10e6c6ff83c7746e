import { useEffect, useState } from 'react';
import { MobileInput, MobileTextArea } from '@/core/ui/mobile-text-input';
import { FORM_LIMITS } from '@/shared/forms/schema';
import { toNumber } from '@/shared/forms/values';
import { placeholderOf, type FieldInputProps } from '@/modules/forms/components/field-input-props';
import s from './mobile-form-renderer.module.css';

const asText = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

/** Single-line text: emoji stripped as typed (spec section 5). */
export function MobileTextField({ field, value, onChange, disabled, id }: FieldInputProps) {
  return (
    <MobileInput
      id={id}
      className={s.input}
      value={asText(value)}
      disabled={disabled}
      clearable
      placeholder={placeholderOf(field, '请输入')}
      maxLength={field.maxLength ?? FORM_LIMITS.textLength}
      onChange={onChange}
    />
  );
}

export function MobileTextareaField({ field, value, onChange, disabled, id, compact }: FieldInputProps) {
  return (
    <MobileTextArea
      id={id}
      className={s.input}
      value={asText(value)}
      disabled={disabled}
      placeholder={placeholderOf(field, '请输入')}
      maxLength={field.maxLength ?? FORM_LIMITS.textareaLength}
      showCount={!!field.maxLength && !compact}
      autoSize={{ minRows: compact ? 1 : 3, maxRows: 10 }}
      onChange={onChange}
    />
  );
}

/**
 * Number and money on a numeric keyboard. The text being typed ('1.', '-') stays local until it
 * is a number; on leaving, the value is rounded to the field's places and kept within min/max.
 */
export function MobileNumberField({ field, value, onChange, disabled, id }: FieldInputProps) {
  const places = field.precision ?? (field.type === 'money' ? 2 : undefined);
  const n = toNumber(value);
  const [text, setText] = useState(n === null ? '' : String(n));
  // Follow changes made elsewhere (a rule's setValue, a restored draft).
  useEffect(() => {
    setText((t) => (toNumber(t) === n ? t : n === null ? '' : String(n)));
  }, [n]);

  const commit = () => {
    const v = toNumber(text);
    if (v === null) {
      if (text.trim() !== '') setText('');
      onChange(undefined);
      return;
    }
    let out = places === undefined ? v : Number(v.toFixed(places));
    if (field.min !== undefined && out < field.min) out = field.min;
    if (field.max !== undefined && out > field.max) out = field.max;
    setText(places === undefined ? String(out) : out.toFixed(places));
    onChange(out);
  };

  return (
    <div className={s.numberRow}>
      {field.type === 'money' && <span className={s.affix}>¥</span>}
      <MobileInput
        id={id}
        className={s.input}
        value={text}
        disabled={disabled}
        type="text"
        inputMode={places === 0 ? 'numeric' : 'decimal'}
        placeholder={placeholderOf(field, '请输入')}
        onChange={(v) => {
          const clean = v.replace(/[^\d.-]/g, '');
          setText(clean);
          const parsed = toNumber(clean);
          if (parsed !== null) onChange(parsed);
          else if (clean === '') onChange(undefined);
        }}
        onBlur={commit}
      />
      {field.unit && <span className={s.affix}>{field.unit}</span>}
    </div>
  );
}
