import { sql } from 'kysely';
import type { AuthContext } from '@/server/identity/sessions';
import { noPermission, notFound } from '@/server/errors';
import type { DataTableField } from '../contract';
import * as repo from './repository';

/**
 * Who sees what of a data table (enforced here, on the server):
 * - administrators: every table, row and column; they may edit;
 * - the owning department (members of it or of a department below it): every row and column; they may edit;
 * - on a table with a row-scope field, anybody else with a department: the rows whose scope field
 *   names their department or one below it, and only the columns visible to all; read only;
 * - nobody else (a public table's catalogue entry shows its fields, never its rows).
 */
export type TableAccess =
  | { level: 'owner'; meta: repo.TableMeta; fields: DataTableField[] }
  | { level: 'scoped'; meta: repo.TableMeta; fields: DataTableField[]; departments: number[] };

export interface Viewer {
  userId: number;
  isAdmin: boolean;
  departmentId: number | null;
  /** The user's department and every department above it. */
  ancestors: number[];
}

export async function viewerOf(db: repo.Conn, auth: AuthContext): Promise<Viewer> {
  const u = await db.selectFrom('appUser').select('departmentId').where('id', '=', auth.userId).executeTakeFirst();
  const departmentId = u?.departmentId ?? null;
  return {
    userId: auth.userId,
    isAdmin: auth.isAdmin,
    departmentId,
    ancestors: departmentId ? await ancestorsOf(db, departmentId) : [],
  };
}

export async function ancestorsOf(db: repo.Conn, id: number): Promise<number[]> {
  const r = await sql<{ id: number }>`with recursive up(id, parent_id, depth) as (
      select id, parent_id, 0 from department where id = ${id}
      union all select d.id, d.parent_id, up.depth + 1 from department d join up on d.id = up.parent_id where up.depth < 32)
    select id from up`.execute(db);
  return r.rows.map((x) => Number(x.id));
}

export async function subtreeOf(db: repo.Conn, id: number): Promise<number[]> {
  const r = await sql<{ id: number }>`with recursive down(id, depth) as (
      select id, 0 from department where id = ${id}
      union all select d.id, down.depth + 1 from department d join down on d.parent_id = down.id where down.depth < 32)
    select id from down`.execute(db);
  return r.rows.map((x) => Number(x.id));
}

export const isOwner = (v: Viewer, meta: Pick<repo.TableMeta, 'ownerDepartmentId'>) =>
  v.isAdmin || (meta.ownerDepartmentId !== null && v.ancestors.includes(meta.ownerDepartmentId));

/** The caller's access to a table; 404 when there is no such table, 403 when they may not see it. */
export async function tableAccess(db: repo.Conn, v: Viewer, tableId: number): Promise<TableAccess> {
  const meta = await repo.findMeta(db, tableId);
  if (!meta) throw notFound('数据表不存在');
  if (isOwner(v, meta)) return { level: 'owner', meta, fields: meta.fields };
  if (meta.scopeField && v.departmentId)
    return {
      level: 'scoped',
      meta,
      fields: meta.fields.filter((f) => f.visibility === 'all'),
      departments: await subtreeOf(db, v.departmentId),
    };
  throw noPermission('您没有查看该数据表的权限');
}

export async function ownerAccess(db: repo.Conn, v: Viewer, tableId: number) {
  const a = await tableAccess(db, v, tableId);
  if (a.level !== 'owner') throw noPermission('只有负责部门和管理员可以修改该数据表');
  return a;
}
