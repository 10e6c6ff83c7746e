import { Readable } from 'node:stream';
import { deflateSync, crc32 } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { uploadKey } from '@/server/uploads/file-store';

/** Where the demo's generated files live under DATA_DIR/uploads. */
export const DEMO_DIR = 'resource-demo';

/** A one-page PDF showing the given ASCII lines (Helvetica, no embedded fonts). */
export function demoPdf(lines: string[]): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = lines.map((l, i) => `BT /F1 ${i === 0 ? 22 : 13} Tf 60 ${760 - i * 28} Td (${esc(l)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
};

/** A 480×300 PNG: a diagonal gradient between two colours with a lighter band (a stand-in photo). */
export function demoPng(from: [number, number, number], to: [number, number, number], w = 480, h = 300): Buffer {
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 3 + 1)] = 0;
    for (let x = 0; x < w; x++) {
      const t = (x / w + y / h) / 2;
      const band = Math.abs(y - h * 0.62) < h * 0.06 ? 40 : 0;
      for (let c = 0; c < 3; c++)
        raw[y * (w * 3 + 1) + 1 + x * 3 + c] = Math.min(255, Math.round(from[c]! + (to[c]! - from[c]!) * t) + band);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The demo files by their stored path, made again from the same recipe whenever one is missing on disk. */
export type DemoFile = { path: string; make: () => Buffer | Promise<Buffer> };

/**
 * Writes the demo files the seed registered but the disk lacks (the seed runs in a database
 * transaction without the data folder; the server writes them when it is ready).
 */
export async function writeDemoFiles(app: FastifyInstance, files: readonly DemoFile[]): Promise<void> {
  const rows = await app.db
    .selectFrom('upload')
    .select('path')
    .where('purpose', '=', 'resource')
    .where('path', 'like', `${DEMO_DIR}/%`)
    .execute();
  const wanted = new Set(rows.map((r) => r.path));
  for (const f of files) {
    if (!wanted.has(f.path)) continue;
    // Into the file store (DATA_DIR or the bucket), once: another app server may have written it.
    if (await app.files.stat(uploadKey(f.path))) continue;
    await app.files.put(uploadKey(f.path), Readable.from([await f.make()]));
  }
}
