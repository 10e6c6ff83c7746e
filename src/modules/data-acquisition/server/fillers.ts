import type { FastifyInstance } from 'fastify';
import { badInput } from '@/server/errors';
import type { FormValues } from '@/shared/forms/schema';
import { getDataTable } from '@/modules/data-tables/server/commands/get-data-table';
import { listRows } from '@/modules/data-tables/server/commands/list-rows';
import type { Collaborator, Fillers, MappingItem } from '../contract';
import * as repo from './repository';

/** At most this many records a task (a class, a college, a table of a few thousand rows). */
export const MAX_RECORDS = 20_000;

export interface PlannedRecord {
  key: Record<string, unknown> | null;
  label: string;
  /** The filler (null: collaborative, the collaborators fill it). */
  userId: number | null;
  /** Values prefilled from the row (the target table's own rows, through the mapping). */
  values: FormValues;
}

/** Every department under these (themselves included). */
export async function departmentSubtrees(db: repo.Conn, ids: number[]): Promise<number[]> {
  const all = await repo.allDepartments(db);
  const children = new Map<number, number[]>();
  for (const d of all) if (d.parentId !== null) children.set(d.parentId, [...(children.get(d.parentId) ?? []), d.id]);
  const out = new Set<number>();
  const stack = [...ids];
  while (stack.length) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return [...out];
}

/** The rows of a "one record per row" filler table (all pages, up to MAX_RECORDS). */
async function tableRows(app: FastifyInstance, db: repo.Conn, f: Fillers) {
  const def = await getDataTable(app, db, f.tableId!);
  if (!def) throw badInput('逐行填报的数据表不存在', { field: 'fillers' });
  const names = new Set(def.fields.map((x) => x.name));
  for (const k of Object.keys(f.where ?? {}))
    if (!names.has(k)) throw badInput(`筛选字段「${k}」不是数据表的字段`, { field: 'fillers' });
  for (const k of [f.userField, f.labelField])
    if (k && !names.has(k)) throw badInput(`字段「${k}」不是数据表的字段`, { field: 'fillers' });
  const rows: Record<string, unknown>[] = [];
  for (let page = 1; ; page += 1) {
    const got = await listRows(app, db, def.id, { page, pageSize: 200, where: f.where });
    rows.push(...got.list);
    if (rows.length > MAX_RECORDS) throw badInput(`逐行填报最多 ${MAX_RECORDS} 行，请加筛选条件`, { field: 'fillers' });
    if (got.list.length < 200) break;
  }
  return { def, rows };
}

/**
 * Who fills what: the records a task makes and each record's filler. People, departments and roles
 * give one record per person; a data table gives one per row (its filler found by the row's 学号/工号
 * field); a collaborative task gives one shared record (or one per row) filled by its collaborators.
 */
export async function planRecords(
  app: FastifyInstance,
  db: repo.Conn,
  t: { title: string; fillers: Fillers; collaborative: boolean; tableId: number | null; mapping: MappingItem[] },
): Promise<PlannedRecord[]> {
  const f = t.fillers;
  if (f.kind === 'rows') {
    if (!f.tableId) throw badInput('请选择逐行填报的数据表', { field: 'fillers' });
    const { def, rows } = await tableRows(app, db, f);
    const key = def.uniqueKey.length ? def.uniqueKey : ['_id'];
    // The target table's own rows prefill the form through the mapping (a correction of existing data).
    const back = f.tableId === t.tableId ? t.mapping : [];
    let users = new Map<string, number>();
    if (!t.collaborative) {
      if (!f.userField) throw badInput('请选择数据表中标识填报人（学号/工号）的字段', { field: 'fillers' });
      users = await repo.usersByNo(db, [...new Set(rows.map((r) => String(r[f.userField!] ?? '')).filter(Boolean))]);
    }
    const out: PlannedRecord[] = [];
    for (const r of rows) {
      const userId = t.collaborative ? null : (users.get(String(r[f.userField!] ?? '')) ?? undefined);
      if (userId === undefined) continue; // a row whose person has no active account: nobody can fill it
      const values: FormValues = {};
      for (const m of back) if (r[m.to] !== null && r[m.to] !== undefined) values[m.from] = r[m.to] as never;
      out.push({
        key: Object.fromEntries(key.map((k) => [k, r[k]])),
        label: String(
          (f.labelField ? r[f.labelField] : undefined) ??
            (f.userField ? r[f.userField] : undefined) ??
            `第 ${String(r._id)} 行`,
        ),
        userId,
        values,
      });
    }
    return out;
  }
  if (t.collaborative) return [{ key: null, label: t.title, userId: null, values: {} }];
  let ids: number[] = [];
  if (f.kind === 'people') ids = await repo.activeUserIds(db, [...new Set(f.userIds ?? [])]);
  if (f.kind === 'departments')
    ids = await repo.usersInDepartments(db, await departmentSubtrees(db, f.departmentIds ?? []));
  if (f.kind === 'roles') ids = await repo.usersWithRoles(db, f.roleCodes ?? []);
  if (ids.length > MAX_RECORDS) throw badInput(`填报人最多 ${MAX_RECORDS} 人`, { field: 'fillers' });
  const names = new Map((await repo.people(db, { ids, limit: ids.length || 1 })).map((p) => [p.id, p]));
  return ids.map((id) => ({ key: null, label: names.get(id)?.name ?? `用户 ${id}`, userId: id, values: {} }));
}

/** A record's assignments: its filler with every field, or each collaborator with their fields. */
export function partsFor(
  rec: PlannedRecord,
  collaborators: Collaborator[],
): { userId: number; fields: string[] | null }[] {
  return rec.userId !== null
    ? [{ userId: rec.userId, fields: null }]
    : collaborators.map((c) => ({ userId: c.userId, fields: c.fields }));
}
