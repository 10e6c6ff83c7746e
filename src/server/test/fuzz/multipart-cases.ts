import { TINY_PNG } from '../multipart';

/** A multipart request the upload routes must refuse with a 4xx (or accept), never a 5xx. */
export interface MultipartCase {
  label: string;
  headers: Record<string, string>;
  payload: Buffer;
}

const B = 'fuzzBoundary7MA4YWxkTrZu0gW';
const part = (name: string, body: string | Buffer, filename?: string, type = 'application/octet-stream') =>
  Buffer.concat([
    Buffer.from(
      `--${B}\r\nContent-Disposition: form-data; name="${name}"${filename !== undefined ? `; filename="${filename}"` : ''}\r\n` +
        (filename !== undefined ? `Content-Type: ${type}\r\n` : '') +
        '\r\n',
    ),
    Buffer.isBuffer(body) ? body : Buffer.from(body),
    Buffer.from('\r\n'),
  ]);
const end = Buffer.from(`--${B}--\r\n`);
const mp = { 'content-type': `multipart/form-data; boundary=${B}` };

/** Broken, oversized or odd multipart bodies: the ways a client or an attacker gets uploads wrong. */
export function multipartCases(): MultipartCase[] {
  // Fields routes read before the file (an avatar's userId), so a cut-off file is reached.
  const fields = Buffer.concat([part('userId', '3'), part('id', '1')]);
  const file = Buffer.concat([fields, part('file', TINY_PNG, 'a.png', 'image/png')]);
  return [
    { label: 'no boundary', headers: { 'content-type': 'multipart/form-data' }, payload: Buffer.concat([file, end]) },
    { label: 'empty boundary', headers: { 'content-type': 'multipart/form-data; boundary=' }, payload: file },
    {
      label: 'boundary of 300 characters',
      headers: { 'content-type': `multipart/form-data; boundary=${'b'.repeat(300)}` },
      payload: Buffer.from(`--${'b'.repeat(300)}\r\n`),
    },
    { label: 'empty body', headers: mp, payload: Buffer.alloc(0) },
    { label: 'truncated in a file', headers: mp, payload: file.subarray(0, file.length - 20) },
    { label: 'no closing boundary', headers: mp, payload: file },
    { label: 'garbage after the boundary', headers: mp, payload: Buffer.from(`--${B}\r\n\u0000\u0001garbage`) },
    {
      label: 'part without Content-Disposition',
      headers: mp,
      payload: Buffer.from(`--${B}\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${B}--\r\n`),
    },
    {
      label: 'header line of 100 kB',
      headers: mp,
      payload: Buffer.from(`--${B}\r\nX-Long: ${'h'.repeat(100_000)}\r\n\r\nx\r\n--${B}--\r\n`),
    },
    { label: 'wrong content type', headers: { 'content-type': 'multipart/mixed; boundary=' + B }, payload: file },
    { label: 'text/plain body', headers: { 'content-type': 'text/plain' }, payload: Buffer.from('hello') },
    {
      label: 'application/octet-stream body',
      headers: { 'content-type': 'application/octet-stream' },
      payload: TINY_PNG,
    },
    {
      label: 'six files (limit five)',
      headers: mp,
      payload: Buffer.concat([...Array.from({ length: 6 }, (_, i) => part('file', TINY_PNG, `${i}.png`)), end]),
    },
    {
      label: 'twenty-five fields (limit twenty)',
      headers: mp,
      payload: Buffer.concat([...Array.from({ length: 25 }, (_, i) => part(`f${i}`, 'v')), file, end]),
    },
    {
      label: 'field of 200 kB (limit 64 kB)',
      headers: mp,
      payload: Buffer.concat([part('note', 'n'.repeat(200_000)), file, end]),
    },
    { label: 'no file, fields only', headers: mp, payload: Buffer.concat([part('name', 'x'), end]) },
    {
      label: 'file of the wrong kind named .png',
      headers: mp,
      payload: Buffer.concat([part('file', '<script>alert(1)</script>', 'x.png', 'image/png'), end]),
    },
    {
      label: 'file name with NUL and traversal',
      headers: mp,
      payload: Buffer.concat([part('file', TINY_PNG, '../../etc/pa\u0000sswd.png', 'image/png'), end]),
    },
    {
      label: 'empty file under an empty name',
      headers: mp,
      payload: Buffer.concat([part('file', Buffer.alloc(0), '', 'application/octet-stream'), end]),
    },
    {
      label: '__proto__ field name',
      headers: mp,
      payload: Buffer.concat([part('__proto__', 'x'), file, end]),
    },
  ];
}
