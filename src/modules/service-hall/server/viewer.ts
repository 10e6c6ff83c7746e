import { sql, type Expression, type SqlBool } from 'kysely';
import type { AuthContext } from '@/server/identity/sessions';
import type { Conn } from './conn';

/** The caller as the service hall's rules read it; null for a visitor (no token). */
export interface Viewer {
  id: number;
  isAdmin: boolean;
  departmentId: number | null;
  /** The user's department and every department above it (a rule on a college covers its offices). */
  departmentIds: number[];
  roleIds: number[];
  platformId: number | null;
}

export async function viewerOf(db: Conn, auth: AuthContext | null): Promise<Viewer | null> {
  if (!auth) return null;
  const u = await db.selectFrom('appUser').select('departmentId').where('id', '=', auth.userId).executeTakeFirst();
  const roles = await db.selectFrom('userRole').select('roleId').where('userId', '=', auth.userId).execute();
  const departmentId = u?.departmentId ?? null;
  return {
    id: auth.userId,
    isAdmin: auth.isAdmin,
    departmentId,
    departmentIds: departmentId ? await ancestorsOf(db, departmentId) : [],
    roleIds: roles.map((r) => Number(r.roleId)),
    platformId: auth.platformId,
  };
}

async function ancestorsOf(db: Conn, id: number): Promise<number[]> {
  const r = await sql<{ id: number }>`with recursive up(id, parent_id, depth) as (
      select id, parent_id, 0 from department where id = ${id}
      union all select d.id, d.parent_id, up.depth + 1 from department d join up on d.id = up.parent_id where up.depth < 32)
    select id from up`.execute(db);
  return r.rows.map((x) => Number(x.id));
}

/** A rule row as a search-index audience key. */
export const ruleAudience = (r: { subject: string; subjectId: number }) =>
  r.subject === 'public' || r.subject === 'user' ? r.subject : `${r.subject}:${r.subjectId}`;

/**
 * SQL: the item (column `itemId`) has a rule for `action` that lets the viewer in. A visitor
 * matches only 'public'; a signed-in user also 'user', their roles, departments and platform.
 */
export function ruleMatches(
  itemId: Expression<number>,
  action: 'see' | 'apply',
  v: Viewer | null,
): Expression<SqlBool> {
  const ors = [sql`r.subject = 'public'`];
  if (v) {
    ors.push(sql`r.subject = 'user'`);
    if (v.roleIds.length) ors.push(sql`(r.subject = 'role' and r.subject_id in (${sql.join(v.roleIds)}))`);
    if (v.departmentIds.length) ors.push(sql`(r.subject = 'dept' and r.subject_id in (${sql.join(v.departmentIds)}))`);
    if (v.platformId) ors.push(sql`(r.subject = 'platform' and r.subject_id = ${v.platformId})`);
  }
  return sql<SqlBool>`exists (select 1 from svc_item_rule r where r.item_id = ${itemId} and r.action = ${action} and (${sql.join(ors, sql` or `)}))`;
}
