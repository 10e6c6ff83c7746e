import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDataTable } from '@/modules/data-tables/server/commands/get-data-table';
import { listRows } from '@/modules/data-tables/server/commands/list-rows';
import { getSetting, putSetting } from '@/server/identity/settings';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { DEMO_SOURCES, DEMO_TABLES } from './catalogue';
import { dataOwners } from './data-owners';
import { DEMO_SOURCES_SETTING, setUpDemoSources } from './first-start';
import { registerDemoSources } from './register';
import { deleteSync } from '../service';

describe('registering the demo source systems (small seed)', () => {
  let app: TestApp;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-reg-'));
  const lines: string[] = [];

  beforeAll(async () => {
    app = await buildTestApp({ env: { DATA_DIR: dataDir } });
    expect(await setUpDemoSources(app, { size: 'small', log: (l) => lines.push(l) })).toBe(true);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates the seven sources, a dataset, data table and sync per catalogue entry, and queues every sync', async () => {
    // Other modules' demo seeds may add their own; count the demo systems' by name and code.
    const named = async (table: 'dataSource' | 'dataSync', names: string[]) =>
      (
        await app.db
          .selectFrom(table as never)
          .select('name' as never)
          .where('name' as never, 'in', names as never)
          .execute()
      ).length;
    expect(
      await named(
        'dataSource',
        Object.values(DEMO_SOURCES).map((s) => s.name),
      ),
    ).toBe(7);
    expect(
      await named(
        'dataSync',
        DEMO_TABLES.map((t) => `${DEMO_SOURCES[t.system].name}·${t.name}`),
      ),
    ).toBe(DEMO_TABLES.length);
    for (const t of DEMO_TABLES) expect((await getDataTable(app, app.db, t.code))?.name).toBe(t.name);
    expect(lines.filter((l) => l.includes('已排队'))).toHaveLength(DEMO_TABLES.length);
    expect((await getSetting<{ state: string }>(app.db, DEMO_SOURCES_SETTING))?.state).toBe('done');
  });

  it('gives each table its office and row scope (an office the small seed lacks leaves it unowned)', async () => {
    const grade = (await getDataTable(app, app.db, 'jw_grade'))!;
    const office = await app.db
      .selectFrom('department')
      .select('id')
      .where('code', '=', 'B02')
      .executeTakeFirstOrThrow();
    expect(grade).toMatchObject({ ownerDepartmentId: office.id, scopeField: 'college_id', uniqueKey: ['id'] });
    expect((await getDataTable(app, app.db, 'rs_staff'))!.fields.find((f) => f.name === 'id_card')?.visibility).toBe(
      'owner',
    );
    expect((await getDataTable(app, app.db, 'rs_staff'))!.ownerDepartmentId).toBeNull();
  });

  it('the first syncs fill the data tables from the source files', async () => {
    await app.jobs.drain();
    const txn = (await getDataTable(app, app.db, 'ykt_txn'))!;
    const rows = await listRows(app, app.db, txn.id, { page: 1, pageSize: 5 });
    expect(rows.total).toBeGreaterThan(300);
    const student = await app.db
      .selectFrom('appUser')
      .select('userNo')
      .where('username', '=', 'student')
      .executeTakeFirstOrThrow();
    const own = await listRows(app, app.db, txn.id, { page: 1, pageSize: 1, where: { holder_no: student.userNo } });
    expect(own.total).toBeGreaterThan(0);
    const grades = await listRows(app, app.db, (await getDataTable(app, app.db, 'jw_grade'))!.id, {
      page: 1,
      pageSize: 1,
    });
    expect(grades.total).toBeGreaterThan(0);
  });

  it("sets reporting duties: 教务处's data owner sees its tables, the timetable due within days", async () => {
    const owner = (await dataOwners(app.db)).get('B02')!;
    expect(owner.userNo).toMatch(/^\d{8}$/);
    const username = (
      await app.db.selectFrom('appUser').select('username').where('id', '=', owner.userId!).executeTakeFirstOrThrow()
    ).username;
    // On the staff platform (教职工服务平台), whose menu holds 数据报送.
    const platform = await app.db
      .selectFrom('platform')
      .select('id')
      .where('name', '=', '教职工服务平台')
      .executeTakeFirstOrThrow();
    const res = await app.injectAs(username, { method: 'GET', url: '/data/api/v1.dataReporting/list/' }, platform.id);
    expect(res.statusCode).toBe(200);
    const duties = res.json().data as { code: string; status: string }[];
    expect(duties.map((d) => d.code).sort()).toEqual(['jw_course', 'jw_grade', 'jw_timetable']);
    expect(duties.find((d) => d.code === 'jw_timetable')?.status).toBe('dueSoon');
  });

  it("a college's staff browse their college's rows only, without sensitive columns", async () => {
    const platform = await app.db
      .selectFrom('platform')
      .select('id')
      .where('name', '=', '教职工服务平台')
      .executeTakeFirstOrThrow();
    const teacher = await app.db
      .selectFrom('appUser')
      .select('departmentId')
      .where('username', '=', 'teacher')
      .executeTakeFirstOrThrow();
    const grade = (await getDataTable(app, app.db, 'jw_grade'))!;
    const res = await app.injectAs(
      'teacher',
      { method: 'GET', url: `/data/api/v1.dataRows/list/?id=${grade.id}&page=1&pageSize=200` },
      platform.id,
    );
    expect(res.statusCode).toBe(200);
    const page = res.json().data as { list: Record<string, unknown>[]; total: number };
    expect(page.total).toBeGreaterThan(0);
    expect(page.list.every((r) => r.college_id === teacher.departmentId)).toBe(true);
    const all = await listRows(app, app.db, grade.id, { page: 1, pageSize: 1 });
    expect(page.total).toBeLessThan(all.total);
    const staff = (await getDataTable(app, app.db, 'rs_staff'))!;
    const view = await app.injectAs(
      'teacher',
      { method: 'GET', url: `/data/api/v1.dataRows/view/?id=${staff.id}` },
      platform.id,
    );
    const fields = (view.json().data as { fields: { name: string }[] }).fields.map((f) => f.name);
    expect(fields).toContain('title');
    expect(fields).not.toContain('id_card');
  });

  it('runs once: a second start finds the marker and does nothing', async () => {
    expect(await setUpDemoSources(app, { size: 'small' })).toBe(false);
  });

  it('registering again reuses what exists, and a retry after a half-way failure finishes the rest', async () => {
    const counts = async () => ({
      sources: (
        await app.db
          .selectFrom('dataSource')
          .select((e) => e.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
      datasets: (
        await app.db
          .selectFrom('dataset')
          .select((e) => e.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
      syncs: (
        await app.db
          .selectFrom('dataSync')
          .select((e) => e.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    });
    const before = await counts();
    const first = await registerDemoSources(app);
    expect(await counts()).toEqual(before);
    const again = await registerDemoSources(app);
    expect(again).toEqual(first);
    expect(first).toHaveLength(DEMO_TABLES.length);
    // As if the first start had stopped before the last sync: it is created on the retry, the rest reused.
    const last = first[first.length - 1]!;
    await deleteSync(app, last.id);
    const retry = await registerDemoSources(app);
    expect(await counts()).toEqual(before);
    expect(retry.slice(0, -1)).toEqual(first.slice(0, -1));
    expect(retry[retry.length - 1]).toMatchObject({ code: last.code, tableId: last.tableId });
    expect(retry[retry.length - 1]!.id).not.toBe(last.id);
  });

  it('takes over from a server that died while generating, but not from one still at it', async () => {
    const other = await buildTestApp({ env: { DATA_DIR: dataDir } });
    try {
      const marker = (at: number) => ({ token: 'dead', state: 'generating', at });
      await putSetting(other.db, DEMO_SOURCES_SETTING, marker(Date.now() - 60_000));
      expect(await setUpDemoSources(other, { size: 'small' })).toBe(false);
      await putSetting(other.db, DEMO_SOURCES_SETTING, marker(Date.now() - 16 * 60_000));
      expect(await setUpDemoSources(other, { size: 'small' })).toBe(true);
      expect((await getSetting<{ state: string }>(other.db, DEMO_SOURCES_SETTING))?.state).toBe('done');
    } finally {
      await other.close();
    }
  });
});
