import { memo } from 'react';
import { Form } from 'antd';
import html from '@/core/ui/rich-text-editor.module.css';
import { useFieldFrame, type FieldItemProps, type FieldKit } from '@/modules/forms/components/field-frame';
import { DividerBlock, RichTextBlock } from './display-fields';
import { FIELD_INPUTS } from './field-inputs';
import { ReadOnlyValue } from './read-only-value';
import { SubTableField } from './sub-table-field';
import s from './form-renderer.module.css';

const KIT: FieldKit = { inputs: FIELD_INPUTS, SubTable: SubTableField, ReadOnly: ReadOnlyValue };

/**
 * One field with its label, help and message in an antd Form.Item (the logic is useFieldFrame).
 * Memoised: with 200 fields a keystroke re-renders the field typed in (and those a rule touched),
 * not the whole form.
 */
export const FieldItem = memo(function FieldItem(props: FieldItemProps) {
  const frame = useFieldFrame(props, KIT);
  const { field } = props;
  if (field.type === 'richText') return <RichTextBlock field={field} />;
  if (field.type === 'divider') return <DividerBlock field={field} />;
  return (
    <Form.Item
      className={s.item}
      label={field.label}
      htmlFor={frame.id}
      required={frame.required}
      validateStatus={frame.message ? 'error' : undefined}
      help={frame.message}
      // Field help is sanitised rich text, like description blocks.
      extra={
        frame.help ? (
          <div className={`${html.html} ${s.help}`} dangerouslySetInnerHTML={{ __html: frame.help }} />
        ) : undefined
      }
    >
      {frame.control}
    </Form.Item>
  );
});
