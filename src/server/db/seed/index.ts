import { randomBytes } from 'node:crypto';
import { PostgresAdapter, sql, type Insertable } from 'kysely';
import type { Db } from '../dialect';
import type { UserTable } from '../schema';
import { hashPassword } from '@/server/identity/passwords';
import { insertChunks, type Tx } from './batch';
import { insertOrganisation, collegeDeptCode } from './organisation';
import { insertPlatformsAndMenus } from './platforms';
import { fullPeople, NumberBook, smallPeople, type Person } from './people';
import { runModuleSeeds } from './module-seeds';
import { mulberry32 } from './prng';
import { moduleCatalog, type ServerCatalog } from '@/server/module-catalog';
import type { RoleCode } from './university';

export interface SeedOptions {
  /** 'small': the fixed accounts, organisation, platforms and menus (tests); 'full': plus thousands of people. */
  size: 'small' | 'full';
  /** The modules whose menu routes the menus hold and whose demo seeds run (the app's `app.modules`); default: src/modules. */
  catalog?: ServerCatalog;
}

/** The fixed demo accounts (README). */
export const DEMO_ACCOUNTS = [
  { username: 'admin', password: 'Admin@2026', realName: '系统管理员', kind: 'admin', isAdmin: true },
  { username: 'teacher', password: 'Teacher@2026', realName: '王建国', kind: 'staff', isAdmin: false },
  { username: 'student', password: 'Student@2026', realName: '李明轩', kind: 'student', isAdmin: false },
] as const;

/** The password of every generated demo user (their username is their 学号 or 工号). */
export const DEMO_GENERATED_PASSWORD = 'Demo@2026';

// Where the fixed accounts sit: the teacher is staff and counsellor (two platforms), the
// student only a student (one platform), both in 计算机科学与技术学院.
const FIXED: Record<
  (typeof DEMO_ACCOUNTS)[number]['username'],
  { userNo: string; roles: RoleCode[]; college: string | null; gender: string | null; email: string | null }
> = {
  admin: { userNo: 'admin', roles: ['admin'], college: null, gender: null, email: null },
  teacher: {
    userNo: '20080001',
    roles: ['staff', 'counsellor'],
    college: '01',
    gender: '男',
    email: 'wangjianguo@hxlg.edu.cn',
  },
  student: {
    userNo: '20230101101',
    roles: ['student'],
    college: '01',
    gender: '男',
    email: '20230101101@stu.hxlg.edu.cn',
  },
};

// Fixed seeds: the same demo university on every machine, and the small part identical in
// both sizes (the full seed only adds to it).
const SMALL_SEED = 20260101;
const FULL_SEED = 20260901;
// pg_advisory_xact_lock key: two app servers starting together on one empty database seed it once.
const SEED_LOCK_KEY = 7_341_201;

const isPostgres = (db: Db | Tx) => db.getExecutor().adapter instanceof PostgresAdapter;
const hasUsers = async (db: Db | Tx) => !!(await db.selectFrom('appUser').select('id').limit(1).executeTakeFirst());

/**
 * Deterministic demo data (seeded random, no Math.random); does nothing if users already
 * exist. Everything is written in one transaction, so a failed seed leaves no half university.
 * All generated users share one Argon2id hash of DEMO_GENERATED_PASSWORD, so the full seed
 * (thousands of users) takes seconds, not minutes.
 */
export async function seedDemo(db: Db, opts: SeedOptions): Promise<void> {
  if (await hasUsers(db)) return;
  const fixedHashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
  const sharedHash = await hashPassword(DEMO_GENERATED_PASSWORD);
  const catalog = opts.catalog ?? (await moduleCatalog());
  const now = Date.now();

  await db.transaction().execute(async (tx) => {
    if (isPostgres(tx)) await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(tx);
    if (await hasUsers(tx)) return;

    const org = await insertOrganisation(tx, opts.size, now);
    const platformId = await insertPlatformsAndMenus(tx, org.roleId, now, catalog.modules);

    const userRow = (
      p: Omit<Person, 'roles' | 'phone' | 'email' | 'gender' | 'departmentId'> & {
        departmentId: number | null;
        phone: string | null;
        email: string | null;
        gender: string | null;
      },
      passwordHash: string,
      isAdmin: boolean,
    ): Insertable<UserTable> => ({
      username: p.username,
      passwordHash,
      realName: p.realName,
      userNo: p.userNo,
      kind: p.kind,
      isAdmin: isAdmin ? 1 : 0,
      departmentId: p.departmentId,
      phone: p.phone,
      email: p.email,
      gender: p.gender,
      avatar: null,
      status: 'active',
      mustChangePwd: 0,
      failedCount: 0,
      lockedUntil: null,
      lastLoginAt: null,
      createdAt: now,
      updatedAt: now,
    });
    const roles = new Map<string, RoleCode[]>();
    const fixedRows = DEMO_ACCOUNTS.map((a, i) => {
      const f = FIXED[a.username];
      roles.set(a.username, f.roles);
      return userRow(
        {
          username: a.username,
          realName: a.realName,
          userNo: f.userNo,
          kind: a.kind as Person['kind'],
          departmentId: f.college ? org.deptId.get(collegeDeptCode(f.college))! : null,
          phone: null,
          email: f.email,
          gender: f.gender,
        },
        fixedHashes[i]!,
        a.isAdmin,
      );
    });
    await insertChunks(tx, 'appUser', fixedRows);

    const book = new NumberBook(Object.values(FIXED).map((f) => f.userNo));
    const people = smallPeople(mulberry32(SMALL_SEED), org, book);
    if (opts.size === 'full') people.push(...fullPeople(mulberry32(FULL_SEED), org, book));
    for (const p of people) roles.set(p.username, p.roles);
    await insertChunks(
      tx,
      'appUser',
      people.map((p) => userRow(p, sharedHash, false)),
    );

    const users = await tx.selectFrom('appUser').select(['id', 'username']).execute();
    const userRoles = users.flatMap((u) =>
      (roles.get(u.username) ?? []).map((code) => ({ userId: u.id, roleId: org.roleId.get(code)! })),
    );
    await insertChunks(tx, 'userRole', userRoles);

    const adminId = users.find((u) => u.username === 'admin')!.id;
    await runModuleSeeds(catalog, { tx, now, adminId, platformId, size: opts.size });
  });
}

/**
 * A production start on an empty database: one administrator 'admin' with a random password
 * that must be changed at first sign-in. Answers the password (to print once), or null when
 * users already exist.
 */
export async function seedFirstAdmin(db: Db): Promise<string | null> {
  if (await hasUsers(db)) return null;
  // 18 random bytes in base64url: 24 characters; the suffix guarantees a letter and a digit.
  const password = `${randomBytes(18).toString('base64url')}a1`;
  const passwordHash = await hashPassword(password);
  const now = Date.now();
  const created = await db.transaction().execute(async (tx) => {
    if (isPostgres(tx)) await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(tx);
    if (await hasUsers(tx)) return false;
    await tx
      .insertInto('appUser')
      .values({
        username: 'admin',
        passwordHash,
        realName: '系统管理员',
        userNo: 'admin',
        kind: 'admin',
        isAdmin: 1,
        departmentId: null,
        phone: null,
        email: null,
        gender: null,
        avatar: null,
        status: 'active',
        mustChangePwd: 1,
        failedCount: 0,
        lockedUntil: null,
        lastLoginAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    return true;
  });
  return created ? password : null;
}
