import type { FormInstance } from 'antd';
import { HttpError } from '@/core/http';

/** Puts a server's field error (0x00000101 with data.field) under that form field as well as in the toast. */
export function applyFieldError(form: FormInstance, err: unknown): void {
  if (!(err instanceof HttpError)) return;
  const field = (err.data as { data?: { field?: unknown } } | null)?.data?.field;
  if (typeof field === 'string' && field) form.setFields([{ name: field, errors: [err.message] }]);
}
