import { HttpError } from '@/core/http';

/**
 * The itemised messages of a refused save/publish/import (0x00000101): the server sends the
 * schema check's list as `data` (a string array, `{ messages }` or `{ fields: [{ message }] }`).
 * The request layer has already toasted the headline; these go in a list beside the designer.
 */
export function serverMessages(err: unknown): string[] {
  if (!(err instanceof HttpError)) return [];
  const data = (err.data as { data?: unknown } | null)?.data;
  if (Array.isArray(data)) return data.filter((m): m is string => typeof m === 'string');
  if (data && typeof data === 'object') {
    const d = data as { messages?: unknown; fields?: unknown };
    if (Array.isArray(d.messages)) return d.messages.filter((m): m is string => typeof m === 'string');
    if (Array.isArray(d.fields)) {
      return d.fields
        .map((f) =>
          f && typeof f === 'object' && typeof (f as { message?: unknown }).message === 'string'
            ? (f as { message: string }).message
            : null,
        )
        .filter((m): m is string => m !== null);
    }
  }
  return [];
}
