export const PASSWORD_TOO_LONG_MESSAGE = '密码过长，无法加密';
const SHA256_BYTES = 32;

export class PasswordTooLongError extends Error {
  constructor() {
    super(PASSWORD_TOO_LONG_MESSAGE);
    this.name = 'PasswordTooLongError';
  }
}

/** Bytes of plaintext RSA-OAEP-SHA-256 can carry with a key of `modulusBytes` (k − 2·hLen − 2). */
export const maxOaepPlainBytes = (modulusBytes: number) => modulusBytes - 2 * SHA256_BYTES - 2;

/** UTF-8 bytes as a binary string: encryptOAEP takes one character per byte. */
function utf8Binary(plain: string): string {
  let out = '';
  for (const b of new TextEncoder().encode(plain)) out += String.fromCharCode(b);
  return out;
}

/**
 * jsencrypt (~19 KB gzip) loads when a sign-in page has painted (preloadEncryption) or at the
 * latest on the first submit, so it is not part of any page's first load.
 */
const loadJsEncrypt = () => import('jsencrypt').then((m) => m.default);

export function preloadEncryption(): void {
  void loadJsEncrypt().catch(() => undefined);
}

/**
 * The password as the server decrypts it: RSA-OAEP with SHA-256 (DESIGN §9), base64.
 * A password longer than the key can hold is refused (spec section 5).
 */
export async function encryptPassword(publicKeyPem: string, plain: string): Promise<string> {
  const JSEncrypt = await loadJsEncrypt();
  const enc = new JSEncrypt();
  enc.setPublicKey(publicKeyPem);
  // jsencrypt keeps the modulus protected in its types.
  const key = enc.getKey() as unknown as { n: { bitLength(): number } | null };
  if (!key.n) throw new Error('公钥无效，无法加密');
  const binary = utf8Binary(plain);
  if (binary.length > maxOaepPlainBytes(Math.ceil(key.n.bitLength() / 8))) throw new PasswordTooLongError();
  const cipher = enc.encryptOAEP(binary);
  if (cipher === false) throw new Error('公钥无效，无法加密');
  return cipher;
}
