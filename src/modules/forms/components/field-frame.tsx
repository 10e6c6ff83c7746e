import { useCallback, type ComponentType, type ReactNode } from 'react';
import type { FieldType, FormField } from '@/shared/forms/schema';
import type { FieldError } from '@/shared/forms/validate';
import { fieldMessage } from './field-errors';
import type { FieldInputProps } from './field-input-props';
import { useRenderer } from './renderer-context';

/** What a renderer hands each field item (desktop and phone alike). */
export interface FieldItemProps {
  field: FormField;
  value: unknown;
  /** After linkage rules. */
  required: boolean;
  locked: boolean;
  errors: readonly FieldError[];
  setField: (id: string, value: unknown) => void;
}

/** A sub-table's props: a field input's, plus its cell messages and the form's read-only mode. */
export interface SubTableProps extends FieldInputProps<FormField> {
  errors: readonly FieldError[];
  readOnly: boolean;
}

/** The components of one UI kit a field item chooses from. */
export interface FieldKit {
  inputs: Partial<Record<FieldType, ComponentType<FieldInputProps>>>;
  SubTable: ComponentType<SubTableProps>;
  ReadOnly: ComponentType<{ field: FormField; value: unknown }>;
}

/** What the frame around one field shows, whichever kit draws it. */
export interface FieldFrame {
  /** The control's id, which the label points at. */
  id: string;
  /** The field's own message (cell messages stay in the sub-table). */
  message: string | undefined;
  /** Show the required mark: a rule or the field says so, and the form is being filled. */
  required: boolean;
  /** Help text (rich text the server sanitised when the form was saved), only while filling. */
  help: string | undefined;
  /** The kit's input for the field's type, its sub-table, or the value as text on a read-only form. */
  control: ReactNode;
}

/**
 * The logic of a field item, kit-free: the control for the field's type and mode, the id the label
 * points at, the message, the required mark and the help. The kit file lays these out.
 */
export function useFieldFrame({ field, value, required, locked, errors, setField }: FieldItemProps, kit: FieldKit) {
  const { idPrefix, readOnly } = useRenderer();
  const onChange = useCallback((v: unknown) => setField(field.id, v), [setField, field.id]);
  const id = `${idPrefix}-${field.id}`;
  const message = fieldMessage(errors);
  const Input = kit.inputs[field.type];
  let control: ReactNode = null;
  if (field.type === 'subTable')
    control = (
      <kit.SubTable
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
  else if (readOnly) control = <kit.ReadOnly field={field} value={value} />;
  else if (Input)
    control = <Input field={field} value={value} onChange={onChange} disabled={locked} id={id} invalid={!!message} />;
  const frame: FieldFrame = {
    id,
    message,
    required: required && !readOnly,
    help: field.help && !readOnly ? field.help : undefined,
    control,
  };
  return frame;
}
