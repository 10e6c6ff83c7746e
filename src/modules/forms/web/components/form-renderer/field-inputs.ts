import type { ComponentType } from 'react';
import type { FieldType } from '@/shared/forms/schema';
import { CascaderField, CheckboxField, RadioField, SelectField, SwitchField } from './choice-fields';
import { DateField, DateRangeField } from './date-fields';
import { DepartmentField, UserField } from './picker-fields';
import { SignatureField } from './signature-pad';
import { NumberField, TextareaField, TextField } from './text-fields';
import { UploadField } from './upload-fields';
import type { FieldInputProps } from '@/modules/forms/components/field-input-props';

/** The input of each value type (sub-tables and display blocks are laid out by field-item). */
export const FIELD_INPUTS: Partial<Record<FieldType, ComponentType<FieldInputProps>>> = {
  text: TextField,
  textarea: TextareaField,
  number: NumberField,
  money: NumberField,
  date: DateField,
  datetime: DateField,
  dateRange: DateRangeField,
  select: SelectField,
  multiSelect: SelectField,
  radio: RadioField,
  checkbox: CheckboxField,
  switch: SwitchField,
  cascader: CascaderField,
  user: UserField,
  department: DepartmentField,
  file: UploadField,
  image: UploadField,
  signature: SignatureField,
};
