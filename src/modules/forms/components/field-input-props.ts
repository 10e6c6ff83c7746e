import type { ColumnField, FormField } from '@/shared/forms/schema';

/** The props every field input gets: a field (or a sub-table column), its value and its one setter. */
export interface FieldInputProps<F extends ColumnField = ColumnField> {
  field: F;
  value: unknown;
  onChange: (value: unknown) => void;
  /** A read-only field (its own flag or a rule) shows a disabled input. */
  disabled: boolean;
  id: string;
  invalid: boolean;
  /** Inside a sub-table cell: compact, no placeholders from the label. */
  compact?: boolean;
}

export type TopFieldInputProps = FieldInputProps<FormField>;

export const placeholderOf = (field: ColumnField, verb: '请输入' | '请选择') =>
  field.placeholder || `${verb}${field.label}`;
