import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inPage, launchBrowser } from './support/browser';
import { ACCOUNTS, expectPath, login, tokenOf, type Envelope } from './support/login';
import { clickFor, formItem, isPath, toast } from './support/ui';

/**
 * Issue 16's bad input on the data sources' pages, through the real UI: a MariaDB source with a
 * wrong password and one on a closed port each answer their coded message on 测试连接 and nothing
 * is saved by a failed save; a dataset with a write statement is refused before the source is asked
 * and is not created; a demo dataset's preview hides its sensitive fields until an administrator
 * asks to see them.
 */

let browser: Browser;
const tag = randomBytes(3).toString('hex');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signInAdmin(page: Page): Promise<void> {
  const answer = await login(page, ACCOUNTS.admin.username, ACCOUNTS.admin.password, { admin: true });
  expect(answer.errorCode).toBe('0x00000000');
  await expectPath(page, '/cms/home/index');
}

async function apiPost<T>(page: Page, url: string, body: unknown): Promise<T> {
  const res = await page.request.post(url, { headers: { authorization: (await tokenOf(page)) ?? '' }, data: body });
  const json = (await res.json()) as Envelope<T>;
  expect(json.errorCode, `${url}: ${json.message}`).toBe('0x00000000');
  return json.data;
}

async function apiGet<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url, { headers: { authorization: (await tokenOf(page)) ?? '' } });
  return ((await res.json()) as Envelope<T>).data;
}

describe('data sources: bad input is a clear, coded message and nothing half-saved', () => {
  it('a wrong password and a closed port on 测试连接', { timeout: 90_000 }, () =>
    inPage(browser, async (page) => {
      await signInAdmin(page);
      await page.goto('/cms/publicTool/dataSource');
      await page.getByRole('button', { name: /新建数据源/ }).click();
      const drawer = page.getByRole('dialog').filter({ hasText: '新建数据源' });
      await formItem(drawer, '名称').getByRole('textbox').fill(`错误的库-${tag}`);
      await drawer.getByRole('radio', { name: 'MySQL / MariaDB' }).check();
      await formItem(drawer, '主机').getByRole('textbox').fill('127.0.0.1');
      await formItem(drawer, '数据库').getByRole('textbox').fill('test');
      await formItem(drawer, '用户名').getByRole('textbox').fill('root');
      await formItem(drawer, '密码').locator('input').fill(`wrong-${tag}`);

      // root has no password here: a wrong one is refused by MariaDB.
      const wrong = await clickFor(
        drawer.getByRole('button', { name: '测试连接' }),
        isPath('/data/api/v1.dataSource/test/'),
      );
      expect(((await wrong.json()) as Envelope<unknown>).errorCode).toBe('0x00000602');
      await toast(page, /数据源拒绝登录/).waitFor();

      await formItem(drawer, '端口').getByRole('spinbutton').fill('1');
      const closed = await clickFor(
        drawer.getByRole('button', { name: '测试连接' }),
        isPath('/data/api/v1.dataSource/test/'),
      );
      expect(((await closed.json()) as Envelope<unknown>).errorCode).toBe('0x00000601');
      await toast(page, /无法连接数据源 127\.0\.0\.1:1/).waitFor();

      // Nothing was saved by testing.
      const list = await apiGet<{ total: number }>(
        page,
        `/data/api/v1.dataSource/list/?page=1&pageSize=20&keyword=${tag}`,
      );
      expect(list.total).toBe(0);
    }),
  );

  it('a dataset with a write statement is refused and not created', { timeout: 90_000 }, () =>
    inPage(browser, async (page) => {
      await signInAdmin(page);
      // A source of its own (the machine's MariaDB), made through the API: the form is the first test's part.
      const sourceName = `MariaDB-${tag}`;
      await apiPost(page, '/data/api/v1.dataSource/create/', {
        name: sourceName,
        kind: 'mysql',
        config: { host: '127.0.0.1', port: 3306, database: 'test', user: 'root' },
      });
      await page.goto('/cms/publicTool/dataSet');
      await page.getByRole('button', { name: /新建数据集/ }).click();
      const drawer = page.getByRole('dialog').filter({ hasText: '新建数据集' });
      await drawer.getByPlaceholder('例如：本科生学籍').fill(`删课-${tag}`);
      await formItem(drawer, '数据源').getByRole('combobox').click();
      await page.locator('.ant-select-item-option').filter({ hasText: sourceName }).first().click();
      await drawer.locator('label').filter({ hasText: 'SQL 查询' }).click();
      await formItem(drawer, '查询语句').getByRole('textbox').fill('SELECT 1; DELETE FROM mysql.user');

      const detect = await clickFor(
        drawer.getByRole('button', { name: /识别字段/ }),
        isPath('/data/api/v1.dataset/detect/'),
      );
      expect(((await detect.json()) as Envelope<unknown>).errorCode).toBe('0x00000606');
      await toast(page, /只允许一条只读的 SELECT 查询/).waitFor();

      await formItem(drawer, '查询语句').getByRole('textbox').fill('DELETE FROM mysql.user');
      const save = await clickFor(
        drawer.getByRole('button', { name: /保\s*存/ }),
        isPath('/data/api/v1.dataset/create/'),
      );
      expect(((await save.json()) as Envelope<unknown>).errorCode).toBe('0x00000606');
      const list = await apiGet<{ total: number }>(
        page,
        `/data/api/v1.dataset/list/?page=1&pageSize=20&keyword=${tag}`,
      );
      expect(list.total).toBe(0);
    }),
  );

  it('a preview hides sensitive fields until an administrator asks', { timeout: 90_000 }, () =>
    inPage(browser, async (page) => {
      await signInAdmin(page);
      // The demo registers its sources and datasets just after the first start: wait for them.
      await expect
        .poll(
          async () => (await apiGet<{ total: number }>(page, '/data/api/v1.dataset/list/?page=1&pageSize=1')).total,
          {
            timeout: 60_000,
          },
        )
        .toBeGreaterThan(0);
      await page.goto('/cms/publicTool/dataSet');
      // The demo marks ID numbers and pay as sensitive: the first dataset that has one.
      const row = page.locator('.ant-table-row').filter({ hasText: '个敏感' }).first();
      await clickFor(row.getByRole('button', { name: '预览' }), isPath('/data/api/v1.dataset/preview/'));
      const modal = page.getByRole('dialog').filter({ hasText: '数据预览' });
      await modal.getByText('敏感字段已隐藏').waitFor();
      await expect.poll(() => modal.getByText('******').count()).toBeGreaterThan(0);
      const shown = await clickFor(
        modal.getByRole('button', { name: '显示敏感字段' }),
        isPath('/data/api/v1.dataset/preview/'),
      );
      expect(((await shown.json()) as Envelope<{ masked: boolean }>).data.masked).toBe(false);
      await modal.getByText(/正在显示敏感字段/).waitFor();
      await expect.poll(() => modal.getByText('******').count()).toBe(0);
    }),
  );
});
