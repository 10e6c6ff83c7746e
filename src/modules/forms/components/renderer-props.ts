import type { FileRef, FormSchema, FormValues } from '@/shared/forms/schema';
import type { FieldError } from '@/shared/forms/validate';
import type { PickableDepartment, PickableUser } from '../contract';

/** What a renderer may call to pick users and departments (absent on a public page without a session). */
export interface FormPickers {
  /** People the user field `fieldId` offers for the keyword. */
  searchUsers(keyword: string, fieldId: string): Promise<PickableUser[]>;
  departments(): Promise<PickableDepartment[]>;
}

/**
 * The props both renderers take (desktop antd, phone antd-mobile): the contract D (designer
 * preview) and E (summaries) code against. Kit-free so either face can import it.
 */
export interface BaseRendererProps {
  schema: FormSchema;
  values: FormValues;
  /** Omitted in readOnly mode. */
  onChange?: (values: FormValues) => void;
  /** 'fill' = editable inputs; 'readOnly' = every value as text (a stored submission, a preview of one). */
  mode?: 'fill' | 'readOnly';
  /** Field messages from the server (0x00000101 data.fields) or the client-side validateSubmission. */
  errors?: FieldError[];
  /** Uploads (file/image/signature). Absent → upload fields show '预览中不可上传' and are disabled. */
  upload?: (fieldId: string, file: File) => Promise<FileRef>;
  /** Pickers (user/department). Absent → pickers disabled with '登录后可选择'. */
  pickers?: FormPickers;
}

export type { FieldError, FileRef, FormSchema, FormValues, PickableDepartment, PickableUser };
