/** File kinds the platform accepts, recognised by their first bytes (never by name or client type). */
export type FileKind = 'png' | 'jpeg' | 'gif' | 'webp' | 'pdf' | 'xlsx' | 'docx' | 'zip';

export const MIME: Record<FileKind, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  zip: 'application/zip',
};

export const IMAGE_KINDS: readonly FileKind[] = ['png', 'jpeg', 'gif', 'webp'];

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
