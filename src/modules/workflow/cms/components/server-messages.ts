import { HttpError } from '@/core/http';

/** The checker's list a refused save/publish carries as data.messages (0x00000101); [] otherwise. */
export function serverMessages(err: unknown): string[] {
  if (!(err instanceof HttpError)) return [];
  const data = (err.data as { data?: { messages?: unknown } } | null)?.data;
  return Array.isArray(data?.messages) ? data.messages.filter((m): m is string => typeof m === 'string') : [];
}
