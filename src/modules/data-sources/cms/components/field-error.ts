import type { FormInstance } from 'antd';
import { HttpError } from '@/core/http';

/**
 * Puts a server field error (data.field, e.g. 'config.port' or 'fields.2.label') under that form
 * field; the toast has been shown already by the request layer.
 */
export function applyFieldError(form: FormInstance, err: unknown): void {
  if (!(err instanceof HttpError)) return;
  const field = (err.data as { data?: { field?: unknown } } | null)?.data?.field;
  if (typeof field !== 'string' || !field) return;
  const name = field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  form.setFields([{ name, errors: [err.message] }]);
}
