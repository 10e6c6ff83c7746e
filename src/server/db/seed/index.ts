import type { Db } from '../dialect';
import { hashPassword } from '../../identity/passwords';

export interface SeedOptions {
  /** 'small': the fixed accounts, organisation, platforms and menus (tests); 'full': plus thousands of people. */
  size: 'small' | 'full';
}

/** The fixed demo accounts (README). */
export const DEMO_ACCOUNTS = [
  { username: 'admin', password: 'Admin@2026', realName: '系统管理员', kind: 'admin', isAdmin: true },
  { username: 'teacher', password: 'Teacher@2026', realName: '王建国', kind: 'staff', isAdmin: false },
  { username: 'student', password: 'Student@2026', realName: '李明轩', kind: 'student', isAdmin: false },
] as const;

/** Deterministic demo data; does nothing if users already exist. (Being extended: university, platforms, menus.) */
export async function seedDemo(db: Db, _opts: SeedOptions): Promise<void> {
  const existing = await db.selectFrom('appUser').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const now = Date.now();
  for (const a of DEMO_ACCOUNTS) {
    await db.insertInto('appUser').values({
      username: a.username, passwordHash: await hashPassword(a.password), realName: a.realName, userNo: a.username,
      kind: a.kind, isAdmin: a.isAdmin ? 1 : 0, departmentId: null, phone: null, email: null, gender: null, avatar: null,
      status: 'active', mustChangePwd: 0, failedCount: 0, lockedUntil: null, lastLoginAt: null, createdAt: now, updatedAt: now,
    }).execute();
  }
}
