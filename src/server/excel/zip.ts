import { Readable } from 'node:stream';
import { crc32, createInflateRaw } from 'node:zlib';
import { AppError } from '@/server/errors';
import { DAMAGED, LEGACY_OR_ENCRYPTED, NOT_XLSX, sheetTooLarge, sheetUnreadable } from './sheet-errors';

/** One file of the archive, as its central directory describes it. */
export interface ZipEntry {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** Bytes inflated so far over all parts of one upload, against the limits of one read. */
export class InflateBudget {
  used = 0;
  constructor(
    readonly maxBytes: number,
    readonly maxRatio: number,
    /** Small parts (a few hundred bytes of XML) may compress oddly well: the ratio counts above this. */
    readonly ratioGraceBytes: number,
  ) {}
}

const EOCD = 0x06054b50;
const EOCD64_LOCATOR = 0x07064b50;
const EOCD64 = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const CFB_MAGIC = 'd0cf11e0a1b11ae1';
// Compressed input is handed to zlib in small slices, so the ratio check sees a bomb within a few MB.
const SLICE = 16 * 1024;
const MB = 1024 * 1024;

/**
 * The central directory of an uploaded .xlsx (the whole upload is in memory: at most the upload
 * limit). Answers the entries by name; refuses what is not a zip, is cut short, is encrypted, or
 * lists more than `maxEntries` files.
 */
export function openZip(file: Buffer, maxEntries: number): Map<string, ZipEntry> {
  if (file.subarray(0, 8).toString('hex') === CFB_MAGIC) throw sheetUnreadable(LEGACY_OR_ENCRYPTED);
  const looksLikeZip = file.length >= 4 && file.readUInt32LE(0) === LOCAL;
  const eocd = findEocd(file);
  if (eocd === -1) throw sheetUnreadable(looksLikeZip ? DAMAGED : NOT_XLSX);
  let count = file.readUInt16LE(eocd + 10);
  let cdSize = file.readUInt32LE(eocd + 12);
  let cdOffset = file.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    const at = eocd - 20;
    if (at < 0 || file.readUInt32LE(at) !== EOCD64_LOCATOR) throw sheetUnreadable(DAMAGED);
    const rec = safeNumber(file.readBigUInt64LE(at + 8));
    if (rec + 56 > file.length || file.readUInt32LE(rec) !== EOCD64) throw sheetUnreadable(DAMAGED);
    count = safeNumber(file.readBigUInt64LE(rec + 32));
    cdSize = safeNumber(file.readBigUInt64LE(rec + 40));
    cdOffset = safeNumber(file.readBigUInt64LE(rec + 48));
  }
  if (count > maxEntries) throw sheetTooLarge(`表格过大：压缩包内超过 ${maxEntries} 个文件`);
  if (cdOffset + cdSize > file.length) throw sheetUnreadable(DAMAGED);

  const entries = new Map<string, ZipEntry>();
  let p = cdOffset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > file.length || file.readUInt32LE(p) !== CENTRAL) throw sheetUnreadable(DAMAGED);
    const flags = file.readUInt16LE(p + 8);
    const nameLength = file.readUInt16LE(p + 28);
    const extraLength = file.readUInt16LE(p + 30);
    const commentLength = file.readUInt16LE(p + 32);
    const entry: ZipEntry = {
      name: file.toString('utf8', p + 46, p + 46 + nameLength).replace(/^\/+/, ''),
      method: file.readUInt16LE(p + 10),
      crc: file.readUInt32LE(p + 16),
      compressedSize: file.readUInt32LE(p + 20),
      size: file.readUInt32LE(p + 24),
      localOffset: file.readUInt32LE(p + 42),
    };
    readZip64Extra(file.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength), entry);
    if (flags & 1) throw sheetUnreadable(LEGACY_OR_ENCRYPTED);
    // Two entries of one name would let the reader and a person's Excel see different sheets.
    if (entries.has(entry.name)) throw sheetUnreadable(DAMAGED);
    if (!entry.name.endsWith('/')) entries.set(entry.name, entry);
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * The bytes of one entry as they inflate, in chunks of at most 64 KB. The sizes the directory
 * declares are checked first, then the bytes really produced are counted against the budget's
 * total and ratio as they come, and the stream stops at the first one over (a lying header does
 * not help a zip bomb). A wrong size or CRC at the end means a damaged file.
 */
export async function* inflateEntry(
  file: Buffer,
  entry: ZipEntry,
  budget: InflateBudget,
  part: { maxBytes: number; tooLarge: string },
): AsyncGenerator<Buffer> {
  const overTotal = () => sheetTooLarge(`表格过大：解压后超过 ${budget.maxBytes / MB} MB`);
  const overRatio = () => sheetTooLarge(`表格压缩比异常（超过 ${budget.maxRatio} 倍），疑似压缩炸弹，已拒绝`);
  const ratioExceeded = (out: number, consumed: number) =>
    out > budget.ratioGraceBytes && out > budget.maxRatio * Math.max(consumed, 1);

  if (entry.size > part.maxBytes) throw sheetTooLarge(part.tooLarge);
  if (budget.used + entry.size > budget.maxBytes) throw overTotal();
  if (ratioExceeded(entry.size, entry.compressedSize)) throw overRatio();
  const data = entryData(file, entry);

  let out = 0;
  let crc = 0;
  const take = (chunk: Buffer) => {
    out += chunk.length;
    budget.used += chunk.length;
    if (out > part.maxBytes) throw sheetTooLarge(part.tooLarge);
    if (budget.used > budget.maxBytes) throw overTotal();
    crc = crc32(chunk, crc);
  };

  if (entry.method === 0) {
    for (let i = 0; i < data.length; i += 64 * 1024) {
      const chunk = data.subarray(i, i + 64 * 1024);
      take(chunk);
      yield chunk;
    }
  } else if (entry.method === 8) {
    const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
    const source = Readable.from(slices(data), { objectMode: false });
    source.on('error', () => inflate.destroy());
    source.pipe(inflate);
    try {
      for await (const chunk of inflate as AsyncIterable<Buffer>) {
        take(chunk);
        if (ratioExceeded(out, inflate.bytesWritten)) throw overRatio();
        yield chunk;
      }
    } catch (e) {
      if (e instanceof AppError) throw e;
      throw sheetUnreadable(DAMAGED); // zlib: invalid or truncated deflate data
    } finally {
      source.unpipe(inflate);
      source.destroy();
      inflate.destroy();
    }
  } else {
    throw sheetUnreadable(NOT_XLSX);
  }
  if (out !== entry.size || crc >>> 0 !== entry.crc) throw sheetUnreadable(DAMAGED);
}

function* slices(data: Buffer): Generator<Buffer> {
  for (let i = 0; i < data.length; i += SLICE) yield data.subarray(i, i + SLICE);
}

/** The compressed bytes of an entry: after its local header, whose name and extra field may differ in length. */
function entryData(file: Buffer, entry: ZipEntry): Buffer {
  const p = entry.localOffset;
  if (p + 30 > file.length || file.readUInt32LE(p) !== LOCAL) throw sheetUnreadable(DAMAGED);
  const start = p + 30 + file.readUInt16LE(p + 26) + file.readUInt16LE(p + 28);
  if (start + entry.compressedSize > file.length) throw sheetUnreadable(DAMAGED);
  return file.subarray(start, start + entry.compressedSize);
}

/** The last end-of-central-directory record (it sits in the last 64 KB + 22 bytes). */
function findEocd(file: Buffer): number {
  const stop = Math.max(0, file.length - 22 - 0xffff);
  for (let i = file.length - 22; i >= stop; i--) {
    if (file.readUInt32LE(i) === EOCD) return i;
  }
  return -1;
}

/** Sizes and offset that did not fit 32 bits are in the zip64 extra field (id 1), in this order. */
function readZip64Extra(extra: Buffer, entry: ZipEntry): void {
  for (let q = 0; q + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(q);
    const length = extra.readUInt16LE(q + 2);
    if (id === 1) {
      let r = q + 4;
      const next = () => {
        if (r + 8 > q + 4 + length) throw sheetUnreadable(DAMAGED);
        const v = safeNumber(extra.readBigUInt64LE(r));
        r += 8;
        return v;
      };
      if (entry.size === 0xffffffff) entry.size = next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.localOffset === 0xffffffff) entry.localOffset = next();
      return;
    }
    q += 4 + length;
  }
}

function safeNumber(v: bigint): number {
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw sheetUnreadable(DAMAGED);
  return Number(v);
}
