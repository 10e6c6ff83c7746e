import type { Db } from '@/server/db/dialect';

/**
 * The id_token of each OIDC sign-in, kept for its session in the `setting` table (key
 * 'sso_id_token:<session token hash>') until logout sends it back to the provider as
 * id_token_hint. Entries of sessions that ended without a logout are purged once older than
 * the longest session.
 */
const PREFIX = 'sso_id_token:';

export async function keepIdToken(
  db: Db,
  sessionTokenHash: string,
  idToken: string,
  maxAgeMs: number,
  now = Date.now(),
): Promise<void> {
  await db
    .deleteFrom('setting')
    .where('key', 'like', `${PREFIX}%`)
    .where('updatedAt', '<', now - maxAgeMs)
    .execute();
  await db
    .insertInto('setting')
    .values({ key: PREFIX + sessionTokenHash, value: JSON.stringify(idToken), updatedAt: now })
    .execute();
}

/** The id_token kept for this session, removed as it is read; null for a password sign-in. */
export async function takeIdToken(db: Db, sessionTokenHash: string): Promise<string | null> {
  const key = PREFIX + sessionTokenHash;
  const row = await db.selectFrom('setting').select('value').where('key', '=', key).executeTakeFirst();
  if (!row) return null;
  await db.deleteFrom('setting').where('key', '=', key).execute();
  return JSON.parse(row.value) as string;
}
