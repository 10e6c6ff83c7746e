import type { BaseRendererProps } from '@/modules/forms/components/renderer-props';

/** The phone (antd-mobile) renderer's props: the same as the desktop one, without `width`. */
export type MobileFormRendererProps = BaseRendererProps;

export { MobileFormRenderer } from './mobile-form-renderer';
export type {
  FieldError,
  FileRef,
  FormPickers,
  FormSchema,
  FormValues,
  PickableDepartment,
  PickableUser,
} from '@/modules/forms/components/renderer-props';
