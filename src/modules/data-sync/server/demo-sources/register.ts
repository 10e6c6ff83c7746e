import type { FastifyInstance } from 'fastify';
import { createDataset } from '@/modules/data-sources/server/commands/create-dataset';
import { createDataSource } from '@/modules/data-sources/server/commands/create-source';
import { findDatasetIdByName, findDataSourceIdByName } from '@/modules/data-sources/server/commands/find-by-name';
import { getDataTable } from '@/modules/data-tables/server/commands/get-data-table';
import { createDataTable, type CreateDataTableInput } from '@/modules/data-tables/server/commands/create-data-table';
import { createSync } from '../commands/create-sync';
import { findSyncIdByName } from '../commands/find-sync-by-name';
import { DEMO_SOURCES, DEMO_TABLES, type DemoDuty, type DemoTable } from './catalogue';
import type { DemoSystem } from './generate';
import { dataOwners } from './data-owners';

export interface RegisteredSync {
  id: number;
  code: string;
  name: string;
  tableId: number;
  large: boolean;
}

/** Weekday of an instant in Beijing time, 1 = Monday … 7 = Sunday. */
const beijingWeekday = (ms: number) => ((new Date(ms + 8 * 3_600_000).getUTCDay() + 6) % 7) + 1;

/**
 * The reporting duty a table is created with. 'soon' puts the weekly deadline two days after the
 * registration, so 数据报送 shows 即将到期 beside tables that are current (正常) and late (已逾期).
 */
function duty(
  d: DemoDuty | undefined,
  now: number,
): { reportCycle: 'none' | 'weekly' | 'monthly' | 'term'; reportDeadlineDay: number } {
  if (!d) return { reportCycle: 'none', reportDeadlineDay: 1 };
  if (d === 'soon') return { reportCycle: 'weekly', reportDeadlineDay: Math.min(7, beijingWeekday(now) + 2) };
  return { reportCycle: d.cycle, reportDeadlineDay: d.deadlineDay };
}

function tableInput(t: DemoTable, ownerDepartmentId: number | null, now: number): CreateDataTableInput {
  return {
    code: t.code,
    name: t.name,
    description: t.description,
    fields: t.fields.map((x, i) => ({
      name: x.name,
      label: x.label,
      type: x.type,
      required: !!x.required || t.key.includes(x.name),
      indexed: !!x.indexed,
      visibility: x.sensitive ? 'owner' : 'all',
      description: '',
      sort: i,
    })),
    uniqueKey: t.key,
    ownerDepartmentId,
    scopeField: t.scopeField ?? null,
    // Reporting duties and the public catalogue are set beside the definition, as in the designer.
    ...duty(t.duty, now),
    isPublic: true,
  };
}

/**
 * Registers the demo's source systems with the data centre, through the owners' commands (the
 * same checks as the back office): a data source per system, and per catalogue entry a dataset,
 * the data table (owned by its office) and the sync between them. Answers the syncs in catalogue
 * order, for the caller to queue.
 *
 * Not one transaction: the sources' and syncs' commands read and audit through app.db beside the
 * executor they are given (the dataset a sync names must be visible to getDataset), which on
 * SQLite's single connection would wait for the transaction forever. Each command is atomic on
 * its own; the caller runs this once per database (first-start.ts's marker).
 *
 * Idempotent: a source, dataset, data table or sync that already has the demo's name (code) is
 * reused as it is, so a retry after a registration that failed half-way finishes the rest instead
 * of stopping at the first name taken.
 */
export async function registerDemoSources(app: FastifyInstance, now = Date.now()): Promise<RegisteredSync[]> {
  const owners = await dataOwners(app.db);
  const admin = await app.db.selectFrom('appUser').select('id').where('username', '=', 'admin').executeTakeFirst();
  const actorId = admin?.id ?? null;
  const sourceIds = new Map<DemoSystem, number>();
  for (const [system, s] of Object.entries(DEMO_SOURCES) as [DemoSystem, (typeof DEMO_SOURCES)[DemoSystem]][])
    sourceIds.set(
      system,
      (await findDataSourceIdByName(app, app.db, s.name)) ??
        (await createDataSource(
          app,
          app.db,
          { name: s.name, kind: 'sqlite', config: { file: `${system}.sqlite` }, description: s.description },
          actorId,
        )),
    );
  const out: RegisteredSync[] = [];
  for (const t of DEMO_TABLES) {
    const datasetId =
      (await findDatasetIdByName(app, app.db, t.dataset.name)) ??
      (await createDataset(
        app,
        app.db,
        {
          sourceId: sourceIds.get(t.system)!,
          name: t.dataset.name,
          kind: 'table' in t.dataset ? 'table' : 'query',
          ...('table' in t.dataset ? { table: t.dataset.table } : { sql: t.dataset.sql }),
          description: t.description,
          fields: t.fields.map((x) => ({
            name: x.name,
            label: x.label,
            type: x.type,
            sensitive: !!x.sensitive,
            description: '',
          })),
        },
        actorId,
      ));
    const owner = owners.get(t.owner);
    // The definition and its physical table commit together.
    const table =
      (await getDataTable(app, app.db, t.code)) ??
      (await app.db
        .transaction()
        .execute((tx) => createDataTable(app, tx, tableInput(t, owner?.departmentId ?? null, now), actorId)));
    const syncName = `${DEMO_SOURCES[t.system].name}·${t.name}`;
    const id =
      (await findSyncIdByName(app, app.db, syncName)) ??
      (await createSync(
        app,
        app.db,
        {
          name: syncName,
          datasetId,
          tableId: table.id,
          mapping: t.fields.map((x) => ({ from: x.name, to: x.name })),
          mode: t.sync.mode,
          key: t.key,
          ...(t.sync.mode === 'incremental' ? { sinceField: t.sync.sinceField } : {}),
          deleteMissing: t.sync.mode === 'full',
          cron: t.cron,
          ownerId: owner?.userId ?? actorId,
        },
        actorId,
      ));
    out.push({ id, code: t.code, name: t.name, tableId: table.id, large: !!t.large });
  }
  return out;
}
