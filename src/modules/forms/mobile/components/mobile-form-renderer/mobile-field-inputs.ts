import type { ComponentType } from 'react';
import type { FieldType } from '@/shared/forms/schema';
import type { FieldInputProps } from '@/modules/forms/components/field-input-props';
import {
  MobileCascaderField,
  MobileCheckboxField,
  MobileMultiSelectField,
  MobileRadioField,
  MobileSelectField,
  MobileSwitchField,
} from './mobile-choice-fields';
import { MobileDateField, MobileDateRangeField } from './mobile-date-fields';
import { MobileDepartmentField, MobileUserField } from './mobile-picker-fields';
import { MobileNumberField, MobileTextareaField, MobileTextField } from './mobile-text-fields';
import { MobileFileField, MobileImageField, MobileSignatureField } from './mobile-upload-fields';

/** The phone input of each value type (sub-tables and display blocks are laid out by the field item). */
export const MOBILE_FIELD_INPUTS: Partial<Record<FieldType, ComponentType<FieldInputProps>>> = {
  text: MobileTextField,
  textarea: MobileTextareaField,
  number: MobileNumberField,
  money: MobileNumberField,
  date: MobileDateField,
  datetime: MobileDateField,
  dateRange: MobileDateRangeField,
  select: MobileSelectField,
  multiSelect: MobileMultiSelectField,
  radio: MobileRadioField,
  checkbox: MobileCheckboxField,
  switch: MobileSwitchField,
  cascader: MobileCascaderField,
  user: MobileUserField,
  department: MobileDepartmentField,
  file: MobileFileField,
  image: MobileImageField,
  signature: MobileSignatureField,
};
