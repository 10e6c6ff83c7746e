import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inPage, launchBrowser } from './support/browser';
import { ACCOUNTS, expectPath, login, tokenOf, type Envelope } from './support/login';
import { clickFor, eventually, formItem, isPath, need } from './support/ui';

/**
 * Issue 16's data centre through the real UI. Sync part: an administrator adds a MariaDB source
 * (a table the test makes in 127.0.0.1:3306/test) and a dataset of it in the back office, has a new
 * data table (made through the API: the designer is the data tables' part); in
 * 同步管理 they create a sync (auto-matched mapping, key from the table's unique key), run it now,
 * and the run shows in its history with the rows it read and inserted; after the source changes, the
 * next run updates and deletes just what changed.
 */

let browser: Browser;
let maria: mysql.Connection;
const tag = randomBytes(3).toString('hex');
const SOURCE_TABLE = `e2e_staff_${tag}`;
const ROWS = 120;
/** A run waits its turn behind the demo's first-start syncs (the suite's server was just seeded). */
const RUN_WAIT = 180_000;

beforeAll(async () => {
  browser = await launchBrowser();
  maria = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', database: 'test' });
  await maria.query(
    `CREATE TABLE ${SOURCE_TABLE} (staff_no VARCHAR(20) PRIMARY KEY, name VARCHAR(40), salary DECIMAL(10,2), hired DATE)`,
  );
  const rows = Array.from({ length: ROWS }, (_, i) => [
    `T${String(i + 1).padStart(5, '0')}`,
    `教师${i + 1}`,
    8000 + i * 10.5,
    `20${String(10 + (i % 15)).padStart(2, '0')}-09-01`,
  ]);
  await maria.query(`INSERT INTO ${SOURCE_TABLE} VALUES ?`, [rows]);
});
afterAll(async () => {
  await maria?.query(`DROP TABLE IF EXISTS ${SOURCE_TABLE}`);
  await maria?.end();
  await browser?.close();
});

const made: { datasetName?: string; tableName?: string; syncName?: string } = {};

/** An administrator call with the page's session (set-up the sync part builds on). */
async function api<T>(page: Page, url: string, body: unknown): Promise<T> {
  const res = await page.request.post(url, {
    headers: { authorization: (await tokenOf(page)) ?? '' },
    data: body,
  });
  const json = (await res.json()) as Envelope<T>;
  expect(json.errorCode, `${url}: ${json.message}`).toBe('0x00000000');
  return json.data;
}

async function signInAdmin(page: Page): Promise<void> {
  const answer = await login(page, ACCOUNTS.admin.username, ACCOUNTS.admin.password, { admin: true });
  expect(answer.errorCode).toBe('0x00000000');
  await expectPath(page, '/cms/home/index');
}

describe('data centre: a MariaDB source synced into a new data table', () => {
  it(
    'an administrator adds the MariaDB source and a dataset of it, and has a new data table',
    { timeout: 90_000 },
    () =>
      inPage(browser, async (page) => {
        await signInAdmin(page);

        // 数据源管理 → 新建数据源: MariaDB on 127.0.0.1:3306, database test, user root; 测试连接, then 保存.
        const sourceName = `人事系统-${tag}`;
        await page.goto('/cms/publicTool/dataSource');
        await page.getByRole('button', { name: /新建数据源/ }).click();
        const source = page.getByRole('dialog').filter({ hasText: '新建数据源' });
        await source.getByPlaceholder('例如：教务系统').fill(sourceName);
        await source.getByRole('radio', { name: 'MySQL / MariaDB' }).check();
        await formItem(source, '主机').locator('input').fill('127.0.0.1');
        await formItem(source, '端口').locator('input').fill('3306');
        await formItem(source, '数据库').locator('input').fill('test');
        await formItem(source, '用户名').locator('input').fill('root');
        const tested = await clickFor(
          source.getByRole('button', { name: /测试连接/ }),
          isPath('/data/api/v1.dataSource/test/'),
        );
        expect(((await tested.json()) as Envelope<unknown>).errorCode).toBe('0x00000000');
        const savedSource = await clickFor(
          source.getByRole('button', { name: /保\s*存/ }),
          isPath('/data/api/v1.dataSource/create/'),
        );
        expect(((await savedSource.json()) as Envelope<unknown>).errorCode).toBe('0x00000000');

        // 数据集 → 新建数据集: the whole table, fields detected, saved.
        made.datasetName = `教职工-${tag}`;
        await page.goto('/cms/publicTool/dataSet');
        await page.getByRole('button', { name: /新建数据集/ }).click();
        const dataset = page.getByRole('dialog').filter({ hasText: '新建数据集' });
        await dataset.getByPlaceholder('例如：本科生学籍').fill(made.datasetName);
        await formItem(dataset, '数据源').getByRole('combobox').click();
        await page.locator('.ant-select-item-option').filter({ hasText: sourceName }).first().click();
        await dataset.getByRole('combobox', { name: '数据表' }).fill(SOURCE_TABLE);
        await page.keyboard.press('Escape');
        const detected = await clickFor(
          dataset.getByRole('button', { name: /识别字段/ }),
          isPath('/data/api/v1.dataset/detect/'),
        );
        expect(((await detected.json()) as Envelope<unknown>).errorCode).toBe('0x00000000');
        const savedDataset = await clickFor(
          dataset.getByRole('button', { name: /保\s*存/ }),
          isPath('/data/api/v1.dataset/create/'),
        );
        expect(((await savedDataset.json()) as Envelope<unknown>).errorCode).toBe('0x00000000');

        made.tableName = `教职工名单-${tag}`;
        const field = (name: string, label: string, type: string, sort: number) => ({
          name,
          label,
          type,
          required: name === 'staff_no',
          indexed: false,
          visibility: 'all',
          description: '',
          sort,
        });
        await api(page, '/data/api/v1.dataTable/create/', {
          code: `e2e_staff_${tag}`,
          name: made.tableName,
          description: '',
          fields: [
            field('staff_no', '工号', 'string', 1),
            field('name', '姓名', 'string', 2),
            field('salary', '薪资', 'decimal', 3),
            field('hired', '入职日期', 'date', 4),
          ],
          uniqueKey: ['staff_no'],
          ownerDepartmentId: null,
          scopeField: null,
          reportCycle: 'none',
          reportDeadlineDay: 1,
          isPublic: false,
        });
      }),
  );

  it('creates a sync in 同步管理, runs it now and sees the run in its history', { timeout: 3 * RUN_WAIT }, () =>
    inPage(browser, async (page) => {
      const datasetName = need(made.datasetName, 'the dataset');
      const tableName = need(made.tableName, 'the data table');
      await signInAdmin(page);
      await page.goto('/cms/publicTool/syncManage');
      await page.getByRole('button', { name: /新建同步/ }).click();
      const drawer = page.getByRole('dialog').filter({ hasText: '新建同步' });
      made.syncName = `同步教职工-${tag}`;
      await drawer.getByPlaceholder('如：教务-学生名单').fill(made.syncName);
      await drawer.getByRole('combobox', { name: '数据集' }).fill(datasetName);
      await page.locator('.ant-select-item-option').filter({ hasText: datasetName }).first().click();
      await drawer.getByRole('combobox', { name: '目标数据表' }).fill(tableName);
      await page.locator('.ant-select-item-option').filter({ hasText: tableName }).first().click();
      await drawer.getByRole('button', { name: /自动匹配/ }).click();
      await expect.poll(() => drawer.getByText('已映射 4 / 4 个字段', { exact: false }).count()).toBe(1);
      // The table's unique key is offered as the sync key once it is mapped.
      await expect
        .poll(() => drawer.locator('.ant-select-selection-item').filter({ hasText: '工号（staff_no）' }).count())
        .toBe(1);
      await drawer.getByLabel('定时计划').fill('30 3 * * *');
      await expect.poll(() => drawer.getByTestId('cron-preview').textContent()).toContain('每天 03:30');
      await drawer.getByRole('switch', { name: '删除数据源中已不存在的行' }).click();
      const saved = await clickFor(
        drawer.getByRole('button', { name: /保\s*存/ }),
        isPath('/data/api/v1.sync/create/'),
      );
      expect(((await saved.json()) as Envelope<unknown>).errorCode).toBe('0x00000000');

      // The demo's own syncs are listed too (newest first): find ours by name.
      await page.getByRole('searchbox', { name: '搜索同步' }).fill(made.syncName);
      await page.keyboard.press('Enter');
      const row = page.locator('tr').filter({ hasText: made.syncName });
      await expect.poll(() => row.getByText('从未运行').count()).toBe(1);
      const started = await clickFor(row.getByRole('button', { name: /立即同步/ }), isPath('/data/api/v1.sync/run/'));
      expect(((await started.json()) as Envelope<unknown>).errorCode).toBe('0x00000000');
      // The list polls while the run is queued or running, so its end shows without a reload.
      await expect.poll(() => row.getByText('成功', { exact: true }).count(), { timeout: RUN_WAIT }).toBe(1);
      await expect.poll(() => row.getByText(`读取 ${ROWS} 行`, { exact: false }).count()).toBe(1);

      await row.getByRole('button', { name: '运行记录' }).click();
      const history = page.getByRole('dialog').filter({ hasText: `运行记录：${made.syncName}` });
      const run = history.locator('tbody tr.ant-table-row').first();
      await eventually(() => run.locator('td').count()).toBeGreaterThan(10);
      const cells = await run.locator('td').allTextContents();
      // 编号, 触发, 开始, 耗时, 读取, 新增, 更新, 未变, 删除, 尝试, 状态
      expect(cells[1]).toBe('手动');
      expect(cells[4]).toBe(String(ROWS));
      expect(cells[5]).toBe(String(ROWS));
      expect(cells[8]).toBe('0');
      expect(cells[10]).toContain('成功');

      // The source changes (one row edited, one gone): the next run updates and deletes just those.
      await page.keyboard.press('Escape');
      await maria.query(`UPDATE ${SOURCE_TABLE} SET salary = 9999 WHERE staff_no = 'T00001'`);
      await maria.query(`DELETE FROM ${SOURCE_TABLE} WHERE staff_no = 'T00002'`);
      await clickFor(row.getByRole('button', { name: /立即同步/ }), isPath('/data/api/v1.sync/run/'));
      await expect
        .poll(() => row.getByText(`读取 ${ROWS - 1} 行`, { exact: false }).count(), { timeout: RUN_WAIT })
        .toBe(1);
      await row.getByRole('button', { name: '运行记录' }).click();
      const latest = history.locator('tbody tr.ant-table-row').first();
      await expect.poll(async () => (await latest.locator('td').allTextContents())[4]).toBe(String(ROWS - 1));
      const second = await latest.locator('td').allTextContents();
      expect(second.slice(4, 9)).toEqual([String(ROWS - 1), '0', '1', String(ROWS - 2), '1']);
      expect(await history.locator('tbody tr.ant-table-row').count()).toBe(2);
    }),
  );
});
