import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/dialect';
import { preparedQuery } from '../db/prepared';

/** What the server knows about the caller of a request with a valid token. */
export interface AuthContext {
  tokenHash: string;
  userId: number;
  username: string;
  realName: string;
  isAdmin: boolean;
  platformId: number | null;
}

export interface SessionLimits {
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Opaque 256-bit token; only its SHA-256 is stored (DESIGN §6). */
export async function createSession(
  db: Db,
  limits: SessionLimits,
  s: { userId: number; isAdmin: boolean; platformId: number | null; ip?: string | null; userAgent?: string | null },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db
    .insertInto('session')
    .values({
      tokenHash: hashToken(token),
      userId: s.userId,
      isAdmin: s.isAdmin ? 1 : 0,
      platformId: s.platformId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: now + limits.sessionAbsoluteHours * 3600_000,
      revokedAt: null,
      ip: s.ip ?? null,
      userAgent: s.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  return token;
}

// last_seen_at is written at most once a minute per session, so reads stay reads.
const TOUCH_EVERY_MS = 60_000;

/**
 * The lookup every signed-in call makes, compiled once per database (preparedQuery): Kysely builds
 * and compiles a query afresh on each call, which cost more than SQLite's indexed read itself
 * (issue 15). The row is still read on every call, so a revoked session, a disabled account or a
 * changed password (which revokes) counts on the next call on every server.
 */
const lookupSession = preparedQuery((db: Db, v: { tokenHash: string }) =>
  db
    .selectFrom('session')
    .innerJoin('appUser', 'appUser.id', 'session.userId')
    .select([
      'session.userId',
      'session.isAdmin',
      'session.platformId',
      'session.lastSeenAt',
      'session.expiresAt',
      'session.revokedAt',
      'appUser.username',
      'appUser.realName',
      'appUser.status',
    ])
    .where('session.tokenHash', '=', v.tokenHash),
);

/**
 * The session behind a token, or null when it is unknown, revoked, past its absolute
 * expiry, idle too long, or its user is disabled. The idle limit is checked before
 * touching last_seen_at, so a late request never revives an expired session.
 */
export async function resolveSession(db: Db, limits: SessionLimits, token: string): Promise<AuthContext | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const [row] = await lookupSession(db, { tokenHash });
  const now = Date.now();
  if (!row || row.revokedAt !== null || row.expiresAt <= now || row.status !== 'active') return null;
  if (now - row.lastSeenAt > limits.sessionIdleMinutes * 60_000) return null;
  if (now - row.lastSeenAt > TOUCH_EVERY_MS) {
    await db.updateTable('session').set({ lastSeenAt: now }).where('tokenHash', '=', tokenHash).execute();
  }
  return {
    tokenHash,
    userId: row.userId,
    username: row.username,
    realName: row.realName,
    isAdmin: row.isAdmin === 1,
    platformId: row.platformId,
  };
}

export async function revokeSession(db: Db, tokenHash: string): Promise<void> {
  await db
    .updateTable('session')
    .set({ revokedAt: Date.now() })
    .where('tokenHash', '=', tokenHash)
    .where('revokedAt', 'is', null)
    .execute();
}

/** Revoke every live session of a user (password change, account disabled), optionally keeping one. */
export async function revokeUserSessions(db: Db, userId: number, exceptTokenHash?: string): Promise<void> {
  let q = db
    .updateTable('session')
    .set({ revokedAt: Date.now() })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null);
  if (exceptTokenHash) q = q.where('tokenHash', '!=', exceptTokenHash);
  await q.execute();
}

export async function setSessionPlatform(db: Db, tokenHash: string, platformId: number): Promise<void> {
  await db.updateTable('session').set({ platformId }).where('tokenHash', '=', tokenHash).execute();
}
