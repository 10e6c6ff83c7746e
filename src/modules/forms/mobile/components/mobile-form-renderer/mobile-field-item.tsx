import { memo, useCallback } from 'react';
import type { FormField } from '@/shared/forms/schema';
import type { FieldError } from '@/shared/forms/validate';
import html from '@/core/ui/rich-text-editor.module.css';
import { fieldMessage } from '@/modules/forms/components/field-errors';
import { useRenderer } from '@/modules/forms/components/renderer-context';
import { MOBILE_FIELD_INPUTS } from './mobile-field-inputs';
import { MobileReadOnlyValue } from './mobile-read-only';
import { MobileSubTable } from './mobile-sub-table';
import s from './mobile-form-renderer.module.css';

interface Props {
  field: FormField;
  value: unknown;
  required: boolean;
  locked: boolean;
  errors: readonly FieldError[];
  setField: (id: string, value: unknown) => void;
}

/** One field on a phone: label above, input, message, help. Memoised like the desktop one. */
export const MobileFieldItem = memo(function MobileFieldItem({
  field,
  value,
  required,
  locked,
  errors,
  setField,
}: Props) {
  const { idPrefix, readOnly } = useRenderer();
  const onChange = useCallback((v: unknown) => setField(field.id, v), [setField, field.id]);
  // Safe: rich text in form documents is sanitised by the server when the form is saved.
  if (field.type === 'richText')
    return <div className={`${s.richText} ${html.html}`} dangerouslySetInnerHTML={{ __html: field.content ?? '' }} />;
  if (field.type === 'divider')
    return field.label ? <div className={s.dividerTitle}>{field.label}</div> : <hr className={s.divider} />;

  const id = `${idPrefix}-${field.id}`;
  const message = fieldMessage(errors);
  const Input = MOBILE_FIELD_INPUTS[field.type];
  let control = null;
  if (field.type === 'subTable')
    control = (
      <MobileSubTable
        field={field}
        value={value}
        onChange={onChange}
        disabled={locked}
        id={id}
        invalid={!!message}
        errors={errors}
        readOnly={readOnly}
      />
    );
  else if (readOnly) control = <MobileReadOnlyValue field={field} value={value} />;
  else if (Input)
    control = <Input field={field} value={value} onChange={onChange} disabled={locked} id={id} invalid={!!message} />;

  return (
    <div className={`${s.item} ${message ? s.itemInvalid : ''}`} data-field={field.id}>
      <label className={s.label} htmlFor={id}>
        {required && !readOnly && (
          <span className={s.star} aria-hidden>
            *
          </span>
        )}
        {field.label}
        {required && !readOnly && <span className={s.srOnly}>（必填）</span>}
      </label>
      <div className={s.control}>{control}</div>
      {message && (
        <div className={s.error} role="alert">
          {message}
        </div>
      )}
      {field.help && !readOnly && (
        <div className={`${s.help} ${html.html}`} dangerouslySetInnerHTML={{ __html: field.help }} />
      )}
    </div>
  );
});
