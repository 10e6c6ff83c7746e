import type { FastifyInstance } from 'fastify';
import { getDataTable, type DataTableDef } from '@/modules/data-tables/server/commands/get-data-table';
import { queryRows, sumRows, type RowFilter } from '@/modules/data-tables/server/commands/query-rows';
import { DataTableRowError } from '@/modules/data-tables/server/commands/write-rows';
import type { Conn } from './repository';

/**
 * The personal centre's reads of the data centre's tables (filled by the syncs from the source
 * systems): always filtered by the caller's own 学号/工号 on the table's person field, so no id
 * of another person's row can reach an answer. A table the data centre lacks (not synced yet)
 * reads as empty; so does a key the field's type cannot hold.
 */
export const TABLES = {
  card: { code: 'ykt_card', person: 'holder_no' },
  txn: { code: 'ykt_txn', person: 'holder_no' },
  timetable: { code: 'jw_timetable', person: 'teacher_no' },
  enrolment: { code: 'jw_enrolment', person: 'student_no' },
  loan: { code: 'tsg_loan', person: 'reader_no' },
  salary: { code: 'rs_salary', person: 'staff_no' },
  salaryItem: { code: 'rs_salary_item', person: 'staff_no' },
  staff: { code: 'rs_staff', person: 'staff_no' },
  project: { code: 'ky_project', person: 'leader_no' },
  paper: { code: 'ky_paper', person: 'first_author_no' },
  award: { code: 'ky_award', person: 'staff_no' },
} as const;
export type TableKey = keyof typeof TABLES;

export const tableDef = (app: FastifyInstance, q: Conn, key: TableKey): Promise<DataTableDef | undefined> =>
  getDataTable(app, q, TABLES[key].code);

type Row = Record<string, unknown>;

/** A page of the person's rows of a table, with more conditions and an order. */
export async function personRows(
  app: FastifyInstance,
  q: Conn,
  key: TableKey,
  userNo: string,
  opts: { filter?: RowFilter; orderBy?: { field: string; desc: boolean }; page?: number; pageSize?: number } = {},
): Promise<{ list: Row[]; total: number; def: DataTableDef | undefined }> {
  const def = await tableDef(app, q, key);
  if (!def) return { list: [], total: 0, def };
  const filter: RowFilter = { ...opts.filter, eq: { ...opts.filter?.eq, [TABLES[key].person]: userNo } };
  try {
    const r = await queryRows(app, q, def, {
      filter,
      orderBy: opts.orderBy,
      page: opts.page ?? 1,
      pageSize: opts.pageSize ?? 200,
    });
    return { ...r, def };
  } catch (e) {
    if (e instanceof DataTableRowError) return { list: [], total: 0, def };
    throw e;
  }
}

/**
 * Rows of a table by a filter that is not the person's key: only for ids taken from the person's
 * own rows first (a student's timetable by the sections of their own enrolments).
 */
export async function rowsDerivedFromOwn(
  app: FastifyInstance,
  q: Conn,
  key: TableKey,
  filter: RowFilter,
  pageSize: number,
): Promise<Row[]> {
  const def = await tableDef(app, q, key);
  if (!def) return [];
  try {
    return (await queryRows(app, q, def, { filter, page: 1, pageSize })).list;
  } catch (e) {
    if (e instanceof DataTableRowError) return [];
    throw e;
  }
}

/** Sum of a numeric field over the person's rows matching the filter. */
export async function personSum(
  app: FastifyInstance,
  q: Conn,
  key: TableKey,
  userNo: string,
  field: string,
  filter: RowFilter = {},
): Promise<{ sum: number; count: number }> {
  const def = await tableDef(app, q, key);
  if (!def) return { sum: 0, count: 0 };
  try {
    return await sumRows(app, q, def, { ...filter, eq: { ...filter.eq, [TABLES[key].person]: userNo } }, field);
  } catch (e) {
    if (e instanceof DataTableRowError) return { sum: 0, count: 0 };
    throw e;
  }
}

export const num = (v: unknown) => (v === null || v === undefined || v === '' ? 0 : Number(v));
export const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
export const msOrNull = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));
