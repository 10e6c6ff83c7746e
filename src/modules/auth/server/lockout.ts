import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Db } from '@/server/db/dialect';
import type { UserRow } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { audit } from '@/server/identity/audit';
import { Codes } from '@/shared/errors';
import { sendMessage } from '@/modules/messages/server/commands/send-message';
import {
  accountWideFailures,
  activeAdministratorIds,
  addAccountWideFailure,
  claimAttempt,
  clearFailuresAfterSuccess,
  failingAddressCount,
  purgeStaleFailures,
  showAccountLock,
} from './repository';

/**
 * The lockout policy (README "Lockout"): failures are counted per account *and* client address,
 * and only that pair is ever locked, so an attacker's address locks itself out, never the owner.
 * The account-wide streak (every address) only slows sign-in and alerts administrators.
 * Every counter lives in the database, shared by all app servers.
 */

const DAY_MS = 86_400_000;
/** The first delayed attempt waits this long; each further failure doubles it, up to the configured cap. */
const FIRST_DELAY_MS = 1000;
const ACCOUNTS_PAGE = '/cms/systemSetting/account';

export const lockedError = (until: number) =>
  new AppError(
    Codes.accountLocked,
    423,
    `账号已锁定，请 ${Math.max(1, Math.ceil((until - Date.now()) / 60_000))} 分钟后再试`,
  );

/** One password attempt under way: who, from where, and whether its claim locked the pair. */
export interface Attempt {
  username: string;
  address: string;
  /** Set when this attempt reached the threshold: if its password is wrong, the pair stays locked until then. */
  locksUntil: number | null;
  /** How long the attempt was held back before its password was checked. */
  delayedMs: number;
}

/** The account-wide delay after `failures` failures in a row: none below the threshold, then 1 s, 2 s, 4 s … capped. */
export function accountWideDelay(failures: number, threshold: number, maxMs: number): number {
  if (failures < threshold) return 0;
  return Math.min(maxMs, FIRST_DELAY_MS * 2 ** Math.min(failures - threshold, 20));
}

/**
 * Before a password is checked: refuse a locked (account, address) pair with the spec's locked
 * answer (`refused`), otherwise claim the attempt and, once the account-wide streak has reached
 * the threshold, wait. The wait is a timer, not a query or a transaction: this request sleeps,
 * every other request carries on.
 */
export async function beginAttempt(
  app: FastifyInstance,
  username: string,
  address: string,
): Promise<{ refused: AppError } | { attempt: Attempt }> {
  const { lockoutThreshold, lockoutMinutes, lockoutDelayThreshold, lockoutDelayMaxMs } = app.config;
  const now = Date.now();
  const lockUntil = now + lockoutMinutes * 60_000;
  // First, so that a streak a day old is forgotten before this attempt counts.
  await purgeStaleFailures(app.db, now - DAY_MS, now);
  const claim = await claimAttempt(app.db, { username, address, threshold: lockoutThreshold, lockUntil, now });
  if (claim.locked) return { refused: lockedError(claim.lockedUntil!) };
  const delayedMs = accountWideDelay(
    await accountWideFailures(app.db, username),
    lockoutDelayThreshold,
    lockoutDelayMaxMs,
  );
  if (delayedMs > 0) await sleep(delayedMs);
  return { attempt: { username, address, locksUntil: claim.lockedUntil === lockUntil ? lockUntil : null, delayedMs } };
}

/**
 * A wrong password: the account-wide streak grows; if this attempt locked its pair, the lock is
 * audited and shown on the account in the back office; the failure that brings the streak to the
 * threshold alerts every administrator once (a message and an audit row). One transaction.
 * Answers the lock end when this failure locked the pair (the caller answers "locked"), else null.
 */
export async function recordWrongPassword(
  app: FastifyInstance,
  attempt: Attempt,
  user: UserRow | undefined,
): Promise<number | null> {
  const now = Date.now();
  const { lockoutThreshold, lockoutMinutes, lockoutDelayThreshold } = app.config;
  const target = user ? `user:${user.id} ${user.username}` : `unknown user ${attempt.username.slice(0, 64)}`;
  await app.db.transaction().execute(async (trx) => {
    const streak = await addAccountWideFailure(trx, attempt.username, now);
    if (attempt.locksUntil !== null) {
      if (user) await showAccountLock(trx, user.username, now);
      await audit(trx, {
        action: 'sign_in_locked',
        result: 'fail',
        actorId: user?.id ?? null,
        actorName: attempt.username.slice(0, 64),
        target,
        detail: `address ${attempt.address} locked for ${lockoutMinutes} min after ${lockoutThreshold} failures in a row`,
        ip: attempt.address,
      });
    }
    // Exactly one request sees the streak equal the threshold (the upsert is atomic): one alert a burst.
    if (user && streak === lockoutDelayThreshold) await alertAdministrators(trx, user, attempt.address, streak);
  });
  return attempt.locksUntil;
}

async function alertAdministrators(trx: Db, user: UserRow, address: string, streak: number): Promise<void> {
  const addresses = await failingAddressCount(trx, user.username);
  await sendMessage(trx, {
    userIds: await activeAdministratorIds(trx),
    kind: 'system',
    title: `账号 ${user.username} 连续登录失败 ${streak} 次`,
    body:
      `账号 ${user.username}（${user.realName}）已连续 ${streak} 次密码错误，来自 ${addresses} 个地址，最近一次来自 ${address}。` +
      '此后对该账号的每次登录尝试都会被延迟，验证码仍然必填；单个地址连续失败会被单独锁定，账号本人从其他地址仍可登录。' +
      '请在审计日志中查看来源地址，必要时联系该用户。',
    link: ACCOUNTS_PAGE,
  });
  await audit(trx, {
    action: 'sign_in_alert',
    result: 'fail',
    actorId: user.id,
    actorName: user.username,
    target: `user:${user.id} ${user.username}`,
    detail: `${streak} failures in a row from ${addresses} addresses; administrators alerted`,
    ip: address,
  });
}

/**
 * The right password from this address: its streak and the account-wide one end, and the back
 * office's lock mark follows what is left (another address may still be locked). Pass the
 * caller's transaction when the success writes more.
 */
export async function signInAccepted(db: Db, username: string, address: string): Promise<void> {
  await clearFailuresAfterSuccess(db, username, address);
  await showAccountLock(db, username, Date.now());
}
