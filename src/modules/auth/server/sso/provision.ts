import type { Db } from '@/server/db/dialect';
import type { UserRow } from '@/server/db/schema';
import {
  findDepartmentByCodeOrName,
  findUserByUsername,
  insertSsoUser,
  roleIdByCode,
  updateSsoProfile,
} from '../repository';
import type { SsoMatch, SsoProvision } from './sso-config';

/**
 * 自动创建账号 (sso-config `provision`): an account made at the first single sign-on of someone the
 * portal does not know yet, from the provider's claims (OIDC) or attributes (CAS), and refreshed
 * (name, department, e-mail) at each later sign-in. Such accounts have no password: they are
 * SSO-only (see isSsoOnly) until an administrator resets a password for them.
 */

/** A user name a created account may take: the provider's, when it is a plain one. */
const USERNAME = /^[A-Za-z0-9_.@-]{1,64}$/;

/** The text of a claim or attribute ('' = not named, absent or not text). */
export function claimText(attributes: Record<string, unknown>, name: string): string {
  if (!name) return '';
  const v = attributes[name];
  return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
}

/** An account that cannot sign in with a password: made by single sign-on, never given one. */
export const isSsoOnly = (user: Pick<UserRow, 'passwordHash'>) => user.passwordHash === '';

export type Provisioned = { ok: true; user: UserRow } | { ok: false; reason: string };

/**
 * The new account for this sign-in: the provider's user name, the matched value in its field
 * (学号/工号 or e-mail) and the named claims; the role of the chosen kind. Refused when the user
 * name is not a plain one or is taken by an account the match did not find.
 */
export async function createFromClaims(
  trx: Db,
  p: SsoProvision,
  who: { username: string; match: SsoMatch; value: string; attributes: Record<string, unknown> },
  now = Date.now(),
): Promise<Provisioned> {
  const username = who.match.field === 'username' ? who.value : who.username;
  if (!USERNAME.test(username)) return { ok: false, reason: `无法自动创建账号：用户名 ${username} 含有不支持的字符` };
  if (await findUserByUsername(trx, username))
    return { ok: false, reason: `无法自动创建账号：用户名 ${username} 已被其他账号使用，请联系管理员` };
  const attr = (name: string) => claimText(who.attributes, name);
  const department = attr(p.departmentClaim);
  const email = who.match.field === 'email' ? who.value : attr(p.emailClaim);
  const user = await insertSsoUser(
    trx,
    {
      username,
      realName: (attr(p.nameClaim) || username).slice(0, 64),
      userNo: (who.match.field === 'userNo' ? who.value : attr(p.userNoClaim)).slice(0, 64),
      kind: p.kind,
      departmentId: department ? await findDepartmentByCodeOrName(trx, department) : null,
      email: email ? email.slice(0, 200) : null,
      roleId: await roleIdByCode(trx, p.kind),
    },
    now,
  );
  return { ok: true, user };
}

/** Name, department and e-mail from the claims that are present and differ; answers the fields changed. */
export async function refreshFromClaims(
  trx: Db,
  p: SsoProvision,
  user: UserRow,
  attributes: Record<string, unknown>,
  now = Date.now(),
): Promise<string[]> {
  const set: { realName?: string; departmentId?: number; email?: string } = {};
  const name = claimText(attributes, p.nameClaim).slice(0, 64);
  if (name && name !== user.realName) set.realName = name;
  const department = claimText(attributes, p.departmentClaim);
  if (department) {
    const id = await findDepartmentByCodeOrName(trx, department);
    if (id !== null && id !== user.departmentId) set.departmentId = id;
  }
  const email = claimText(attributes, p.emailClaim).slice(0, 200);
  if (email && email !== user.email) set.email = email;
  const changed = Object.keys(set);
  if (changed.length) await updateSsoProfile(trx, user.id, set, now);
  return changed;
}
