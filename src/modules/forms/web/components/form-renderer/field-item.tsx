import { memo, useCallback } from 'react';
import { Form } from 'antd';
import type { FormField } from '@/shared/forms/schema';
import type { FieldError } from '@/shared/forms/validate';
import html from '@/core/ui/rich-text-editor.module.css';
import { fieldMessage } from '@/modules/forms/components/field-errors';
import { DividerBlock, RichTextBlock } from './display-fields';
import { FIELD_INPUTS } from './field-inputs';
import { ReadOnlyValue } from './read-only-value';
import { useRenderer } from '@/modules/forms/components/renderer-context';
import { SubTableField } from './sub-table-field';
import s from './form-renderer.module.css';

interface Props {
  field: FormField;
  value: unknown;
  /** After linkage rules. */
  required: boolean;
  locked: boolean;
  errors: readonly FieldError[];
  setField: (id: string, value: unknown) => void;
}

/**
 * One field with its label, help and message. Memoised: with 200 fields a keystroke re-renders
 * the field typed in (and those a rule touched), not the whole form.
 */
export const FieldItem = memo(function FieldItem({ field, value, required, locked, errors, setField }: Props) {
  const { idPrefix, readOnly } = useRenderer();
  const onChange = useCallback((v: unknown) => setField(field.id, v), [setField, field.id]);
  if (field.type === 'richText') return <RichTextBlock field={field} />;
  if (field.type === 'divider') return <DividerBlock field={field} />;

  const id = `${idPrefix}-${field.id}`;
  const message = fieldMessage(errors);
  const Input = FIELD_INPUTS[field.type];
  let control;
  if (field.type === 'subTable') {
    control = (
      <SubTableField
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
  } else if (readOnly) {
    control = <ReadOnlyValue field={field} value={value} />;
  } else if (Input) {
    control = <Input field={field} value={value} onChange={onChange} disabled={locked} id={id} invalid={!!message} />;
  } else {
    control = null;
  }
  return (
    <Form.Item
      className={s.item}
      label={field.label}
      htmlFor={id}
      required={required && !readOnly}
      validateStatus={message ? 'error' : undefined}
      help={message}
      // Field help is sanitised rich text, like description blocks.
      extra={
        field.help && !readOnly ? (
          <div className={`${html.html} ${s.help}`} dangerouslySetInnerHTML={{ __html: field.help }} />
        ) : undefined
      }
    >
      {control}
    </Form.Item>
  );
});
