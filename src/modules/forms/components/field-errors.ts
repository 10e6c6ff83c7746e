import type { FieldError } from '@/shared/forms/validate';

const NONE: readonly FieldError[] = [];

/** Messages by field id (sub-table cell messages stay with their table), so each field gets a stable list. */
export function groupErrors(errors: readonly FieldError[] | undefined): (fieldId: string) => readonly FieldError[] {
  if (!errors?.length) return () => NONE;
  const map = new Map<string, FieldError[]>();
  for (const e of errors) {
    const list = map.get(e.field);
    if (list) list.push(e);
    else map.set(e.field, [e]);
  }
  return (id) => map.get(id) ?? NONE;
}

/** The message shown under a field: its own (not per-cell) messages, joined. */
export function fieldMessage(errors: readonly FieldError[]): string | undefined {
  const own = errors.filter((e) => e.row === undefined);
  return own.length ? own.map((e) => e.message).join('；') : undefined;
}

/** A sub-table cell's message. */
export function cellMessage(errors: readonly FieldError[], row: number, column: string): string | undefined {
  return errors.find((e) => e.row === row && e.column === column)?.message;
}

/** A sub-table row's messages without a column (a whole-row problem). */
export function rowMessage(errors: readonly FieldError[], row: number): string | undefined {
  return errors.find((e) => e.row === row && e.column === undefined)?.message;
}

/** Read the per-field messages of a refused submission (0x00000101 data.fields) from the http layer's error. */
export function serverFieldErrors(error: unknown): FieldError[] | null {
  const body = (error as { data?: unknown } | null)?.data as { data?: { fields?: unknown } } | undefined;
  const fields = body?.data?.fields;
  if (!Array.isArray(fields)) return null;
  return fields.filter(
    (f): f is FieldError =>
      typeof f === 'object' &&
      f !== null &&
      typeof (f as FieldError).field === 'string' &&
      typeof (f as FieldError).message === 'string',
  );
}
