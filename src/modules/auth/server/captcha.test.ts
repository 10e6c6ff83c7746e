import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import { CAPTCHA_TTL_MS, CAPTCHA_WIDTH } from '@/shared/constants';
import { attemptLogin, fetchCaptchaId } from './test-login';
import { issueCaptcha, verifyCaptcha } from './captcha-store';

const codeOf = (res: { json(): unknown }) => (res.json() as { errorCode: string }).errorCode;

describe('captcha (GET /user/login/get_code/)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers an SVG image 140 px wide, never cached, with its id in an httpOnly SameSite=Lax cookie', async () => {
    const res = await app.inject({ method: 'GET', url: '/user/login/get_code/?r=0.123' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatch(new RegExp(`^<svg[^>]*width="${CAPTCHA_WIDTH}"[^>]*height="40"`));
    const cookie = res.cookies.find((c) => c.name === 'cid')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const row = await app.db.selectFrom('captcha').selectAll().where('id', '=', cookie.value).executeTakeFirstOrThrow();
    // Only a hash of the answer is stored, and it lives two minutes.
    expect(row.answerHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.answerHash).not.toContain('TEST');
    expect(row.expiresAt - row.createdAt).toBe(CAPTCHA_TTL_MS);
  });

  it('stores the real answer of the image when no fixed code is configured', async () => {
    const id = (await issueCaptcha(app.db, { fixedCode: null })).id;
    const row = await app.db.selectFrom('captcha').select('answerHash').where('id', '=', id).executeTakeFirstOrThrow();
    // The fixed test code is not the answer of a random image.
    expect(row.answerHash).not.toBe(createHash('sha256').update(`test:${id}`).digest('hex'));
    await expect(verifyCaptcha(app.db, id, 'TEST')).rejects.toMatchObject({ code: Codes.captchaWrong });
  });

  it('compares the answer without regard to case', async () => {
    const { id } = await issueCaptcha(app.db, { fixedCode: 'AbCd' });
    await expect(verifyCaptcha(app.db, id, 'aBcD')).resolves.toBeUndefined();
  });

  it('works once only', async () => {
    const cid = await fetchCaptchaId(app);
    expect(codeOf(await attemptLogin(app, { username: 'student', password: 'Student@2026', cid }))).toBe(Codes.ok);
    expect(codeOf(await attemptLogin(app, { username: 'student', password: 'Student@2026', cid }))).toBe(
      Codes.cidNotFound,
    );
  });

  it('is used up by a wrong answer too', async () => {
    const cid = await fetchCaptchaId(app);
    expect(codeOf(await attemptLogin(app, { username: 'student', password: 'Student@2026', cid, code: 'NOPE' }))).toBe(
      Codes.captchaWrong,
    );
    expect(codeOf(await attemptLogin(app, { username: 'student', password: 'Student@2026', cid }))).toBe(
      Codes.cidNotFound,
    );
  });

  it('expires after two minutes', async () => {
    const cid = await fetchCaptchaId(app);
    await app.db
      .updateTable('captcha')
      .set({ expiresAt: Date.now() - 1 })
      .where('id', '=', cid)
      .execute();
    const res = await attemptLogin(app, { username: 'student', password: 'Student@2026', cid });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: Codes.captchaExpired, message: '验证码已过期，请刷新验证码' });
  });

  it('answers 0x00000012 without a cid cookie or with an unknown one', async () => {
    expect(codeOf(await attemptLogin(app, { username: 'student', password: 'Student@2026', cid: null }))).toBe(
      Codes.cidNotFound,
    );
    expect(
      codeOf(
        await attemptLogin(app, { username: 'student', password: 'Student@2026', cid: 'AAAAAAAAAAAAAAAAAAAAAAAA' }),
      ),
    ).toBe(Codes.cidNotFound);
    expect(codeOf(await attemptLogin(app, { username: 'student', password: 'Student@2026', cid: 'bad id!' }))).toBe(
      Codes.cidNotFound,
    );
  });

  it('invalidates the previous captcha when the image is refreshed', async () => {
    const first = await fetchCaptchaId(app);
    const second = await fetchCaptchaId(app, first);
    expect(second).not.toBe(first);
    expect(await app.db.selectFrom('captcha').select('id').where('id', '=', first).executeTakeFirst()).toBeUndefined();
    expect(codeOf(await attemptLogin(app, { username: 'student', password: 'Student@2026', cid: first }))).toBe(
      Codes.cidNotFound,
    );
    expect(codeOf(await attemptLogin(app, { username: 'student', password: 'Student@2026', cid: second }))).toBe(
      Codes.ok,
    );
  });

  it('sweeps expired captchas from the store', async () => {
    const fresh = await buildTestApp({ seed: 'none' });
    const old = Date.now() - 10 * 60_000;
    await fresh.db
      .insertInto('captcha')
      .values({
        id: 'stale-captcha-0000000000',
        answerHash: 'x',
        expiresAt: old,
        used: 0,
        createdAt: old - CAPTCHA_TTL_MS,
      })
      .execute();
    await fetchCaptchaId(fresh);
    const ids = (await fresh.db.selectFrom('captcha').select('id').execute()).map((r) => r.id);
    expect(ids).not.toContain('stale-captcha-0000000000');
    expect(ids).toHaveLength(1);
    await fresh.close();
  });
});
