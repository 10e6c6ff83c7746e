import { IMAGE_KINDS, type FileKind } from '@/server/uploads/sniff';
import type { FormField } from '@/shared/forms/schema';

/** The kinds the uploads store recognises, by the extensions a designer may list in `accept`. */
const KIND_OF_EXTENSION: Record<string, FileKind> = {
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  gif: 'gif',
  webp: 'webp',
  pdf: 'pdf',
  xlsx: 'xlsx',
  docx: 'docx',
  zip: 'zip',
};
const ALL_KINDS: readonly FileKind[] = ['png', 'jpeg', 'gif', 'webp', 'pdf', 'xlsx', 'docx', 'zip'];

export const DEFAULT_FILE_MB = 10;

/**
 * What a file, image or signature field accepts: a signature is a PNG drawn on the page; an
 * image field images only; a file field the listed extensions the store can sniff, or every
 * kind it knows when the list is empty. Extensions it cannot sniff (doc, txt…) never pass.
 */
export function uploadKinds(field: Pick<FormField, 'type' | 'accept'>): FileKind[] {
  if (field.type === 'signature') return ['png'];
  const listed = [
    ...new Set((field.accept ?? []).map((e) => KIND_OF_EXTENSION[e.toLowerCase()]).filter((k): k is FileKind => !!k)),
  ];
  const base = field.type === 'image' ? IMAGE_KINDS : ALL_KINDS;
  if (!field.accept?.length) return [...base];
  return listed.filter((k) => base.includes(k));
}

export const uploadMaxBytes = (field: Pick<FormField, 'maxSizeMb'>) =>
  Math.floor((field.maxSizeMb ?? DEFAULT_FILE_MB) * 1024 * 1024);
