import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { AuthContext } from '@/server/identity/sessions';
import { AppError } from '@/server/errors';
import { Codes } from '@/shared/errors';
import type { Conn } from './repository';

/**
 * Who sees which students (enforced here, on every query): 学工处 (role student_affairs) and
 * administrators everything; a college leader their college; a counsellor the students the
 * 辅导员 assignment gives them and warnings assigned to them; 资助中心 (funding_office) the
 * 精准资助 list, the only one showing amounts.
 */
export interface Scope {
  userId: number;
  name: string;
  all: boolean;
  funding: boolean;
  leaderOf: number | null;
  counsellor: boolean;
  /** The college (or office) the user belongs to. */
  unitId: number | null;
}

export const STUDENT_AFFAIRS_ROLE = 'student_affairs';
export const FUNDING_ROLE = 'funding_office';

/** The college or office above a department (the unit row-scoped data carry). */
export async function unitOf(db: Conn, departmentId: number | null): Promise<number | null> {
  for (let id = departmentId, hops = 0; id !== null && hops < 8; hops++) {
    const d = await db
      .selectFrom('department')
      .select(['id', 'parentId', 'kind'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!d) return null;
    if (d.kind === 'college' || d.kind === 'office') return d.id;
    id = d.parentId;
  }
  return null;
}

export async function scopeOf(db: Conn, auth: AuthContext): Promise<Scope> {
  const [roles, user] = await Promise.all([
    db
      .selectFrom('userRole')
      .innerJoin('role', 'role.id', 'userRole.roleId')
      .select('role.code')
      .where('userRole.userId', '=', auth.userId)
      .execute(),
    db.selectFrom('appUser').select(['departmentId']).where('id', '=', auth.userId).executeTakeFirst(),
  ]);
  const codes = new Set(roles.map((r) => r.code));
  const unitId = await unitOf(db, user?.departmentId ?? null);
  return {
    userId: auth.userId,
    name: auth.realName,
    all: auth.isAdmin || codes.has(STUDENT_AFFAIRS_ROLE),
    funding: codes.has(FUNDING_ROLE),
    leaderOf: codes.has('college_leader') ? unitId : null,
    counsellor: codes.has('counsellor'),
    unitId,
  };
}

export const noScope = () => new AppError(Codes.ewNoScope, 403);
export const notYours = () => new AppError(Codes.ewNotYourStudent, 403);

/** Has any student scope at all (else the lists answer ewNoScope rather than an empty page). */
export const hasScope = (s: Scope) => s.all || s.leaderOf !== null || s.counsellor;

/**
 * The row filter: `college` and `counsellor` name the row's columns (snake_case), `assignee` an
 * optional column whose user also sees the row.
 */
export function scopeWhere(
  s: Scope,
  cols: { college: string; counsellor?: string; student?: string; assignee?: string },
): RawBuilder<SqlBool> {
  if (s.all) return sql<SqlBool>`1 = 1`;
  const parts: RawBuilder<unknown>[] = [];
  if (s.leaderOf !== null) parts.push(sql`${sql.ref(cols.college)} = ${s.leaderOf}`);
  if (s.counsellor && cols.counsellor) parts.push(sql`${sql.ref(cols.counsellor)} = ${s.userId}`);
  if (s.counsellor && cols.student)
    parts.push(
      sql`exists (select 1 from ew_counsellor k where k.student_no = ${sql.ref(cols.student)} and k.counsellor_id = ${s.userId})`,
    );
  if (cols.assignee) parts.push(sql`${sql.ref(cols.assignee)} = ${s.userId}`);
  if (!parts.length) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}
