import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomUUID,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import type { LicenceProblem } from '@/shared/licence';

/**
 * The product licence (DESIGN §6): a JSON document signed with Ed25519, carried as one text
 * `<base64url canonical JSON>.<base64url signature>` so it survives copy, paste and e-mail.
 */
export const LicencePayload = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100 }),
  holder: Type.String({ minLength: 1, maxLength: 200 }),
  /** ISO date or date-time of issue. */
  issuedAt: Type.String({ minLength: 10, maxLength: 40 }),
  /** ISO date (valid through that whole day, China time) or an exact ISO date-time. */
  expiresAt: Type.String({ minLength: 10, maxLength: 40 }),
  userCap: Type.Integer({ minimum: 1 }),
  /** Module ids the holder may use; ['*'] means every module. */
  modules: Type.Array(Type.String({ minLength: 1, maxLength: 60 }), { minItems: 1, maxItems: 200 }),
});
export type Licence = Static<typeof LicencePayload>;

export const ALL_MODULES = '*';

export type { LicenceProblem };

export type VerifyResult =
  | { ok: true; licence: Licence; reason: null }
  | { ok: false; licence: Licence | null; reason: LicenceProblem };

/** JSON with object keys sorted at every level and no whitespace: the bytes that are signed. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The instant a licence stops being valid (ms). A bare date lasts to the end of that day in China time. */
export function expiryInstant(expiresAt: string): number {
  return DATE_ONLY.test(expiresAt) ? Date.parse(`${expiresAt}T23:59:59.999+08:00`) : Date.parse(expiresAt);
}

/** Ed25519 public key from PEM (SPKI) or base64 SPKI DER; throws with a readable message otherwise. */
export function parsePublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  let key: KeyObject;
  try {
    key = trimmed.startsWith('-----BEGIN')
      ? createPublicKey(trimmed)
      : createPublicKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'spki' });
  } catch {
    throw new Error('not a PEM or base64 SPKI public key');
  }
  if (key.asymmetricKeyType !== 'ed25519')
    throw new Error(`expected an Ed25519 key, got ${key.asymmetricKeyType ?? 'unknown'}`);
  return key;
}

export function parsePrivateKey(pem: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch {
    throw new Error('not a PEM private key');
  }
  if (key.asymmetricKeyType !== 'ed25519')
    throw new Error(`expected an Ed25519 key, got ${key.asymmetricKeyType ?? 'unknown'}`);
  return key;
}

export function generateIssuerKeys(): { privateKeyPem: string; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** Fills id and issuedAt when absent and checks the shape; throws a readable Error on a bad field. */
export function makeLicence(
  input: Omit<Licence, 'id' | 'issuedAt'> & Partial<Pick<Licence, 'id' | 'issuedAt'>>,
): Licence {
  const licence: Licence = {
    id: input.id ?? randomUUID(),
    holder: input.holder,
    issuedAt: input.issuedAt ?? new Date().toISOString(),
    expiresAt: input.expiresAt,
    userCap: input.userCap,
    modules: input.modules,
  };
  if (!Value.Check(LicencePayload, licence)) {
    const first = [...Value.Errors(LicencePayload, licence)][0];
    throw new Error(`invalid licence field ${first?.instancePath || ''}: ${first?.message ?? 'bad value'}`);
  }
  if (Number.isNaN(expiryInstant(licence.expiresAt))) throw new Error(`invalid expiry date "${licence.expiresAt}"`);
  return licence;
}

export function signLicence(licence: Licence, privateKey: KeyObject): string {
  const payload = Buffer.from(canonicalJson(licence), 'utf8');
  const signature = sign(null, payload, privateKey);
  return `${payload.toString('base64url')}.${signature.toString('base64url')}`;
}

const B64URL = /^[A-Za-z0-9_-]+$/;

/**
 * Checks a licence text against the trusted public key. The signature is checked over the
 * exact payload bytes before anything in the payload is believed; then shape and expiry.
 */
export function verifyLicence(text: string | null | undefined, publicKey: KeyObject, now = Date.now()): VerifyResult {
  if (text === null || text === undefined || text.trim() === '') return { ok: false, licence: null, reason: 'missing' };
  const parts = text.trim().split('.');
  if (parts.length !== 2 || !B64URL.test(parts[0]!) || !B64URL.test(parts[1]!))
    return { ok: false, licence: null, reason: 'malformed' };
  const payload = Buffer.from(parts[0]!, 'base64url');
  const signature = Buffer.from(parts[1]!, 'base64url');
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload.toString('utf8'));
  } catch {
    return { ok: false, licence: null, reason: 'malformed' };
  }
  // An Ed25519 signature is always 64 bytes; anything else cannot be genuine.
  if (signature.length !== 64 || !verify(null, payload, publicKey, signature))
    return { ok: false, licence: null, reason: 'forged' };
  if (!Value.Check(LicencePayload, parsed)) return { ok: false, licence: null, reason: 'malformed' };
  const licence = parsed as Licence;
  const expiry = expiryInstant(licence.expiresAt);
  if (Number.isNaN(expiry)) return { ok: false, licence, reason: 'malformed' };
  if (expiry <= now) return { ok: false, licence, reason: 'expired' };
  return { ok: true, licence, reason: null };
}

/** Whole days until expiry, rounded down (0 on the last day); negative once expired. */
export function daysLeft(licence: Licence, now = Date.now()): number {
  return Math.floor((expiryInstant(licence.expiresAt) - now) / 86_400_000);
}

/** Does the licence cover this module id? */
export function coversModule(licence: Licence, moduleId: string): boolean {
  return licence.modules.includes(ALL_MODULES) || licence.modules.includes(moduleId);
}
