import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupKeyFrom } from '@/server/backup/key';
import { listTables, raw } from '@/server/backup/catalog';
import { restoreBackup } from '@/server/backup/restore';
import { writeBackup } from '@/server/backup/writer';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { createDataTable } from './commands/create-data-table';
import { listRows } from './commands/list-rows';
import { writeRows } from './commands/write-rows';

const KEY = backupKeyFrom(Buffer.alloc(32, 7));

/** The physical dt_* tables are found by the backup's own table discovery and come back with their rows. */
describe('data tables in a backup', () => {
  let app: TestApp;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-dt-backup-'));
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('round-trips the rows, system columns and change log of a data table', async () => {
    const def = await createDataTable(
      app,
      app.db,
      {
        code: 'backup_probe',
        name: '备份探针',
        description: '',
        fields: [
          {
            name: 'k',
            label: '键',
            type: 'string',
            required: true,
            indexed: false,
            visibility: 'all',
            description: '',
            sort: 0,
          },
          {
            name: 'v',
            label: '值',
            type: 'decimal',
            required: false,
            indexed: true,
            visibility: 'owner',
            description: '',
            sort: 1,
          },
          {
            name: 'd',
            label: '日期',
            type: 'date',
            required: false,
            indexed: false,
            visibility: 'all',
            description: '',
            sort: 2,
          },
        ],
        uniqueKey: ['k'],
        ownerDepartmentId: null,
        scopeField: null,
      },
      null,
    );
    await writeRows(
      app,
      app.db,
      def.id,
      [
        { k: 'a', v: 1.5, d: '2026-09-01' },
        { k: 'b', v: 2, d: null },
      ],
      { actorId: null, source: 'import' },
    );
    const before = await listRows(app, app.db, def.id, { page: 1, pageSize: 10 });
    expect((await listTables(raw(app.db))).map((t) => t.name)).toContain('dt_backup_probe');

    const uploads = path.join(dir, 'uploads');
    const file = path.join(dir, 'probe.backup');
    await writeBackup(app.db, uploads, file, { key: KEY });

    await writeRows(
      app,
      app.db,
      def.id,
      [
        { k: 'a', v: 99 },
        { k: 'c', v: 3 },
      ],
      { actorId: null, source: 'edit' },
    );
    expect((await listRows(app, app.db, def.id, { page: 1, pageSize: 10 })).total).toBe(3);

    await restoreBackup(app.db, uploads, file, KEY);
    const after = await listRows(app, app.db, def.id, { page: 1, pageSize: 10 });
    expect(after).toEqual(before);
    const changes = await app.db.selectFrom('dataTableChange').select('action').where('tableId', '=', def.id).execute();
    expect(changes).toHaveLength(2);
  });
});
