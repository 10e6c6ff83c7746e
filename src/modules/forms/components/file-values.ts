import type { FileRef } from '@/shared/forms/schema';

const isFileRef = (x: unknown): x is FileRef =>
  typeof x === 'object' &&
  x !== null &&
  typeof (x as FileRef).id === 'string' &&
  typeof (x as FileRef).url === 'string';

/** A file/image value as a list of refs (anything malformed is dropped, not shown broken). */
export function asFiles(v: unknown): FileRef[] {
  return Array.isArray(v) ? v.filter(isFileRef) : [];
}

/** A signature value: one ref or nothing. */
export const asSignature = (v: unknown): FileRef | null => (isFileRef(v) ? v : null);
