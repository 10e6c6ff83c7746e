import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunResult } from '../src/modules/bi-reports/contract';
import { inContext, inPage, launchBrowser, resultsDir } from './support/browser';
import { ACCOUNTS, expectPath, login, tokenOf, type Envelope } from './support/login';
import { dialog, isPath, need, phoneContext, selectByName, toast } from './support/ui';

/**
 * BI reports (issue 20, part 4) through the real UI on the demo: the administrator makes a report
 * from a template in 报表管理 (editor, live preview), publishes it to 教职工服务平台's staff; the
 * teacher opens it under 数据报表, runs it with another parameter value and downloads the Excel,
 * which holds the grand total. Screenshots of the editor and the detail page at 1920×1080.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const NAME = '按学院统计学生人数';
/** The first start syncs the demo systems in the background: the card table may take minutes. */
const FILL_WAIT = 600_000;

async function staffSignIn(page: Page): Promise<string> {
  const answer = await login(page, ACCOUNTS.teacher.username, ACCOUNTS.teacher.password);
  expect(answer.errorCode, answer.message).toBe('0x00000000');
  await page.waitForURL((u) => u.pathname !== '/login', { timeout: 15_000 });
  if (new URL(page.url()).pathname === '/platformSelection') {
    await page.getByRole('button', { name: '进入教职工服务平台' }).click();
    await page.waitForURL((u) => u.pathname !== '/platformSelection', { timeout: 15_000 });
  }
  return need((await tokenOf(page)) ?? undefined, 'the token');
}

describe('BI 报表: from a template to a staff member’s spreadsheet', () => {
  it(
    'the administrator makes a report from a template, previews and publishes it',
    async () => {
      await inPage(browser, async (page) => {
        const answer = await login(page, ACCOUNTS.admin.username, ACCOUNTS.admin.password, { admin: true });
        expect(answer.errorCode, answer.message).toBe('0x00000000');
        await page.waitForURL((u) => u.pathname !== '/loginAdmin', { timeout: 15_000 });
        // The demo's data tables are made by the first sync, in the background of a fresh start.
        const token = need((await tokenOf(page)) ?? undefined, 'the token');
        await expect
          .poll(
            async () => {
              const res = await page.request.get('/bi/api/v1.report/source/?table=ykt_card', {
                headers: { Authorization: token },
              });
              return ((await res.json()) as Envelope<unknown>).errorCode;
            },
            { timeout: FILL_WAIT, interval: 5_000 },
          )
          .toBe('0x00000000');
        await page.goto('/cms/plugins/bi/report');
        await page.getByRole('tab', { name: '模板' }).click();
        await page
          .getByRole('cell', { name: new RegExp(NAME) })
          .first()
          .waitFor();

        await page.getByRole('button', { name: /新建报表/ }).click();
        const create = dialog(page, '新建报表');
        await selectByName(create, '选择模板', NAME);
        const copied = page.waitForResponse(isPath('/bi/api/v1.report/copy/'));
        await create.getByRole('button', { name: /下一步/ }).click();
        expect(((await (await copied).json()) as Envelope<unknown>).errorCode).toBe('0x00000000');

        const editor = page.locator('.ant-drawer').last();
        await editor.getByText(`编辑报表：${NAME}`).waitFor();
        await editor.getByRole('textbox', { name: '报表名称' }).fill('学生人数（按学院）');
        const previewed = page.waitForResponse(isPath('/bi/api/v1.report/preview/'));
        await editor.getByRole('button', { name: /预\s*览/ }).click();
        const preview = (await (await previewed).json()) as Envelope<RunResult>;
        expect(preview.errorCode, preview.message).toBe('0x00000000');
        await editor.locator('.ant-table').last().waitFor();
        await page.waitForTimeout(500);
        await page.screenshot({ path: `${resultsDir}/bi-reports-editor-1920.png` });
        await editor.getByRole('button', { name: /保\s*存/ }).click();
        await toast(page, '已保存').waitFor();

        await page.getByRole('tab', { name: '草稿' }).click();
        const row = page.getByRole('row').filter({ hasText: '学生人数（按学院）' });
        await row.getByRole('button', { name: /发\s*布/ }).click();
        const publish = dialog(page, /发布报表/);
        // A multiple select keeps its dropdown open over the next field: a click on the title closes it.
        await selectByName(publish, '平台', '教职工服务平台');
        await publish.locator('.ant-modal-title').click();
        await selectByName(publish, '角色', '教职工');
        await publish.locator('.ant-modal-title').click();
        await publish.getByRole('button', { name: /发\s*布/ }).click();
        await toast(page, '已发布').waitFor();
        await page.getByRole('tab', { name: '已发布' }).click();
        await page.getByRole('row').filter({ hasText: '学生人数（按学院）' }).waitFor();
      });
    },
    FILL_WAIT + 180_000,
  );

  it(
    'a staff member runs it with a parameter under 数据报表 and downloads the Excel',
    async () => {
      await inPage(browser, async (page) => {
        const token = await staffSignIn(page);
        await page.goto('/web/bi/report');
        const card = page.getByRole('link', { name: '学生人数（按学院）' });
        await card.waitFor();
        const id = Number(
          new URL(need((await card.getAttribute('href')) ?? undefined, 'href'), page.url()).searchParams.get('id'),
        );
        // The card table fills with the first sync.
        await expect
          .poll(
            async () => {
              const res = await page.request.post('/bi/api/v1.reportView/run/', {
                headers: { Authorization: token },
                data: { id, params: {}, page: 1, pageSize: 20 },
              });
              const d = ((await res.json()) as Envelope<RunResult>).data;
              return d.rows.filter((r) => r.type === 'row').length;
            },
            { timeout: FILL_WAIT, interval: 10_000 },
          )
          .toBeGreaterThan(0);

        await card.click();
        await expectPath(page, '/web/bi/reportDetail');
        await page.getByRole('cell', { name: '学生 小计' }).waitFor();
        await selectByName(page, '身份', '教职工');
        const ran = page.waitForResponse(isPath('/bi/api/v1.reportView/run/'));
        await page.getByRole('button', { name: /查\s*询/ }).click();
        const result = (await (await ran).json()) as Envelope<RunResult>;
        expect(result.errorCode).toBe('0x00000000');
        expect(result.data.params).toContainEqual({ label: '身份', text: '教职工' });
        await page.getByRole('cell', { name: '教职工 小计' }).waitFor();
        const total = result.data.rows.find((r) => r.type === 'total')!;
        await page.waitForTimeout(500);
        await page.screenshot({ path: `${resultsDir}/bi-reports-detail-1920.png` });

        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: /导出 Excel/ }).click();
        const file = path.join(resultsDir, 'bi-reports-export.xlsx');
        await (await download).saveAs(file);
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.readFile(file);
        const ws = wb.worksheets[0]!;
        const last = (ws.getRow(ws.rowCount).values as unknown[]).slice(1);
        expect(last[0]).toBe('合计');
        expect(last[2]).toBe(total.cells[2]);
        expect(String((ws.getRow(2).values as unknown[])[1])).toContain('身份：教职工');
        fs.rmSync(file, { force: true });
      });
    },
    FILL_WAIT + 120_000,
  );

  it('the phone page lists the reports and shows one as a compact grouped list at 360 px', async () => {
    const context = await phoneContext(browser);
    await inContext(context, async (page) => {
      const answer = await login(page, ACCOUNTS.teacher.username, ACCOUNTS.teacher.password, {
        path: '/mobile/mobileLogin',
      });
      expect(answer.errorCode, answer.message).toBe('0x00000000');
      if (answer.data.menus.plant_front.length > 1)
        await page.locator('.adm-action-sheet').getByText('教职工服务平台', { exact: true }).click();
      await expectPath(page, '/mobile/home');
      await page.goto('/mobile/biReport');
      await page.getByText('各学院学生人数').click();
      await expectPath(page, '/mobile/biReport');
      await page.getByText('合计').waitFor();
      await page.getByText('学生 小计').waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${resultsDir}/bi-reports-phone-360.png`, fullPage: true });
    });
    await context.close();
  });
});
