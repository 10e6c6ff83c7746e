import { paginate } from '@/server/db/paginate';
import type { Page } from '@/shared/envelope';
import type {
  ProcessListItem,
  ProcessListQuery,
  ProcessStatus,
  ProcessVersionInfo,
  StartableProcess,
  StartableQuery,
} from '@/modules/workflow/contract';
import { audienceAllows, type Filler } from '@/modules/forms/server/commands/form-audience';
import { Conn, contains } from './conn';
import '../tables';

export interface ProcessRow {
  id: number;
  name: string;
  formId: number;
  status: ProcessStatus;
  draft: string;
  latestVersion: number | null;
  updatedAt: number;
  updatedByName: string;
}

export async function findProcess(db: Conn, id: number): Promise<ProcessRow | undefined> {
  const r = await db.selectFrom('wfProcess').selectAll().where('id', '=', id).executeTakeFirst();
  return r && { ...r, status: r.status as ProcessStatus, updatedAt: Number(r.updatedAt) };
}

export async function listProcesses(db: Conn, q: ProcessListQuery): Promise<Page<ProcessListItem>> {
  let base = db.selectFrom('wfProcess as p').innerJoin('form as f', 'f.id', 'p.formId');
  const keyword = q.keyword?.trim();
  if (keyword) base = base.where((eb) => contains(eb.ref('p.name'), keyword));
  if (q.formId) base = base.where('p.formId', '=', q.formId);
  const page = await paginate(
    base,
    (b) =>
      b
        .select([
          'p.id',
          'p.name',
          'p.formId',
          'f.name as formName',
          'p.status',
          'p.latestVersion',
          'p.updatedAt',
          'p.updatedByName',
        ])
        .orderBy('p.updatedAt', 'desc')
        .orderBy('p.id', 'desc'),
    q,
  );
  return {
    ...page,
    list: page.list.map((r) => ({
      id: r.id,
      name: r.name,
      formId: r.formId,
      formName: r.formName,
      status: r.status as ProcessStatus,
      latestVersion: r.latestVersion,
      updatedAt: Number(r.updatedAt),
      updatedBy: r.updatedByName,
    })),
  };
}

/** Published processes whose form is published and meant for the caller: what a user may start, by form name. */
export async function startableProcesses(
  db: Conn,
  q: StartableQuery,
  filler: Filler = 'all',
): Promise<Page<StartableProcess>> {
  let base = db
    .selectFrom('wfProcess as p')
    .innerJoin('form as f', 'f.id', 'p.formId')
    .where('p.status', '=', 'published')
    .where('f.status', '=', 'published')
    // Only forms whose audience (roles, departments, classes, platforms, people) admits the caller; submit refuses the rest.
    .where(audienceAllows('f', filler));
  const keyword = q.keyword?.trim();
  if (keyword)
    base = base.where((eb) => eb.or([contains(eb.ref('f.name'), keyword), contains(eb.ref('p.name'), keyword)]));
  if (q.category) base = base.where('f.category', '=', q.category);
  const page = await paginate(
    base,
    (b) =>
      b
        .select([
          'p.id as processId',
          'p.name as processName',
          'f.id as formId',
          'f.name as formName',
          'f.category',
          'f.description',
        ])
        .orderBy('f.name')
        .orderBy('p.id'),
    q,
  );
  return page;
}

export async function listVersions(db: Conn, processId: number): Promise<ProcessVersionInfo[]> {
  const rows = await db
    .selectFrom('wfProcessVersion')
    .select(['version', 'publishedAt', 'publishedByName'])
    .where('processId', '=', processId)
    .orderBy('version', 'desc')
    .execute();
  return rows.map((r) => ({ version: r.version, publishedAt: Number(r.publishedAt), publishedBy: r.publishedByName }));
}

export async function findVersion(db: Conn, processId: number, version: number): Promise<string | undefined> {
  return (
    await db
      .selectFrom('wfProcessVersion')
      .select('definition')
      .where('processId', '=', processId)
      .where('version', '=', version)
      .executeTakeFirst()
  )?.definition;
}

/** The published process bound to a form (the newest changed one when several are). */
export async function publishedProcessOfForm(
  db: Conn,
  formId: number,
): Promise<{ id: number; latestVersion: number } | undefined> {
  const r = await db
    .selectFrom('wfProcess')
    .select(['id', 'latestVersion'])
    .where('formId', '=', formId)
    .where('status', '=', 'published')
    .where('latestVersion', 'is not', null)
    .orderBy('updatedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return r && { id: r.id, latestVersion: r.latestVersion! };
}
