/** File kinds the platform accepts, recognised by their first bytes (never by name or client type). */
export type FileKind = 'png' | 'jpeg' | 'gif' | 'webp' | 'pdf' | 'xlsx' | 'docx' | 'zip' | 'mp4' | 'webm';

export const MIME: Record<FileKind, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  zip: 'application/zip',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

export const IMAGE_KINDS: readonly FileKind[] = ['png', 'jpeg', 'gif', 'webp'];
export const VIDEO_KINDS: readonly FileKind[] = ['mp4', 'webm'];

// ISO base media brands a browser plays as MP4 (QuickTime's 'qt  ' is left out: browsers differ).
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'dash', 'mmp4']);

const startsWith = (b: Buffer, bytes: number[], at = 0) => bytes.every((x, i) => b[at + i] === x);

/**
 * The kind of a file from its head (the first few KiB). Office files are ZIP archives: the
 * part names near the start tell a workbook from a document. SVG is deliberately not
 * accepted: it can carry script.
 */
export function sniff(head: Buffer, extension: string): FileKind | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (head.subarray(0, 6).toString('latin1') === 'GIF87a' || head.subarray(0, 6).toString('latin1') === 'GIF89a')
    return 'gif';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  // MP4: an 'ftyp' box first, whose major brand names the family.
  if (head.subarray(4, 8).toString('latin1') === 'ftyp' && MP4_BRANDS.has(head.subarray(8, 12).toString('latin1')))
    return 'mp4';
  // WebM: an EBML header whose DocType (within its first bytes) is "webm".
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3]) && head.subarray(0, 64).includes('webm', 0, 'latin1')) return 'webm';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    const text = head.toString('latin1');
    if (text.includes('xl/') || (extension === 'xlsx' && text.includes('[Content_Types].xml'))) return 'xlsx';
    if (text.includes('word/') || (extension === 'docx' && text.includes('[Content_Types].xml'))) return 'docx';
    return 'zip';
  }
  return null;
}

/** Whether the name's extension agrees with the sniffed kind (jpg and jpeg are one). */
export function extensionMatches(kind: FileKind, extension: string): boolean {
  const ext = extension.toLowerCase();
  return ext === kind || (kind === 'jpeg' && ext === 'jpg');
}
