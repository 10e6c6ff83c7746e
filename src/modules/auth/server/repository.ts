import type { Db } from '@/server/db/dialect';
import type { UserRow } from '@/server/db/schema';

/** The only SQL of the auth module (sessions, settings and audit have their own helpers in server/identity). */

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('appUser').selectAll().where('username', '=', username).executeTakeFirst();
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('appUser').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function departmentOf(db: Db, departmentId: number | null): Promise<{ id: number; name: string } | null> {
  if (departmentId === null) return null;
  const row = await db
    .selectFrom('department')
    .select(['id', 'name'])
    .where('id', '=', departmentId)
    .executeTakeFirst();
  return row ?? null;
}

export async function rolesOf(db: Db, userId: number): Promise<{ code: string; name: string }[]> {
  return db
    .selectFrom('userRole')
    .innerJoin('role', 'role.id', 'userRole.roleId')
    .select(['role.code', 'role.name'])
    .where('userRole.userId', '=', userId)
    .orderBy('role.sort')
    .orderBy('role.id')
    .execute();
}

/** A successful sign-in: the failure streak ends and any lock is lifted. */
export async function markLoggedIn(db: Db, userId: number, now: number): Promise<void> {
  await db
    .updateTable('appUser')
    .set({ failedCount: 0, lockedUntil: null, lastLoginAt: now })
    .where('id', '=', userId)
    .execute();
}

/**
 * Count one failed password, atomically in the database so several app servers count
 * together. The failure that reaches the threshold locks the account and restarts the
 * count, so after the lock the user again has `threshold` tries. Answers the lock end, or null.
 */
export async function recordFailure(
  db: Db,
  userId: number,
  threshold: number,
  lockUntil: number,
): Promise<number | null> {
  const row = await db
    .updateTable('appUser')
    .set((eb) => ({
      failedCount: eb
        .case()
        .when('failedCount', '>=', threshold - 1)
        .then(0)
        .else(eb('failedCount', '+', 1))
        .end(),
      lockedUntil: eb
        .case()
        .when('failedCount', '>=', threshold - 1)
        .then(lockUntil)
        .else(eb.ref('lockedUntil'))
        .end(),
    }))
    .where('id', '=', userId)
    .returning(['failedCount', 'lockedUntil'])
    .executeTakeFirst();
  return row?.lockedUntil ?? null;
}

export async function resetFailures(db: Db, userId: number): Promise<void> {
  await db.updateTable('appUser').set({ failedCount: 0 }).where('id', '=', userId).execute();
}

export async function updatePassword(db: Db, userId: number, passwordHash: string, now: number): Promise<void> {
  await db
    .updateTable('appUser')
    .set({ passwordHash, mustChangePwd: 0, failedCount: 0, lockedUntil: null, updatedAt: now })
    .where('id', '=', userId)
    .execute();
}

// --- captcha -----------------------------------------------------------------------------

export async function insertCaptcha(
  db: Db,
  c: { id: string; answerHash: string; expiresAt: number; now: number },
): Promise<void> {
  await db
    .insertInto('captcha')
    .values({ id: c.id, answerHash: c.answerHash, expiresAt: c.expiresAt, used: 0, createdAt: c.now })
    .execute();
}

export async function deleteCaptcha(db: Db, id: string): Promise<void> {
  await db.deleteFrom('captcha').where('id', '=', id).execute();
}

/** Take a captcha out of the store: one statement, so two servers can never both use it. */
export async function takeCaptcha(db: Db, id: string): Promise<{ answerHash: string; expiresAt: number } | undefined> {
  return db.deleteFrom('captcha').where('id', '=', id).returning(['answerHash', 'expiresAt']).executeTakeFirst();
}

export async function purgeExpiredCaptchas(db: Db, now: number): Promise<void> {
  await db.deleteFrom('captcha').where('expiresAt', '<', now).execute();
}

// --- visits ------------------------------------------------------------------------------

/** Count one visit for the day (upsert: the database adds, so concurrent servers never lose one). */
export async function incrementVisit(db: Db, day: string): Promise<number> {
  const row = await db
    .insertInto('visitStat')
    .values({ day, count: 1 })
    .onConflict((oc) => oc.column('day').doUpdateSet((eb) => ({ count: eb(eb.ref('visitStat.count'), '+', 1) })))
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
