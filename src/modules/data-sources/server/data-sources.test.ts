import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import { MASK, type DataSourceItem, type DatasetItem, type DatasetPreview } from '../contract';
import { createDataSource } from './commands/create-source';
import { createDataset } from './commands/create-dataset';
import { getDataset, readDataset } from './commands/datasets';
import { addDatasetUseCheck } from './commands/in-use';
import { makeSqliteSource } from './test-support';
import { sourcesDir } from './connectors/sqlite';

let app: TestApp;
let fixture: ReturnType<typeof makeSqliteSource>;

const post = (url: string, payload: object, user = 'admin') =>
  app.injectAs(user, { method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });
const get = (url: string, user = 'admin') => app.injectAs(user, { method: 'GET', url });

beforeAll(async () => {
  app = await buildTestApp();
  fixture = makeSqliteSource(app);
});
afterAll(async () => {
  fixture.remove();
  await app.close();
});

async function readAll(id: number, opts: Parameters<typeof readDataset>[2]) {
  const rows: Record<string, unknown>[] = [];
  const batches: number[] = [];
  for await (const b of readDataset(app, id, opts)) {
    batches.push(b.length);
    rows.push(...b);
  }
  return { rows, batches };
}

describe('data sources (back office)', () => {
  it('creates an SQLite source, tests it and never answers a secret', async () => {
    const res = await post('/data/api/v1.dataSource/create/', {
      name: '测试教务库',
      kind: 'sqlite',
      config: { file: fixture.file },
      description: '单元测试',
    });
    expect(res.json().errorCode).toBe(Codes.ok);
    const item = res.json().data as DataSourceItem;
    expect(item).toMatchObject({
      name: '测试教务库',
      kind: 'sqlite',
      config: { file: fixture.file },
      hasSecret: false,
    });

    const t = await post('/data/api/v1.dataSource/test/', { id: item.id });
    expect(t.json().errorCode).toBe(Codes.ok);
    expect(t.json().data.message).toMatch(/SQLite/);
    const detail = (await get(`/data/api/v1.dataSource/detail/?id=${item.id}`)).json().data as DataSourceItem;
    expect(detail.lastTestOk).toBe(true);

    const tables = await get(`/data/api/v1.dataSource/tables/?id=${item.id}`);
    expect(tables.json().data).toEqual(['student']);

    const list = await get('/data/api/v1.dataSource/list/?page=1&pageSize=20&keyword=教务');
    expect(list.json().data.total).toBe(1);
    expect(JSON.stringify(list.json().data)).not.toMatch(/secretEnc|"v1:/);
  });

  it('refuses a path outside DATA_DIR/sources and a missing file, each with its code', async () => {
    for (const file of ['../campus-portal.sqlite', '/etc/passwd', '.hidden.sqlite']) {
      const res = await post('/data/api/v1.dataSource/create/', {
        name: `坏路径${file}`,
        kind: 'sqlite',
        config: { file },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errorCode: Codes.inputError, data: { field: 'config.file' } });
    }
    const res = await post('/data/api/v1.dataSource/test/', {
      kind: 'sqlite',
      config: { file: 'no-such-file.sqlite' },
    });
    expect(res.json().errorCode).toBe(Codes.dataSourceDatabaseMissing);
    // A link that leads out of the folder is not followed.
    const link = path.join(sourcesDir(app.config.dataDir), `link-${process.pid}.sqlite`);
    fs.rmSync(link, { force: true });
    fs.symlinkSync('/etc/hostname', link);
    try {
      const r = await post('/data/api/v1.dataSource/test/', { kind: 'sqlite', config: { file: path.basename(link) } });
      expect(r.json().errorCode).toBe(Codes.dataSourceDatabaseMissing);
    } finally {
      fs.rmSync(link, { force: true });
    }
  });

  it('refuses a second source with the same name, and the wrong settings for a kind', async () => {
    const res = await post('/data/api/v1.dataSource/create/', {
      name: '测试教务库',
      kind: 'sqlite',
      config: { file: fixture.file },
    });
    expect(res.statusCode).toBe(409);
    const bad = await post('/data/api/v1.dataSource/create/', {
      name: 'PG',
      kind: 'postgres',
      config: { host: 'db', port: 0 },
    });
    expect(bad.json()).toMatchObject({ errorCode: Codes.inputError, data: { field: 'config.port' } });
    const http = await post('/data/api/v1.dataSource/create/', {
      name: 'API',
      kind: 'http',
      config: { url: 'ftp://x/' },
    });
    expect(http.json()).toMatchObject({ errorCode: Codes.inputError, data: { field: 'config.url' } });
  });

  it('keeps a secret encrypted, says 已设置 only as hasSecret, and keeps it on an edit without one', async () => {
    const res = await post('/data/api/v1.dataSource/create/', {
      name: '带密码的库',
      kind: 'mysql',
      config: { host: '127.0.0.1', port: 3306, database: 'x', user: 'u' },
      secret: 'S3cret-口令',
    });
    const item = res.json().data as DataSourceItem;
    expect(item.hasSecret).toBe(true);
    expect(res.body).not.toContain('S3cret');
    const stored = await app.db
      .selectFrom('dataSource')
      .select('secretEnc')
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(stored.secretEnc).toMatch(/^v1:/);
    expect(stored.secretEnc).not.toContain('S3cret');

    const upd = await post('/data/api/v1.dataSource/update/', {
      id: item.id,
      name: '带密码的库',
      config: { host: '127.0.0.1', port: 3306, database: 'x', user: 'u', ssl: true },
    });
    expect(upd.json().data).toMatchObject({ hasSecret: true, config: { ssl: true } });
    const again = await app.db
      .selectFrom('dataSource')
      .select('secretEnc')
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(again.secretEnc).toBe(stored.secretEnc);

    // The stored password is never sent to another server: a new host (or user) needs it typed again.
    for (const url of ['/data/api/v1.dataSource/update/', '/data/api/v1.dataSource/test/']) {
      const moved = await post(url, {
        id: item.id,
        name: '带密码的库',
        config: { host: '203.0.113.9', port: 3307, database: 'x', user: 'u' },
      });
      expect(moved.json(), url).toMatchObject({ errorCode: Codes.inputError, data: { field: 'secret' } });
    }
    const cleared = await post('/data/api/v1.dataSource/update/', {
      id: item.id,
      name: '带密码的库',
      config: { host: '127.0.0.1', port: 3307, database: 'x', user: 'u' },
      clearSecret: true,
    });
    expect(cleared.json().data.hasSecret).toBe(false);
    expect((await post('/data/api/v1.dataSource/delete/', { id: item.id })).json().errorCode).toBe(Codes.ok);
  });

  it('is for administrators only', async () => {
    const res = await get('/data/api/v1.dataSource/list/?page=1&pageSize=20', 'student');
    expect(res.statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/data/api/v1.dataset/list/' })).statusCode).toBe(401);
  });
});

describe('datasets', () => {
  let sourceId: number;
  let datasetId: number;

  beforeAll(async () => {
    sourceId = await createDataSource(
      app,
      app.db,
      { name: '数据集测试源', kind: 'sqlite', config: { file: fixture.file } },
      null,
    );
  });

  it('detects fields with their types from a table', async () => {
    const res = await post('/data/api/v1.dataset/detect/', { sourceId, kind: 'table', table: 'student' });
    expect(res.json().errorCode).toBe(Codes.ok);
    const types = Object.fromEntries(
      (res.json().data as { name: string; type: string }[]).map((f) => [f.name, f.type]),
    );
    expect(types).toEqual({
      id: 'integer',
      xh: 'string',
      name: 'string',
      birthday: 'date',
      enrolled_at: 'datetime',
      updated_ms: 'integer',
      score: 'decimal',
      active: 'boolean',
      id_card: 'string',
    });
  });

  it('creates a dataset, masks sensitive fields in the preview and reveals them to an administrator on request', async () => {
    const detected = (await post('/data/api/v1.dataset/detect/', { sourceId, kind: 'table', table: 'student' })).json()
      .data as DatasetItem['fields'];
    const fields = detected.map((f) => (f.name === 'id_card' ? { ...f, label: '身份证号', sensitive: true } : f));
    const res = await post('/data/api/v1.dataset/create/', {
      sourceId,
      name: '学生名单',
      kind: 'table',
      table: 'student',
      fields,
    });
    expect(res.json().errorCode).toBe(Codes.ok);
    datasetId = (res.json().data as DatasetItem).id;

    const p = (await post('/data/api/v1.dataset/preview/', { id: datasetId })).json().data as DatasetPreview;
    expect(p.masked).toBe(true);
    expect(p.rows).toHaveLength(30);
    expect(p.rows[0]).toMatchObject({ id: 1, xh: '20260001', birthday: '2006-02-11', active: true, id_card: MASK });
    expect(p.rows[0]!.enrolled_at).toBe(new Date(2026, 8, 1, 8, 1, 0).getTime());

    const shown = (await post('/data/api/v1.dataset/preview/', { id: datasetId, reveal: true })).json()
      .data as DatasetPreview;
    expect(shown.masked).toBe(false);
    expect(shown.rows[0]!.id_card).toBe('110105200601010001');
    const audit = await app.db
      .selectFrom('auditLog')
      .select('action')
      .where('action', '=', 'dataset_sensitive_revealed')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses write statements and chained statements before asking the source', async () => {
    for (const sql of [
      'DELETE FROM student',
      'SELECT 1; DROP TABLE student',
      'WITH x AS (SELECT 1) INSERT INTO student(id) SELECT * FROM x',
      "SELECT * FROM student /* ; */ WHERE name = 'a'; UPDATE student SET name = 'b'",
      'ATTACH DATABASE "x" AS y',
      'PRAGMA writable_schema = 1',
      'SELECT * INTO other FROM student',
    ]) {
      const res = await post('/data/api/v1.dataset/create/', {
        sourceId,
        name: `写语句${sql.length}`,
        kind: 'query',
        sql,
      });
      expect(res.statusCode, sql).toBe(400);
      expect(res.json().errorCode, sql).toBe(Codes.dataSourceWriteRefused);
    }
    // Keywords inside strings and quoted names are data, not code.
    const ok = await post('/data/api/v1.dataset/detect/', {
      sourceId,
      kind: 'query',
      sql: `SELECT id, 'delete; drop' AS "update", name FROM student WHERE name <> 'insert';`,
    });
    expect(ok.json().errorCode).toBe(Codes.ok);
    expect(ok.json().data.map((f: { name: string }) => f.name)).toEqual(['id', 'update', 'name']);
  });

  it('answers bad SQL and an unknown table with the source message, coded', async () => {
    const res = await post('/data/api/v1.dataset/detect/', {
      sourceId,
      kind: 'query',
      sql: 'SELECT nope FROM student',
    });
    expect(res.json().errorCode).toBe(Codes.dataSourceBadSql);
    expect(res.json().message).toMatch(/nope/);
    const t = await post('/data/api/v1.dataset/detect/', { sourceId, kind: 'table', table: 'missing_table' });
    expect(t.json().errorCode).toBe(Codes.dataSourceBadSql);
  });

  it('reads a dataset in batches, ordered, resumable and incremental (the sync command)', async () => {
    const info = await getDataset(app, datasetId);
    expect(info).toMatchObject({ id: datasetId, name: '学生名单', sourceId, sourceName: '数据集测试源' });
    expect(info!.fields).toHaveLength(9);

    const all = await readAll(datasetId, { batchSize: 8, orderBy: 'id' });
    expect(all.batches).toEqual([8, 8, 8, 6]);
    expect(all.rows.map((r) => r.id)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    // Not masked: a sync copies the real values (the data table's column permissions protect them).
    expect(all.rows[0]!.id_card).toBe('110105200601010001');

    const resumed = await readAll(datasetId, { batchSize: 100, orderBy: 'id', after: 25 });
    expect(resumed.rows.map((r) => r.id)).toEqual([26, 27, 28, 29, 30]);

    const since = all.rows[19]!.enrolled_at as number;
    const inc = await readAll(datasetId, {
      batchSize: 100,
      orderBy: 'id',
      since: { field: 'enrolled_at', value: since },
    });
    expect(inc.rows.map((r) => r.id)).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30]);

    await expect(readAll(datasetId, { batchSize: 10, orderBy: 'nope' })).rejects.toMatchObject({
      code: Codes.inputError,
    });
    expect(await getDataset(app, 999_999)).toBeUndefined();
  });

  it('creates a query dataset through the command, detecting fields', async () => {
    const id = await createDataset(
      app,
      app.db,
      { sourceId, name: '在读学生', kind: 'query', sql: 'SELECT xh, name, score FROM student WHERE active = 1' },
      null,
    );
    const rows = await readAll(id, { batchSize: 100, orderBy: 'xh' });
    expect(rows.rows).toHaveLength(15);
    expect(rows.rows[0]).toEqual({ xh: '20260001', name: '学生1', score: 61.5 });
  });

  it('edits labels and sensitivity but refuses fields the source does not answer', async () => {
    const detail = (await get(`/data/api/v1.dataset/detail/?id=${datasetId}`)).json().data as DatasetItem;
    const fields = detail.fields.map((f) => (f.name === 'name' ? { ...f, label: '姓名', description: '学生姓名' } : f));
    const res = await post('/data/api/v1.dataset/update/', {
      id: datasetId,
      name: '学生名单',
      kind: 'table',
      table: 'student',
      fields,
    });
    expect(res.json().data.fields.find((f: { name: string }) => f.name === 'name')).toMatchObject({ label: '姓名' });
    const bad = await post('/data/api/v1.dataset/update/', {
      id: datasetId,
      name: '学生名单',
      kind: 'table',
      table: 'student',
      fields: [...fields, { name: 'ghost', label: '', type: 'string', sensitive: false, description: '' }],
    });
    expect(bad.json()).toMatchObject({ errorCode: Codes.inputError });
  });

  it('refuses to delete a source with datasets, and a dataset a sync uses', async () => {
    const res = await post('/data/api/v1.dataSource/delete/', { id: sourceId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/数据集/);

    addDatasetUseCheck(async (_app, _q, id) => (id === datasetId ? '同步“测试同步”' : null));
    const d = await post('/data/api/v1.dataset/delete/', { id: datasetId });
    expect(d.statusCode).toBe(409);
    expect(d.json().message).toContain('同步“测试同步”');
    expect(await getDataset(app, datasetId)).toBeDefined();
  });
});
