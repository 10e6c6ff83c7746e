import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import { Transform, type TransformCallback } from 'node:stream';
import { BackupFormatError, CORRUPT, KEY_MISMATCH, NOT_A_BACKUP, SEAL_BROKEN, UNSEALED } from './format';
import { fileKeys, type BackupKey } from './key';

/**
 * The sealed container every backup file is (issue 26): encrypted at rest and sealed.
 *
 *   prefix   "CPBACKUP" · version (1 byte) · key id (8) · salt (32) · frame size (4, big-endian)
 *   frames   length (4: bit 31 = final frame, bits 0-30 = bytes) · AES-256-GCM ciphertext · tag (16)
 *   seal     HMAC-SHA-256 (32) of every byte before it
 *
 * The cipher and seal keys are derived from the installation key and the file's random salt
 * (key.ts), so every file has its own keys and the frame index can be the nonce. Each frame's
 * additional data is the prefix, its index and its final flag: a frame moved, dropped, repeated
 * or flagged final early fails its tag, and a file that ends before a final frame and its seal
 * is incomplete. The seal covers the whole file (prefix and frames) with a second key.
 */
export const MAGIC = Buffer.from('CPBACKUP', 'latin1');
export const CONTAINER_VERSION = 1;
const PREFIX_LENGTH = MAGIC.length + 1 + 8 + 32 + 4;
const TAG_LENGTH = 16;
const SEAL_LENGTH = 32;
const FINAL = 0x8000_0000;
/** Plain bytes per frame: large enough for little overhead, small enough to stream. */
export const FRAME_SIZE = 256 * 1024;
/** A frame size in a prefix beyond this is not one this code wrote. */
const MAX_FRAME_SIZE = 16 * 1024 * 1024;

const nonce = (index: number) => {
  const n = Buffer.alloc(12);
  n.writeBigUInt64BE(BigInt(index), 4);
  return n;
};

const frameAad = (prefix: Buffer, index: number, final: boolean) => {
  const tail = Buffer.alloc(9);
  tail.writeBigUInt64BE(BigInt(index), 0);
  tail[8] = final ? 1 : 0;
  return Buffer.concat([prefix, tail]);
};

/** What a finished sealer knows of the file it wrote. */
export interface SealedFile {
  /** Bytes written (the file's size). */
  size: number;
  /** SHA-256 of the whole file (hex), shown in the backup list to compare copies. */
  checksum: string;
}

/**
 * A stream that turns plain bytes into the sealed container. After 'finish', `result()` gives
 * the size and checksum of what it wrote.
 */
export class Sealer extends Transform {
  private readonly prefix: Buffer;
  private readonly frameSize: number;
  private readonly cipherKey: Buffer;
  private readonly hmac;
  private readonly sha = createHash('sha256');
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private index = 0;
  private size = 0;
  private done: SealedFile | null = null;

  constructor(key: BackupKey, frameSize = FRAME_SIZE) {
    // A frame or more per step (see the writer's PIPE_CHUNK).
    super({ highWaterMark: 2 * frameSize });
    this.frameSize = frameSize;
    const salt = randomBytes(32);
    const size = Buffer.alloc(4);
    size.writeUInt32BE(frameSize);
    this.prefix = Buffer.concat([MAGIC, Buffer.from([CONTAINER_VERSION]), key.id, salt, size]);
    const keys = fileKeys(key, salt);
    this.cipherKey = keys.cipher;
    this.hmac = createHmac('sha256', keys.seal);
    this.emit_(this.prefix);
  }

  result(): SealedFile {
    if (!this.done) throw new Error('the sealer has not finished');
    return this.done;
  }

  private emit_(bytes: Buffer, sealed = true): void {
    if (sealed) this.hmac.update(bytes);
    this.sha.update(bytes);
    this.size += bytes.length;
    this.push(bytes);
  }

  private frame(plain: Buffer, final: boolean): void {
    const cipher = createCipheriv('aes-256-gcm', this.cipherKey, nonce(this.index));
    cipher.setAAD(frameAad(this.prefix, this.index, final));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE((final ? FINAL : 0) + body.length);
    this.emit_(Buffer.concat([head, body, cipher.getAuthTag()]));
    this.index += 1;
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes > this.frameSize) {
      let all = Buffer.concat(this.pending);
      // Keep at least one byte back: the last frame is always the final one.
      while (all.length > this.frameSize) {
        this.frame(all.subarray(0, this.frameSize), false);
        all = all.subarray(this.frameSize);
      }
      this.pending = [all];
      this.pendingBytes = all.length;
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    this.frame(Buffer.concat(this.pending), true);
    this.pending = [];
    this.emit_(this.hmac.digest(), false);
    this.done = { size: this.size, checksum: this.sha.digest('hex') };
    done();
  }
}

/** SHA-256 of a file (hex), streamed. */
export async function fileChecksum(file: string): Promise<string> {
  const sha = createHash('sha256');
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) sha.update(chunk);
  return sha.digest('hex');
}

/** Reads exactly n bytes at pos, or fewer at the end of the file. */
async function readAt(fh: fs.promises.FileHandle, pos: number, n: number): Promise<Buffer> {
  const buf = Buffer.alloc(n);
  let got = 0;
  while (got < n) {
    const { bytesRead } = await fh.read(buf, got, n - got, pos + got);
    if (bytesRead === 0) break;
    got += bytesRead;
  }
  return got === n ? buf : buf.subarray(0, got);
}

export interface OpenOptions {
  /** Stop after the first frame (a header read): the seal at the end is not checked. */
  firstFrameOnly?: boolean;
}

/**
 * The plain bytes of a sealed file, frame by frame, each checked before it is given out;
 * the seal is checked after the last frame. A file that is not a sealed backup, is cut short,
 * was changed or was sealed with another key throws BackupFormatError saying which.
 */
export async function* openSealed(file: string, key: BackupKey, opts: OpenOptions = {}): AsyncGenerator<Buffer> {
  const fh = await fs.promises.open(file, 'r');
  try {
    const prefix = await readAt(fh, 0, PREFIX_LENGTH);
    if (prefix.length >= 2 && prefix[0] === 0x1f && prefix[1] === 0x8b)
      throw new BackupFormatError(UNSEALED, 'foreign');
    if (prefix.length < MAGIC.length || !prefix.subarray(0, MAGIC.length).equals(MAGIC))
      throw new BackupFormatError(NOT_A_BACKUP, 'foreign');
    if (prefix.length < PREFIX_LENGTH) throw new BackupFormatError(CORRUPT);
    if (prefix[MAGIC.length] !== CONTAINER_VERSION)
      throw new BackupFormatError(`不支持的备份封装版本 ${prefix[MAGIC.length]}`, 'foreign');
    const keyId = prefix.subarray(MAGIC.length + 1, MAGIC.length + 9);
    if (!timingSafeEqual(keyId, key.id)) throw new BackupFormatError(KEY_MISMATCH, 'keyMismatch');
    const salt = prefix.subarray(MAGIC.length + 9, MAGIC.length + 41);
    const frameSize = prefix.readUInt32BE(MAGIC.length + 41);
    if (frameSize === 0 || frameSize > MAX_FRAME_SIZE) throw new BackupFormatError(CORRUPT);
    const keys = fileKeys(key, salt);
    const hmac = createHmac('sha256', keys.seal).update(prefix);
    let pos = PREFIX_LENGTH;
    for (let index = 0; ; index += 1) {
      const head = await readAt(fh, pos, 4);
      if (head.length < 4) throw new BackupFormatError(CORRUPT);
      const word = head.readUInt32BE(0);
      const final = (word & FINAL) !== 0;
      const length = word & ~FINAL;
      if (length > frameSize) throw new BackupFormatError(SEAL_BROKEN, 'sealBroken');
      const body = await readAt(fh, pos + 4, length + TAG_LENGTH);
      if (body.length < length + TAG_LENGTH) throw new BackupFormatError(CORRUPT);
      hmac.update(head).update(body);
      pos += 4 + body.length;
      let plain: Buffer;
      try {
        const decipher = createDecipheriv('aes-256-gcm', keys.cipher, nonce(index));
        decipher.setAAD(frameAad(prefix, index, final));
        decipher.setAuthTag(body.subarray(length));
        plain = Buffer.concat([decipher.update(body.subarray(0, length)), decipher.final()]);
      } catch {
        throw new BackupFormatError(SEAL_BROKEN, 'sealBroken');
      }
      if (plain.length) yield plain;
      if (opts.firstFrameOnly) return;
      if (final) break;
    }
    const seal = await readAt(fh, pos, SEAL_LENGTH + 1);
    if (seal.length < SEAL_LENGTH) throw new BackupFormatError(CORRUPT);
    if (seal.length > SEAL_LENGTH || !timingSafeEqual(seal, hmac.digest()))
      throw new BackupFormatError(SEAL_BROKEN, 'sealBroken');
  } finally {
    await fh.close();
  }
}
