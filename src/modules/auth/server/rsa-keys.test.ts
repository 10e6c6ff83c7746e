import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestUser, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import type { Envelope } from '@/shared/envelope';
import type { PublicKeyAnswer } from '../contract';
import { decryptPassword, RSA_SETTING_KEY } from './rsa-keys';
import { encryptPassword, fetchPublicKey, loginAs } from './test-login';

describe('RSA key pair and password decryption', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ seed: 'none' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('makes a 1024-bit key with e=65537 at start and keeps it in the database', async () => {
    const stored = await app.db
      .selectFrom('setting')
      .select('value')
      .where('key', '=', RSA_SETTING_KEY)
      .executeTakeFirstOrThrow();
    const pair = JSON.parse(stored.value) as { publicKey: string; privateKey: string };
    expect(pair.privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    const res = await app.inject({ method: 'POST', url: '/user/commonInterface/get_public_key/' });
    const body = res.json() as Envelope<PublicKeyAnswer>;
    expect(body.errorCode).toBe(Codes.ok);
    expect(body.data.public_key).toBe(pair.publicKey);
    expect(body.data.public_key).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(body.data.max_plain_bytes).toBe(62);
    const details = createPublicKey(body.data.public_key).asymmetricKeyDetails!;
    expect(details.modulusLength).toBe(1024);
    expect(details.publicExponent).toBe(65537n);
  });

  it('round-trips a Chinese password encrypted with OAEP-SHA-256', async () => {
    const key = await fetchPublicKey(app);
    expect(await decryptPassword(app, encryptPassword(key, '教师@2026密码'))).toBe('教师@2026密码');
  });

  it('signs in a user whose password is Chinese', async () => {
    await createTestUser(app, { username: 'zh-pwd', password: '教师@2026密码' });
    expect((await loginAs(app, 'zh-pwd', '教师@2026密码')).user_info.username).toBe('zh-pwd');
  });

  it('refuses plaintext, non-base64, PKCS#1 v1.5 and foreign-key ciphertexts', async () => {
    const key = await fetchPublicKey(app);
    const v15 = publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from('Student@2026')).toString(
      'base64',
    );
    const { generateKeyPairSync } = await import('node:crypto');
    const other = generateKeyPairSync('rsa', {
      modulusLength: 1024,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const foreign = encryptPassword(other.publicKey, 'Student@2026');
    for (const bad of ['Student@2026', 'abcd1234', '', '!!!!', v15, foreign]) {
      await expect(decryptPassword(app, bad), bad.slice(0, 20)).rejects.toMatchObject({
        code: Codes.inputError,
        message: '密码解密失败，请刷新页面后重试',
      });
    }
  });

  it('accepts a ciphertext whose + signs arrived as spaces', async () => {
    const key = await fetchPublicKey(app);
    let enc = encryptPassword(key, 'Space+Safe1');
    while (!enc.includes('+')) enc = encryptPassword(key, 'Space+Safe1');
    expect(await decryptPassword(app, enc.replace(/\+/g, ' '))).toBe('Space+Safe1');
  });

  it('makes a bigger key when RSA_KEY_BITS asks for one', async () => {
    const big = await buildTestApp({ seed: 'none', env: { RSA_KEY_BITS: '2048' } });
    const key = await fetchPublicKey(big);
    expect(createPublicKey(key).asymmetricKeyDetails!.modulusLength).toBe(2048);
    const res = await big.inject({ method: 'POST', url: '/user/commonInterface/get_public_key/' });
    expect((res.json() as Envelope<PublicKeyAnswer>).data.max_plain_bytes).toBe(190);
    await big.close();
  });
});
