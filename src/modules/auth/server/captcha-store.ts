import { createHash, randomBytes } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Db } from '@/server/db/dialect';
import { AppError } from '@/server/errors';
import { Codes } from '@/shared/errors';
import { CAPTCHA_HEIGHT, CAPTCHA_TTL_MS, CAPTCHA_WIDTH } from '@/shared/constants';
import { deleteCaptcha, insertCaptcha, purgeExpiredCaptchas, takeCaptcha } from './repository';

/** The cookie that carries the captcha id (httpOnly: scripts never see it). */
export const CAPTCHA_COOKIE = 'cid';

// No look-alikes (0/O/o, 1/I/l/i, 9/g/q…): a person can read every character.
const CHARS = 'ABCDEFGHJKMNPRSTUVWXYZabcdefhjkmnprstuvwxyz2345678';
const ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
const PURGE_EVERY_MS = 30_000;

const answerHash = (answer: string, id: string) =>
  createHash('sha256').update(`${answer.toLowerCase()}:${id}`).digest('hex');

// Expired captchas are swept at most every 30 s per server, on the indexed expires_at.
const lastPurge = new WeakMap<Db, number>();
async function purgeSometimes(db: Db, now: number): Promise<void> {
  if (now - (lastPurge.get(db) ?? 0) < PURGE_EVERY_MS) return;
  lastPurge.set(db, now);
  await purgeExpiredCaptchas(db, now);
}

/**
 * Make a captcha: the SVG to show and the id to set as cookie. Only a hash of the answer is
 * stored, for two minutes. The caller's previous captcha (its cookie id) is dropped, so a
 * refresh invalidates it. With a fixed code configured (automated tests) that code is the answer.
 */
export async function issueCaptcha(
  db: Db,
  opts: { previousId?: string | null; fixedCode: string | null },
): Promise<{ id: string; svg: string }> {
  const now = Date.now();
  const image = svgCaptcha.create({
    size: 4,
    width: CAPTCHA_WIDTH,
    height: CAPTCHA_HEIGHT,
    fontSize: 40,
    noise: 2,
    color: true,
    background: '#f3f6fb',
    charPreset: CHARS,
  });
  const id = randomBytes(18).toString('base64url');
  const answer = opts.fixedCode ?? image.text;
  if (opts.previousId && ID_PATTERN.test(opts.previousId)) await deleteCaptcha(db, opts.previousId);
  await insertCaptcha(db, { id, answerHash: answerHash(answer, id), expiresAt: now + CAPTCHA_TTL_MS, now });
  await purgeSometimes(db, now);
  return { id, svg: image.data };
}

/**
 * Check a captcha answer. The captcha is used up whatever the outcome, so each try needs a
 * fresh image. Errors: no or unknown id 0x00000012, expired 0x00000032, wrong 0x00000031.
 */
export async function verifyCaptcha(db: Db, id: string | null | undefined, code: string): Promise<void> {
  if (!id || !ID_PATTERN.test(id)) throw new AppError(Codes.cidNotFound, 400, '验证码已失效，请刷新验证码');
  const row = await takeCaptcha(db, id);
  if (!row) throw new AppError(Codes.cidNotFound, 400, '验证码已失效，请刷新验证码');
  if (row.expiresAt <= Date.now()) throw new AppError(Codes.captchaExpired, 400, '验证码已过期，请刷新验证码');
  if (answerHash(code.trim(), id) !== row.answerHash) throw new AppError(Codes.captchaWrong, 400, '验证码错误');
}
