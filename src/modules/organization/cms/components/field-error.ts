import type { FormInstance } from 'antd';
import { HttpError } from '@/core/http';

/**
 * Puts a server's field error (0x00000101 with data.field) under that form field. The request
 * layer has already shown the toast; this keeps the message next to the input too.
 */
export function applyFieldError(form: FormInstance, err: unknown): void {
  if (!(err instanceof HttpError)) return;
  const field = (err.data as { data?: { field?: unknown } } | null)?.data?.field;
  if (typeof field === 'string' && field && form.getFieldInstance(field) !== undefined) {
    form.setFields([{ name: field, errors: [err.message] }]);
  }
}
