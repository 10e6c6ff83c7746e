import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptPassword, maxOaepPlainBytes, PasswordTooLongError } from './encrypt-password';

const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 1024,
  publicExponent: 65537,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

const decrypt = (cipher: string) =>
  privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(cipher, 'base64'),
  ).toString('utf8');

describe('encryptPassword', () => {
  it('encrypts a Chinese password so the server decrypts it with OAEP-SHA-256', async () => {
    const plain = '校园门户密码Abc123！';
    const cipher = await encryptPassword(publicKey, plain);
    expect(Buffer.from(cipher, 'base64')).toHaveLength(128);
    expect(decrypt(cipher)).toBe(plain);
  });

  it('accepts exactly 62 UTF-8 bytes with a 1024-bit key', async () => {
    expect(maxOaepPlainBytes(128)).toBe(62);
    const plain = 'a'.repeat(59) + '密'; // 59 + 3 bytes
    expect(decrypt(await encryptPassword(publicKey, plain))).toBe(plain);
  });

  it("refuses a password longer than the key holds with '密码过长，无法加密'", async () => {
    const tooLong = '密'.repeat(21); // 63 bytes
    await expect(encryptPassword(publicKey, tooLong)).rejects.toThrow(PasswordTooLongError);
    await expect(encryptPassword(publicKey, tooLong)).rejects.toThrow('密码过长，无法加密');
  });
});
