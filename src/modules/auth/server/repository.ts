import type { Db } from '@/server/db/dialect';
import type { UserRow } from '@/server/db/schema';
import './tables';

/** The only SQL of the auth module (sessions, settings and audit have their own helpers in server/identity). */

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('appUser').selectAll().where('username', '=', username).executeTakeFirst();
}

/** Accounts whose user name, 学号/工号 or e-mail is this value (single sign-on matching); at most two. */
export async function findUsersBy(db: Db, field: 'username' | 'userNo' | 'email', value: string): Promise<UserRow[]> {
  return db.selectFrom('appUser').selectAll().where(field, '=', value).orderBy('id').limit(2).execute();
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

/** A successful sign-in: the sign-in time (failure rows are cleared by clearFailuresAfterSuccess). */
export async function markLoggedIn(db: Db, userId: number, now: number): Promise<void> {
  await db.updateTable('appUser').set({ failedCount: 0, lastLoginAt: now }).where('id', '=', userId).execute();
}

// --- sign-in failures (per account and address; address '' = the account-wide streak) -------

export const ACCOUNT_WIDE = '';

/**
 * Claim one password attempt for (username, address), before the password is checked: one
 * statement, so parallel attempts from one address can never get past the threshold together.
 * The attempt counts as a failure until a right password clears it; the one that reaches the
 * threshold locks the pair (and restarts the count). An attempt while the pair is locked changes
 * nothing and answers { locked: true } with the lock's end.
 */
export async function claimAttempt(
  db: Db,
  a: { username: string; address: string; threshold: number; lockUntil: number; now: number },
): Promise<{ locked: boolean; lockedUntil: number | null }> {
  const locksNow = a.threshold <= 1;
  const row = await db
    .insertInto('signInFailure')
    .values({
      username: a.username,
      address: a.address,
      failedCount: locksNow ? 0 : 1,
      lockedUntil: locksNow ? a.lockUntil : null,
      lastFailedAt: a.now,
    })
    .onConflict((oc) =>
      oc
        .columns(['username', 'address'])
        .doUpdateSet((eb) => ({
          failedCount: eb
            .case()
            .when('signInFailure.failedCount', '>=', a.threshold - 1)
            .then(0)
            .else(eb('signInFailure.failedCount', '+', 1))
            .end(),
          lockedUntil: eb
            .case()
            .when('signInFailure.failedCount', '>=', a.threshold - 1)
            .then(a.lockUntil)
            // An ended lock may stay in the row (it no longer holds); the ref also types the CASE for PostgreSQL.
            .else(eb.ref('signInFailure.lockedUntil'))
            .end(),
          lastFailedAt: a.now,
        }))
        .where((eb) =>
          eb.or([eb('signInFailure.lockedUntil', 'is', null), eb('signInFailure.lockedUntil', '<=', a.now)]),
        ),
    )
    .returning(['lockedUntil'])
    .executeTakeFirst();
  if (row) return { locked: false, lockedUntil: row.lockedUntil };
  const held = await db
    .selectFrom('signInFailure')
    .select('lockedUntil')
    .where('username', '=', a.username)
    .where('address', '=', a.address)
    .executeTakeFirst();
  return { locked: true, lockedUntil: held?.lockedUntil ?? a.lockUntil };
}

/** Failures in a row on the account from every address (0 when none). */
export async function accountWideFailures(db: Db, username: string): Promise<number> {
  const row = await db
    .selectFrom('signInFailure')
    .select('failedCount')
    .where('username', '=', username)
    .where('address', '=', ACCOUNT_WIDE)
    .executeTakeFirst();
  return row?.failedCount ?? 0;
}

/** Count one wrong password on the account-wide streak; answers the streak's new length (atomic upsert). */
export async function addAccountWideFailure(db: Db, username: string, now: number): Promise<number> {
  const row = await db
    .insertInto('signInFailure')
    .values({ username, address: ACCOUNT_WIDE, failedCount: 1, lockedUntil: null, lastFailedAt: now })
    .onConflict((oc) =>
      oc.columns(['username', 'address']).doUpdateSet((eb) => ({
        failedCount: eb('signInFailure.failedCount', '+', 1),
        lastFailedAt: now,
      })),
    )
    .returning('failedCount')
    .executeTakeFirstOrThrow();
  return Number(row.failedCount);
}

/** How many addresses have failed on the account (the alert says so). */
export async function failingAddressCount(db: Db, username: string): Promise<number> {
  const row = await db
    .selectFrom('signInFailure')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('username', '=', username)
    .where('address', '<>', ACCOUNT_WIDE)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The back office shows a lock on the account while any of its addresses is locked: the latest end. */
export async function showAccountLock(db: Db, username: string, now: number): Promise<void> {
  const row = await db
    .selectFrom('signInFailure')
    .select((eb) => eb.fn.max('lockedUntil').as('until'))
    .where('username', '=', username)
    .where('lockedUntil', '>', now)
    .executeTakeFirst();
  const until = row?.until == null ? null : Number(row.until);
  await db.updateTable('appUser').set({ lockedUntil: until }).where('username', '=', username).execute();
}

/** A right password from this address: its streak and the account-wide streak end; other addresses' locks stay. */
export async function clearFailuresAfterSuccess(db: Db, username: string, address: string): Promise<void> {
  await db
    .deleteFrom('signInFailure')
    .where('username', '=', username)
    .where('address', 'in', [address, ACCOUNT_WIDE])
    .execute();
}

/** Every failure row of the account (an administrator's unlock); answers how many addresses were locked. */
export async function clearAllFailures(db: Db, username: string, now: number): Promise<number> {
  const rows = await db
    .deleteFrom('signInFailure')
    .where('username', '=', username)
    .returning(['address', 'lockedUntil'])
    .execute();
  return rows.filter((r) => r.address !== ACCOUNT_WIDE && r.lockedUntil !== null && r.lockedUntil > now).length;
}

/** Rows untouched for a day whose lock (if any) is over: a streak that old is forgotten. */
export async function purgeStaleFailures(db: Db, before: number, now: number): Promise<void> {
  await db
    .deleteFrom('signInFailure')
    .where('lastFailedAt', '<', before)
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<=', now)]))
    .execute();
}

/** Active administrators: who is alerted when an account is under attack. */
export async function activeAdministratorIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('appUser')
    .select('id')
    .where('isAdmin', '=', 1)
    .where('status', '=', 'active')
    .execute();
  return rows.map((r) => r.id);
}

export async function updatePassword(db: Db, userId: number, passwordHash: string, now: number): Promise<void> {
  await db
    .updateTable('appUser')
    .set({ passwordHash, mustChangePwd: 0, failedCount: 0, updatedAt: now })
    .where('id', '=', userId)
    .execute();
}

// --- accounts made and refreshed by single sign-on (sso/provision.ts) ----------------------

/** A department by its code, else by its name (one only: two of that name match none). */
export async function findDepartmentByCodeOrName(db: Db, value: string): Promise<number | null> {
  const byCode = await db.selectFrom('department').select('id').where('code', '=', value).executeTakeFirst();
  if (byCode) return byCode.id;
  const byName = await db.selectFrom('department').select('id').where('name', '=', value).limit(2).execute();
  return byName.length === 1 ? byName[0]!.id : null;
}

export async function roleIdByCode(db: Db, code: string): Promise<number | null> {
  const row = await db.selectFrom('role').select('id').where('code', '=', code).executeTakeFirst();
  return row?.id ?? null;
}

/** An account without a password (password_hash ''): it signs in by single sign-on only. */
export async function insertSsoUser(
  db: Db,
  u: {
    username: string;
    realName: string;
    userNo: string;
    kind: 'student' | 'staff';
    departmentId: number | null;
    email: string | null;
    roleId: number | null;
  },
  now: number,
): Promise<UserRow> {
  const { roleId, ...profile } = u;
  const row = await db
    .insertInto('appUser')
    .values({
      ...profile,
      passwordHash: '',
      isAdmin: 0,
      phone: null,
      gender: null,
      avatar: null,
      status: 'active',
      mustChangePwd: 0,
      failedCount: 0,
      lockedUntil: null,
      lastLoginAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (roleId !== null) await db.insertInto('userRole').values({ userId: row.id, roleId }).execute();
  return row;
}

export async function updateSsoProfile(
  db: Db,
  userId: number,
  set: { realName?: string; departmentId?: number; email?: string },
  now: number,
): Promise<void> {
  await db
    .updateTable('appUser')
    .set({ ...set, updatedAt: now })
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
