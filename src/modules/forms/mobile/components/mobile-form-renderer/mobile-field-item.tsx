import { memo } from 'react';
import html from '@/core/ui/rich-text-editor.module.css';
import { useFieldFrame, type FieldItemProps, type FieldKit } from '@/modules/forms/components/field-frame';
import { MOBILE_FIELD_INPUTS } from './mobile-field-inputs';
import { MobileReadOnlyValue } from './mobile-read-only';
import { MobileSubTable } from './mobile-sub-table';
import s from './mobile-form-renderer.module.css';

const KIT: FieldKit = { inputs: MOBILE_FIELD_INPUTS, SubTable: MobileSubTable, ReadOnly: MobileReadOnlyValue };

/** One field on a phone: label above, input, message, help (the logic is useFieldFrame). Memoised like the desktop one. */
export const MobileFieldItem = memo(function MobileFieldItem(props: FieldItemProps) {
  const frame = useFieldFrame(props, KIT);
  const { field } = props;
  // Safe: rich text in form documents is sanitised by the server when the form is saved.
  if (field.type === 'richText')
    return <div className={`${s.richText} ${html.html}`} dangerouslySetInnerHTML={{ __html: field.content ?? '' }} />;
  if (field.type === 'divider')
    return field.label ? <div className={s.dividerTitle}>{field.label}</div> : <hr className={s.divider} />;

  return (
    <div className={`${s.item} ${frame.message ? s.itemInvalid : ''}`} data-field={field.id}>
      <label className={s.label} htmlFor={frame.id}>
        {frame.required && (
          <span className={s.star} aria-hidden>
            *
          </span>
        )}
        {field.label}
        {frame.required && <span className={s.srOnly}>（必填）</span>}
      </label>
      <div className={s.control}>{frame.control}</div>
      {frame.message && (
        <div className={s.error} role="alert">
          {frame.message}
        </div>
      )}
      {frame.help && <div className={`${s.help} ${html.html}`} dangerouslySetInnerHTML={{ __html: frame.help }} />}
    </div>
  );
});
