import type { BaseRendererProps } from '@/modules/forms/components/renderer-props';

/** The desktop (antd) renderer's props: the shared contract plus a forced width class for the designer's preview. */
export interface FormRendererProps extends BaseRendererProps {
  /** Force a layout width class (designer preview): 'desktop' | 'phone'. Default: from the container. */
  width?: 'desktop' | 'phone';
}

export { FormRenderer } from './form-renderer';
export type {
  FieldError,
  FileRef,
  FormPickers,
  FormSchema,
  FormValues,
  PickableDepartment,
  PickableUser,
} from '@/modules/forms/components/renderer-props';
