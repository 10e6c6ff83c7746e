import type { FormInstance } from 'antd';
import { HttpError } from '@/core/http';

/** Puts a server field error (data.field) under that form field; the toast has been shown already. */
export function applyFieldError(form: FormInstance, err: unknown): void {
  if (!(err instanceof HttpError)) return;
  const field = (err.data as { data?: { field?: unknown } } | null)?.data?.field;
  if (typeof field === 'string' && field) form.setFields([{ name: field, errors: [err.message] }]);
}
