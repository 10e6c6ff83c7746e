import { createHash } from 'node:crypto';
import type { Db } from '@/server/db/dialect';

/**
 * OIDC authorization requests in flight, kept in the `setting` table (key 'sso_state:<sha256>')
 * so the server that answers the callback need not be the one that started it. Only the hash
 * of the state is a key; each entry is used once and lives STATE_TTL_MS.
 */
export const STATE_TTL_MS = 10 * 60 * 1000;
const PREFIX = 'sso_state:';

export interface PendingAuthorization {
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  page: 'login' | 'loginAdmin';
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

/** The pending authorization of this state, removed as it is read; undefined if unknown, used or expired. */
export async function takePendingAuthorization(
  db: Db,
  state: string,
  now = Date.now(),
): Promise<PendingAuthorization | undefined> {
  const key = keyOf(state);
  const row = await db.selectFrom('setting').select(['value', 'updatedAt']).where('key', '=', key).executeTakeFirst();
  if (!row) return undefined;
  // Whoever deletes the row owns it: two servers racing on one callback cannot both succeed.
  const del = await db.deleteFrom('setting').where('key', '=', key).executeTakeFirst();
  if (Number(del.numDeletedRows) !== 1) return undefined;
  if (now - row.updatedAt > STATE_TTL_MS) return undefined;
  return JSON.parse(row.value) as PendingAuthorization;
}
