import { createHash } from 'node:crypto';
import type { Db } from '@/server/db/dialect';

/**
 * Single sign-on round trips in flight (OIDC authorizations and CAS service round trips), kept in
 * the `setting` table (key 'sso_state:<sha256>') so the server that answers the return need not
 * be the one that started it. Only the hash of the state is a key; each entry is used once and
 * lives STATE_TTL_MS. `browser` is the hash of the starting browser's cookie (./browser-binding.ts).
 */
export const STATE_TTL_MS = 10 * 60 * 1000;
const PREFIX = 'sso_state:';

export interface PendingAuthorization {
  kind: 'cas' | 'oidc';
  /** SHA-256 (hex) of the starting browser's secret. */
  browser: string;
  /** The side the sign-in was started for, whatever page the provider returns to. */
  page: 'login' | 'loginAdmin';
  /** The deep link to open after signing in ('' = none), already checked by safeTo. */
  to: string;
  /** The OIDC redirect_uri, or the CAS service URL the ticket is issued for. */
  returnUrl: string;
  /** OIDC only. */
  nonce?: string;
  codeVerifier?: string;
}

const keyOf = (state: string) => PREFIX + createHash('sha256').update(state).digest('hex');

export async function savePendingAuthorization(
  db: Db,
  state: string,
  p: PendingAuthorization,
  now = Date.now(),
): Promise<void> {
  // Old entries go whenever a new one comes, so abandoned sign-ins do not pile up.
  await db
    .deleteFrom('setting')
    .where('key', 'like', `${PREFIX}%`)
    .where('updatedAt', '<', now - STATE_TTL_MS)
    .execute();
  await db
    .insertInto('setting')
    .values({ key: keyOf(state), value: JSON.stringify(p), updatedAt: now })
    .execute();
}

export type TakeResult =
  | { ok: true; pending: PendingAuthorization }
  | { ok: false; reason: 'unknown' | 'other-browser' };

/**
 * The pending sign-in of this state, removed as it is taken; unknown if never made, used or
 * expired. One asked by another browser (`isSameBrowser` false) is left in place, so a forged
 * link cannot spoil the real sign-in.
 */
export async function takePendingAuthorization(
  db: Db,
  state: string,
  isSameBrowser: (storedHash: string | undefined) => boolean,
  now = Date.now(),
): Promise<TakeResult> {
  const key = keyOf(state);
  const row = await db.selectFrom('setting').select(['value', 'updatedAt']).where('key', '=', key).executeTakeFirst();
  if (!row || now - row.updatedAt > STATE_TTL_MS) return { ok: false, reason: 'unknown' };
  const pending = JSON.parse(row.value) as Partial<PendingAuthorization>;
  if (!isSameBrowser(pending.browser)) return { ok: false, reason: 'other-browser' };
  // Whoever deletes the row owns it: two servers racing on one return cannot both succeed.
  const del = await db.deleteFrom('setting').where('key', '=', key).executeTakeFirst();
  if (Number(del.numDeletedRows) !== 1) return { ok: false, reason: 'unknown' };
  return { ok: true, pending: pending as PendingAuthorization };
}
