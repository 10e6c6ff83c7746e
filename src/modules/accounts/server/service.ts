import { randomInt } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import { AppError, badInput, notFound } from '@/server/errors';
import type { Database } from '@/server/db/schema';
import { audit } from '@/server/identity/audit';
import { hashPassword } from '@/server/identity/passwords';
import { decryptPassword } from '@/server/identity/password-transport';
import { revokeUserSessions } from '@/server/identity/sessions';
import { readSheet } from '@/server/excel/read';
import { Codes } from '@/shared/errors';
import { isStrongPassword } from '@/modules/auth/contract';
import { clearSignInLocks } from '@/modules/auth/server/commands/clear-sign-in-locks';
import {
  checkAccountFields,
  IMPORT_HEADERS,
  IMPORT_MAX_ROWS,
  KIND_TEXT,
  MESSAGES,
  USERNAME_PATTERN,
  type AccountCreateBody,
  type AccountDetail,
  type AccountUpdateBody,
  type ImportAnswer,
  type ImportFailure,
  type ImportedPassword,
  type ResetPasswordAnswer,
} from '../contract';
import * as repo from './repository';

/** Who makes a change: written to the audit trail. */
export interface Actor {
  userId: number;
  username: string;
  ip: string;
}

type Trx = Transaction<Database>;

const fieldError = (field: string, message: string) => badInput(message, { field });
const usernameTaken = () => new AppError(Codes.conflict, 409, MESSAGES.usernameTaken, { field: 'username' });
const blankToNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

// No 0/O/1/l/I: the generated password is read off a screen and typed.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
/** A random 12-character password that satisfies isStrongPassword (letters and digits). */
export function generatePassword(): string {
  for (;;) {
    const p = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    if (isStrongPassword(p)) return p;
  }
}

async function plainPassword(app: FastifyInstance, encrypted: string): Promise<string> {
  const plain = await decryptPassword(app, encrypted);
  if (!isStrongPassword(plain)) throw fieldError('password', MESSAGES.password);
  return plain;
}

async function checkRefs(
  app: FastifyInstance,
  b: { departmentId?: number | null; roleIds?: number[]; platformIds?: number[] },
) {
  if (b.departmentId && !(await repo.departmentExists(app.db, b.departmentId)))
    throw fieldError('departmentId', MESSAGES.department);
  if (b.roleIds && (await repo.missingIds(app.db, 'role', b.roleIds)).length)
    throw fieldError('roleIds', '所选角色不存在');
  if (b.platformIds && (await repo.missingIds(app.db, 'platform', b.platformIds)).length)
    throw fieldError('platformIds', '所选平台不存在');
}

function checkProfile(b: {
  realName: string;
  userNo: string;
  kind: string;
  phone?: string | null;
  email?: string | null;
  gender?: string | null;
}) {
  const first = checkAccountFields({
    ...b,
    phone: blankToNull(b.phone),
    email: blankToNull(b.email),
    gender: blankToNull(b.gender),
  })[0];
  if (first) throw fieldError(first.field, first.message);
}

const profileValues = (b: AccountUpdateBody | AccountCreateBody) => ({
  realName: b.realName.trim(),
  userNo: b.userNo.trim(),
  kind: b.kind,
  isAdmin: b.kind === 'admin' ? 1 : 0,
  departmentId: b.departmentId ?? null,
  phone: blankToNull(b.phone),
  email: blankToNull(b.email),
  gender: blankToNull(b.gender),
});

async function detailOrThrow(app: FastifyInstance, id: number): Promise<AccountDetail> {
  const d = await repo.findAccount(app.db, id);
  if (!d) throw notFound('账号不存在');
  return d;
}

export const accountDetail = detailOrThrow;

async function briefOrThrow(db: Trx | FastifyInstance['db'], id: number) {
  const u = await repo.findUserBrief(db, id);
  if (!u) throw notFound('账号不存在');
  return u;
}

const log = (trx: Trx, actor: Actor, action: string, target: string, detail?: string) =>
  audit(trx, {
    action,
    result: 'ok',
    actorId: actor.userId,
    actorName: actor.username,
    target,
    detail: detail ?? null,
    ip: actor.ip,
  });

/** A new account with an administrator-chosen password the user must change at first sign-in. */
export async function createAccount(app: FastifyInstance, actor: Actor, b: AccountCreateBody): Promise<AccountDetail> {
  const username = b.username.trim();
  if (!USERNAME_PATTERN.test(username)) throw fieldError('username', MESSAGES.username);
  checkProfile(b);
  await checkRefs(app, b);
  const password = await plainPassword(app, b.password);
  if ((await repo.existingUsernames(app.db, [username])).size) throw usernameTaken();
  const passwordHash = await hashPassword(password);
  const now = Date.now();
  const id = await app.db.transaction().execute(async (trx) => {
    // Checked again inside the transaction: another administrator may have taken it meanwhile.
    if ((await repo.existingUsernames(trx, [username])).size) throw usernameTaken();
    const id = await repo.insertUser(trx, {
      username,
      passwordHash,
      ...profileValues(b),
      avatar: null,
      status: 'active',
      mustChangePwd: 1,
      failedCount: 0,
      lockedUntil: null,
      lastLoginAt: null,
      createdAt: now,
      updatedAt: now,
    });
    if (b.roleIds) await repo.replaceRoles(trx, id, b.roleIds);
    if (b.platformIds) await repo.replacePlatforms(trx, id, b.platformIds);
    await log(
      trx,
      actor,
      'account_created',
      `user:${id} ${username}`,
      `roles=${(b.roleIds ?? []).join(',')} platforms=${(b.platformIds ?? []).join(',')}`,
    );
    return id;
  });
  return detailOrThrow(app, id);
}

/** Profile, type, department and (when sent) roles and platforms. Changing admin rights ends the user's sessions. */
export async function updateAccount(app: FastifyInstance, actor: Actor, b: AccountUpdateBody): Promise<AccountDetail> {
  const current = await briefOrThrow(app.db, b.id);
  checkProfile(b);
  if (b.id === actor.userId && current.isAdmin === 1 && b.kind !== 'admin')
    throw fieldError('kind', MESSAGES.selfDemote);
  await checkRefs(app, b);
  const values = profileValues(b);
  await app.db.transaction().execute(async (trx) => {
    await repo.updateUser(trx, b.id, values);
    if (b.roleIds) await repo.replaceRoles(trx, b.id, b.roleIds);
    if (b.platformIds) await repo.replacePlatforms(trx, b.id, b.platformIds);
    // A session carries the admin flag it was opened with: a change of rights needs a new sign-in.
    if (values.isAdmin !== current.isAdmin) await revokeUserSessions(trx, b.id);
    await log(
      trx,
      actor,
      'account_updated',
      `user:${b.id} ${current.username}`,
      JSON.stringify({ ...values, roleIds: b.roleIds, platformIds: b.platformIds }),
    );
  });
  return detailOrThrow(app, b.id);
}

/** Disable (the user's sessions end at once, in the same transaction) or enable an account. */
export async function setAccountStatus(
  app: FastifyInstance,
  actor: Actor,
  id: number,
  status: 'active' | 'disabled',
): Promise<void> {
  if (status === 'disabled' && id === actor.userId) throw fieldError('id', MESSAGES.selfDisable);
  const u = await briefOrThrow(app.db, id);
  await app.db.transaction().execute(async (trx) => {
    await repo.updateUser(trx, id, { status });
    if (status === 'disabled') await revokeUserSessions(trx, id);
    await log(trx, actor, status === 'disabled' ? 'account_disabled' : 'account_enabled', `user:${id} ${u.username}`);
  });
}

/** Unlock: every address locked out of the account (auth's per-address lockout) may try again. */
export async function unlockAccount(app: FastifyInstance, actor: Actor, id: number): Promise<void> {
  const u = await briefOrThrow(app.db, id);
  await app.db.transaction().execute(async (trx) => {
    const addresses = await clearSignInLocks(trx, u.username);
    await repo.updateUser(trx, id, { failedCount: 0, lockedUntil: null });
    await log(trx, actor, 'account_unlocked', `user:${id} ${u.username}`, `${addresses} locked addresses cleared`);
  });
}

/**
 * A new password (the administrator's, encrypted, or generated and answered once): the user
 * must change it at next sign-in and every open session ends.
 */
export async function resetPassword(
  app: FastifyInstance,
  actor: Actor,
  id: number,
  encrypted?: string,
): Promise<ResetPasswordAnswer> {
  const u = await briefOrThrow(app.db, id);
  const generated = encrypted ? null : generatePassword();
  const plain = encrypted ? await plainPassword(app, encrypted) : generated!;
  const passwordHash = await hashPassword(plain);
  await app.db.transaction().execute(async (trx) => {
    // A new password ends the guessing of the old one: every address may try again.
    await clearSignInLocks(trx, u.username);
    await repo.updateUser(trx, id, { passwordHash, mustChangePwd: 1, failedCount: 0, lockedUntil: null });
    await revokeUserSessions(trx, id);
    await log(
      trx,
      actor,
      'account_password_reset',
      `user:${id} ${u.username}`,
      generated ? 'generated' : 'set by administrator',
    );
  });
  return { password: generated };
}

export async function assignRoles(app: FastifyInstance, actor: Actor, id: number, roleIds: number[]): Promise<void> {
  const u = await briefOrThrow(app.db, id);
  await checkRefs(app, { roleIds });
  await app.db.transaction().execute(async (trx) => {
    await repo.replaceRoles(trx, id, roleIds);
    await log(trx, actor, 'account_roles_assigned', `user:${id} ${u.username}`, `roles=${roleIds.join(',')}`);
  });
}

export async function assignPlatforms(
  app: FastifyInstance,
  actor: Actor,
  id: number,
  platformIds: number[],
): Promise<void> {
  const u = await briefOrThrow(app.db, id);
  await checkRefs(app, { platformIds });
  await app.db.transaction().execute(async (trx) => {
    await repo.replacePlatforms(trx, id, platformIds);
    await log(
      trx,
      actor,
      'account_platforms_assigned',
      `user:${id} ${u.username}`,
      `platforms=${platformIds.join(',')}`,
    );
  });
}

export async function setAvatar(app: FastifyInstance, actor: Actor, id: number, url: string): Promise<void> {
  const u = await briefOrThrow(app.db, id);
  await app.db.transaction().execute(async (trx) => {
    await repo.updateUser(trx, id, { avatar: url });
    await log(trx, actor, 'account_avatar_set', `user:${id} ${u.username}`, url);
  });
}

// --- import ------------------------------------------------------------------------------

const [H_USERNAME, H_NAME, H_NO, H_KIND, H_DEPT, H_PHONE, H_EMAIL, H_GENDER, H_PASSWORD] = IMPORT_HEADERS;
const REQUIRED_HEADERS = [H_USERNAME, H_NAME, H_NO, H_KIND];
const KIND_BY_TEXT: Record<string, string> = { 学生: 'student', 教职工: 'staff', student: 'student', staff: 'staff' };
const HEADER_OF_FIELD: Record<string, string> = {
  realName: H_NAME,
  userNo: H_NO,
  kind: H_KIND,
  phone: H_PHONE,
  email: H_EMAIL,
  gender: H_GENDER,
};

interface ValidRow {
  row: number;
  username: string;
  plain: string;
  generated: boolean;
  values: ReturnType<typeof profileValues>;
}

/**
 * Reads the sheet, checks every row (each failing field reported with its row number), and
 * inserts the valid rows in one transaction, each with its own Argon2id hash. Rows without a
 * password get a generated one, answered once here, and must change it at first sign-in.
 */
export async function importAccounts(app: FastifyInstance, actor: Actor, input: Readable): Promise<ImportAnswer> {
  // Refuses with its own coded message: unreadable (0x00000105), or over a limit (0x00000107, e.g. the row limit).
  const sheet = await readSheet(input, IMPORT_MAX_ROWS);
  const missing = REQUIRED_HEADERS.filter((h) => !sheet.headers.includes(h));
  if (missing.length) throw new AppError(Codes.importError, 400, `表头缺少：${missing.join('、')}，请使用导入模板`);
  if (!sheet.rows.length) throw new AppError(Codes.importError, 400, '表格中没有数据行');

  const failed: ImportFailure[] = [];
  const departments = await repo.departmentIdsByCode(app.db);
  const taken = await repo.existingUsernames(
    app.db,
    sheet.rows.map((r) => r.cells[H_USERNAME] ?? ''),
  );
  const seen = new Set<string>();
  const valid: ValidRow[] = [];
  for (const { rowNumber: row, cells } of sheet.rows) {
    const errors: ImportFailure[] = [];
    const fail = (field: string, message: string) => errors.push({ row, field, message });
    const username = cells[H_USERNAME] ?? '';
    if (!USERNAME_PATTERN.test(username)) fail(H_USERNAME, MESSAGES.username);
    else if (taken.has(username)) fail(H_USERNAME, MESSAGES.usernameTaken);
    else if (seen.has(username)) fail(H_USERNAME, '用户名在表格中重复');
    seen.add(username);
    const kindText = cells[H_KIND] ?? '';
    const kind = KIND_BY_TEXT[kindText] ?? '';
    const deptCode = cells[H_DEPT] ?? '';
    const departmentId = deptCode ? departments.get(deptCode) : null;
    if (deptCode && departmentId === undefined) fail(H_DEPT, `部门编码 ${deptCode} 不存在`);
    const profile = {
      realName: cells[H_NAME] ?? '',
      userNo: cells[H_NO] ?? '',
      kind,
      phone: cells[H_PHONE] ?? '',
      email: cells[H_EMAIL] ?? '',
      gender: cells[H_GENDER] ?? '',
    };
    for (const e of checkAccountFields({
      ...profile,
      phone: profile.phone || null,
      email: profile.email || null,
      gender: profile.gender || null,
    })) {
      fail(
        HEADER_OF_FIELD[e.field] ?? e.field,
        e.field === 'kind' ? `类型须为${KIND_TEXT.student}或${KIND_TEXT.staff}` : e.message,
      );
    }
    const given = cells[H_PASSWORD] ?? '';
    if (given && !isStrongPassword(given)) fail(H_PASSWORD, MESSAGES.password);
    if (errors.length) {
      failed.push(...errors);
      continue;
    }
    valid.push({
      row,
      username,
      plain: given || generatePassword(),
      generated: !given,
      values: profileValues({ ...profile, departmentId: departmentId ?? null, id: 0 }),
    });
  }

  // Hash outside the transaction: a few seconds of Argon2 must not hold the write lock.
  const hashes = new Map<ValidRow, string>();
  for (let i = 0; i < valid.length; i += 8) {
    await Promise.all(valid.slice(i, i + 8).map(async (v) => hashes.set(v, await hashPassword(v.plain))));
  }
  const now = Date.now();
  const imported = await app.db.transaction().execute(async (trx) => {
    const lateTaken = await repo.existingUsernames(
      trx,
      valid.map((v) => v.username),
    );
    const rows = valid.filter((v) => {
      if (!lateTaken.has(v.username)) return true;
      failed.push({ row: v.row, field: H_USERNAME, message: MESSAGES.usernameTaken });
      return false;
    });
    for (let i = 0; i < rows.length; i += 200) {
      await trx
        .insertInto('appUser')
        .values(
          rows.slice(i, i + 200).map((v) => ({
            username: v.username,
            passwordHash: hashes.get(v)!,
            ...v.values,
            avatar: null,
            status: 'active',
            mustChangePwd: 1,
            failedCount: 0,
            lockedUntil: null,
            lastLoginAt: null,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .execute();
    }
    await log(
      trx,
      actor,
      'account_imported',
      `${rows.length} users`,
      `imported=${rows.length} failed_rows=${new Set(failed.map((f) => f.row)).size}`,
    );
    return rows;
  });
  failed.sort((a, b) => a.row - b.row);
  const generatedPasswords: ImportedPassword[] = imported
    .filter((v) => v.generated)
    .map((v) => ({ row: v.row, username: v.username, password: v.plain }));
  return { imported: imported.length, failed, generatedPasswords };
}
