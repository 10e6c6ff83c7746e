import { sql } from 'kysely';
import type { Db } from '@/server/db/dialect';
import type { Page } from '@/shared/envelope';
import type { DataSourceListQuery, DatasetListQuery } from '../contract';
import type { DataSourceTable, DatasetTable } from './tables';

/** The only file that writes SQL for data sources and datasets. Every function takes app.db or a transaction. */

type Row<T> = { [K in keyof T]: T[K] extends import('kysely').Generated<infer U> ? U : T[K] };
export type SourceRow = Row<DataSourceTable>;
export type DatasetRow = Row<DatasetTable>;

const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function findSource(q: Db, id: number): Promise<SourceRow | undefined> {
  return q.selectFrom('dataSource').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findSourceByName(q: Db, name: string): Promise<{ id: number } | undefined> {
  return q.selectFrom('dataSource').select('id').where('name', '=', name).executeTakeFirst();
}

export async function listSources(q: Db, f: DataSourceListQuery): Promise<Page<SourceRow & { datasetCount: number }>> {
  let base = q.selectFrom('dataSource');
  if (f.kind) base = base.where('kind', '=', f.kind);
  if (f.keyword?.trim())
    base = base.where(sql<boolean>`lower(name) like lower(${likeText(f.keyword.trim())}) escape '\\'`);
  const [list, count] = await Promise.all([
    base
      .selectAll('dataSource')
      .select((eb) =>
        eb
          .selectFrom('dataset')
          .whereRef('dataset.sourceId', '=', 'dataSource.id')
          .select((e) => e.fn.countAll<number>().as('n'))
          .as('datasetCount'),
      )
      .orderBy('id', 'desc')
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: list.map((r) => ({ ...r, datasetCount: Number(r.datasetCount ?? 0) })),
    total: Number(count.total),
    page: f.page,
    pageSize: f.pageSize,
  };
}

/** Every source, for pickers (a university has tens, not thousands). */
export async function sourceOptions(q: Db): Promise<Pick<SourceRow, 'id' | 'name' | 'kind'>[]> {
  return q.selectFrom('dataSource').select(['id', 'name', 'kind']).orderBy('name').limit(1000).execute();
}

export async function insertSource(q: Db, row: Omit<SourceRow, 'id'>): Promise<number> {
  const r = await q.insertInto('dataSource').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function updateSource(q: Db, id: number, patch: Partial<Omit<SourceRow, 'id'>>): Promise<void> {
  await q.updateTable('dataSource').set(patch).where('id', '=', id).execute();
}

export async function deleteSource(q: Db, id: number): Promise<void> {
  await q.deleteFrom('dataSource').where('id', '=', id).execute();
}

export async function countDatasetsOf(q: Db, sourceId: number): Promise<number> {
  const r = await q
    .selectFrom('dataset')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('sourceId', '=', sourceId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export type DatasetWithSource = DatasetRow & { sourceName: string; sourceKind: string };

const datasetWithSource = (q: Db) =>
  q
    .selectFrom('dataset')
    .innerJoin('dataSource', 'dataSource.id', 'dataset.sourceId')
    .selectAll('dataset')
    .select(['dataSource.name as sourceName', 'dataSource.kind as sourceKind']);

export async function findDataset(q: Db, id: number): Promise<DatasetWithSource | undefined> {
  return datasetWithSource(q).where('dataset.id', '=', id).executeTakeFirst();
}

export async function findDatasetByName(q: Db, name: string): Promise<{ id: number } | undefined> {
  return q.selectFrom('dataset').select('id').where('name', '=', name).executeTakeFirst();
}

export async function listDatasets(q: Db, f: DatasetListQuery): Promise<Page<DatasetWithSource>> {
  let base = q.selectFrom('dataset');
  if (f.sourceId) base = base.where('dataset.sourceId', '=', f.sourceId);
  if (f.keyword?.trim())
    base = base.where(sql<boolean>`lower(dataset.name) like lower(${likeText(f.keyword.trim())}) escape '\\'`);
  const [list, count] = await Promise.all([
    base
      .innerJoin('dataSource', 'dataSource.id', 'dataset.sourceId')
      .selectAll('dataset')
      .select(['dataSource.name as sourceName', 'dataSource.kind as sourceKind'])
      .orderBy('dataset.id', 'desc')
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { list, total: Number(count.total), page: f.page, pageSize: f.pageSize };
}

export async function datasetOptions(
  q: Db,
  f: { keyword?: string; sourceId?: number },
): Promise<{ id: number; name: string; sourceId: number; sourceName: string }[]> {
  let base = q
    .selectFrom('dataset')
    .innerJoin('dataSource', 'dataSource.id', 'dataset.sourceId')
    .select(['dataset.id', 'dataset.name', 'dataset.sourceId', 'dataSource.name as sourceName']);
  if (f.sourceId) base = base.where('dataset.sourceId', '=', f.sourceId);
  if (f.keyword?.trim())
    base = base.where(sql<boolean>`lower(dataset.name) like lower(${likeText(f.keyword.trim())}) escape '\\'`);
  return base.orderBy('dataset.name').limit(200).execute();
}

export async function insertDataset(q: Db, row: Omit<DatasetRow, 'id'>): Promise<number> {
  const r = await q.insertInto('dataset').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function updateDataset(q: Db, id: number, patch: Partial<Omit<DatasetRow, 'id'>>): Promise<void> {
  await q.updateTable('dataset').set(patch).where('id', '=', id).execute();
}

export async function deleteDataset(q: Db, id: number): Promise<void> {
  await q.deleteFrom('dataset').where('id', '=', id).execute();
}

/** The display name kept with a change (the account may go later). */
export async function userName(q: Db, userId: number | null): Promise<string> {
  if (userId === null) return '系统';
  const r = await q.selectFrom('appUser').select(['realName', 'username']).where('id', '=', userId).executeTakeFirst();
  return r?.realName || r?.username || '';
}
