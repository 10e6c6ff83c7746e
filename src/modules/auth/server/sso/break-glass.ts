import type { Db } from '@/server/db/dialect';
import { audit } from '@/server/identity/audit';
import { getSetting, putSetting } from '@/server/identity/settings';
import { findUserByUsername } from '../repository';

/**
 * Break-glass for a closed password back door: while single sign-on is on without
 * retainBackDoor, one named administrator may sign in with a password on the administrators'
 * side for a short window. Only someone with a shell on the server opens it
 * (`npm run sso:break-glass`), so it cannot be opened from the web; opening, closing and every
 * use are audited.
 */
export const BREAK_GLASS_SETTING = 'sso_break_glass';
export const BREAK_GLASS_DEFAULT_MINUTES = 30;
export const BREAK_GLASS_MAX_MINUTES = 240;

interface BreakGlass {
  username: string;
  until: number;
}

export class BreakGlassRefused extends Error {}

/** Opens the window for an active administrator; answers when it ends. */
export async function openBreakGlass(
  db: Db,
  username: string,
  minutes: number,
  by: string,
  now = Date.now(),
): Promise<number> {
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > BREAK_GLASS_MAX_MINUTES)
    throw new BreakGlassRefused(
      `分钟数须为 1–${BREAK_GLASS_MAX_MINUTES} 的整数 (minutes must be 1–${BREAK_GLASS_MAX_MINUTES})`,
    );
  const user = await findUserByUsername(db, username);
  if (!user || user.status !== 'active' || user.isAdmin !== 1)
    throw new BreakGlassRefused(`${username} 不是启用中的管理员账号 (not an active administrator)`);
  const until = now + minutes * 60_000;
  await db.transaction().execute(async (trx) => {
    await putSetting(trx, BREAK_GLASS_SETTING, { username: user.username, until } satisfies BreakGlass);
    await audit(trx, {
      action: 'sso_break_glass_opened',
      result: 'ok',
      actorName: by.slice(0, 64),
      target: user.username,
      detail: `password sign-in for ${minutes} min, until ${new Date(until).toISOString()}`,
    });
  });
  return until;
}

/** Ends the window now (whoever it was for). Answers whether one was open. */
export async function closeBreakGlass(db: Db, by: string, now = Date.now()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const open = await getSetting<BreakGlass>(trx, BREAK_GLASS_SETTING);
    await trx.deleteFrom('setting').where('key', '=', BREAK_GLASS_SETTING).execute();
    const wasOpen = Boolean(open && open.until > now);
    await audit(trx, {
      action: 'sso_break_glass_closed',
      result: 'ok',
      actorName: by.slice(0, 64),
      target: open?.username ?? null,
      detail: wasOpen ? 'closed before its end' : 'nothing was open',
    });
    return wasOpen;
  });
}

/** Whether the break-glass window is open for this user name right now. */
export async function breakGlassOpenFor(db: Db, username: string, now = Date.now()): Promise<boolean> {
  const open = await getSetting<BreakGlass>(db, BREAK_GLASS_SETTING);
  return Boolean(open && open.until > now && open.username === username);
}
