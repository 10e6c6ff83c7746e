import { constants, generateKeyPair, privateDecrypt, createPrivateKey, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/dialect';
import { getSetting, putSettingOnce } from './settings';
import { badInput } from '../errors';
import { RSA_PUBLIC_EXPONENT } from '@/shared/constants';

/**
 * How passwords travel from the browser (DESIGN §6): the server's RSA key pair, kept in the
 * 'rsa_keypair' setting, and the OAEP-SHA-256 decryption. Server core, so that every module
 * taking a password (sign-in, account administration) shares this one implementation.
 */
export const RSA_SETTING_KEY = 'rsa_keypair';
export const DECRYPT_FAILED_MESSAGE = '密码解密失败，请刷新页面后重试';

interface StoredKeyPair {
  bits: number;
  publicKey: string;
  privateKey: string;
  createdAt: number;
}

export interface LoadedKeys {
  publicKeyPem: string;
  privateKey: KeyObject;
  maxPlainBytes: number;
}

const generate = promisify(generateKeyPair);
// OAEP with SHA-256: k - 2·32 - 2 bytes of plaintext (62 for a 1024-bit key).
const maxPlainBytes = (bits: number) => bits / 8 - 2 * 32 - 2;

// One load per database per process: the key never changes once stored.
const cache = new WeakMap<Db, Promise<LoadedKeys>>();

async function loadOrCreate(db: Db, bits: number): Promise<LoadedKeys> {
  let stored = await getSetting<StoredKeyPair>(db, RSA_SETTING_KEY);
  if (!stored) {
    const pair = await generate('rsa', {
      modulusLength: bits,
      publicExponent: RSA_PUBLIC_EXPONENT,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    // Two servers starting together may both generate: the first insert wins and both use it.
    stored = await putSettingOnce<StoredKeyPair>(db, RSA_SETTING_KEY, {
      bits,
      publicKey: pair.publicKey,
      privateKey: pair.privateKey,
      createdAt: Date.now(),
    });
  }
  const privateKey = createPrivateKey(stored.privateKey);
  const realBits = privateKey.asymmetricKeyDetails?.modulusLength ?? stored.bits;
  return { publicKeyPem: stored.publicKey, privateKey, maxPlainBytes: maxPlainBytes(realBits) };
}

/** The server's key pair, made at first start and shared through the database by every app server. */
export function rsaKeys(app: FastifyInstance): Promise<LoadedKeys> {
  let p = cache.get(app.db);
  if (!p) {
    p = loadOrCreate(app.db, app.config.rsaKeyBits);
    p.catch(() => cache.delete(app.db));
    cache.set(app.db, p);
  }
  return p;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decrypt a password sent by the client (jsencrypt encryptOAEP: RSA-OAEP-SHA-256 of the
 * UTF-8 bytes, base64). A plaintext password, a damaged ciphertext or one made with another
 * key is refused with 0x00000101.
 */
export async function decryptPassword(app: FastifyInstance, b64: string): Promise<string> {
  // A '+' sent unencoded in a form body arrives as a space.
  const text = b64.trim().replace(/ /g, '+');
  if (!BASE64.test(text) || text.length % 4 !== 0) throw badInput(DECRYPT_FAILED_MESSAGE);
  const { privateKey } = await rsaKeys(app);
  try {
    const plain = privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(text, 'base64'),
    );
    return utf8.decode(plain);
  } catch {
    throw badInput(DECRYPT_FAILED_MESSAGE);
  }
}
