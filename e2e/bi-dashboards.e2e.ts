import type { Browser, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardData, LinkFilter } from '../src/modules/bi/dashboard-contract';
import { inContext, inPage, launchBrowser, resultsDir } from './support/browser';
import { ACCOUNTS, expectPath, login, tokenOf, type Envelope } from './support/login';
import { dialog, eventually, isPath, need, phoneContext, pickOption, selectByName, toast } from './support/ui';

/**
 * BI dashboards (issue 20, part 3) through the real UI on the demo: the administrator builds a
 * dashboard in the designer (a bar of card spending by merchant and a pie by category, both over the
 * synced 一卡通流水), publishes it to 教职工服务平台's 教职工; the teacher opens it from BI → 仪表板,
 * clicks a bar, and the pie asks again with the merchant as its filter and draws other data.
 * Screenshots: the designer and the detail at 1920×1080, the phone page at 360 px.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const NAME = 'E2E 商户联动看板';
/** The first start syncs the demo systems in the background: the card table may take minutes. */
const FILL_WAIT = 600_000;
const DATA = '/bi/api/v1.dashboardView/data/';
let dashboardId: number | undefined;

async function signInAdmin(page: Page): Promise<string> {
  const answer = await login(page, ACCOUNTS.admin.username, ACCOUNTS.admin.password, { admin: true });
  expect(answer.errorCode, answer.message).toBe('0x00000000');
  await page.waitForURL((u) => u.pathname !== '/loginAdmin', { timeout: 30_000 });
  return need((await tokenOf(page)) ?? undefined, 'the token');
}

async function signInTeacher(page: Page): Promise<void> {
  const answer = await login(page, ACCOUNTS.teacher.username, ACCOUNTS.teacher.password);
  expect(answer.errorCode, answer.message).toBe('0x00000000');
  await page.waitForURL((u) => u.pathname !== '/login', { timeout: 30_000 });
  if (new URL(page.url()).pathname === '/platformSelection') {
    await page.getByRole('button', { name: '进入教职工服务平台' }).click();
    await page.waitForURL((u) => u.pathname !== '/platformSelection', { timeout: 30_000 });
  }
}

/** The designer's selected widget: its data table and dimension, through the side panel's pickers. */
async function configure(page: Page, title: string, dimension: string): Promise<void> {
  const panel = page.getByRole('form', { name: '组件设置' });
  await panel.getByRole('textbox', { name: '组件标题' }).fill(title);
  // The table list is long (a virtual list): type to find it.
  await panel.getByRole('combobox', { name: '数据表' }).click();
  await page.keyboard.type('ykt_txn');
  await pickOption(page, '一卡通流水（ykt_txn）');
  await selectByName(panel, '维度字段', dimension);
}

const filtersOf = (r: Request) => (r.postDataJSON() as { filters: LinkFilter[] }).filters;

describe('BI 仪表板: linked charts from the designer to a teacher', () => {
  it(
    'the demo card transactions are synced',
    async () => {
      await inPage(browser, async (page) => {
        const token = await signInAdmin(page);
        const bar = {
          id: 'probe',
          type: 'bar',
          title: 'probe',
          x: 0,
          y: 0,
          w: 6,
          h: 4,
          options: {},
          drillDashboardId: null,
          metric: {
            table: 'ykt_txn',
            aggregation: 'count',
            measure: null,
            filters: [],
            dimension: 'merchant_name',
            timeField: null,
            grain: null,
            window: null,
          },
        };
        await expect
          .poll(
            async () => {
              const res = await page.request.post('/bi/api/v1.dashboard/preview/', {
                headers: { Authorization: token },
                data: { widgets: [bar], filters: [] },
              });
              const d = ((await res.json()) as Envelope<DashboardData | null>).data?.probe;
              return d?.ok ? d.rows.length : 0;
            },
            { timeout: FILL_WAIT, interval: 15_000 },
          )
          .toBeGreaterThan(2);
      });
    },
    FILL_WAIT + 60_000,
  );

  it('the administrator builds two linked charts in the designer and publishes them to teachers', async () => {
    await inPage(browser, async (page) => {
      await signInAdmin(page);
      await page.goto('/cms/plugins/bi/dashboard');
      await page.getByRole('button', { name: /新建仪表板/ }).click();
      const create = dialog(page, '新建仪表板');
      await create.getByRole('textbox').first().fill(NAME);
      await create.getByRole('button', { name: /创建并设计/ }).click();
      const url = await expectPath(page, '/cms/plugins/bi/dashboardDesign');
      dashboardId = Number(url.searchParams.get('id'));

      const palette = page.getByLabel('组件库');
      await palette.getByRole('button', { name: /柱状图/ }).click();
      await page.getByText('组件设置：柱状图').waitFor();
      await configure(page, '各商户消费笔数', '商户（merchant_name）');
      await palette.getByRole('button', { name: /饼\s*图/ }).click();
      await page.getByText('组件设置：饼图').waitFor();
      await configure(page, '消费类别占比', '类别（kind）');
      // The live preview draws both.
      await page.locator('[data-widget] canvas').nth(1).waitFor();
      await page.waitForTimeout(1_000);
      await page.screenshot({ path: `${resultsDir}/bi-dashboard-designer-1920.png` });

      const saved = page.waitForResponse(isPath('/bi/api/v1.dashboard/save/'));
      await page.getByRole('button', { name: /^发\s*布$/ }).click();
      const s = (await (await saved).json()) as Envelope<unknown>;
      expect(s.errorCode, s.message).toBe('0x00000000');
      const publish = dialog(page, `发布「${NAME}」`);
      await publish.getByRole('checkbox', { name: '教职工服务平台' }).check();
      await selectByName(publish, '可见角色', '教职工');
      await page.keyboard.press('Escape').catch(() => undefined);
      const published = page.waitForResponse(isPath('/bi/api/v1.dashboard/publish/'));
      await publish.getByRole('button', { name: /^发\s*布$/ }).click();
      const p = (await (await published).json()) as Envelope<{ version: number }>;
      expect(p.errorCode, p.message).toBe('0x00000000');
      expect(p.data.version).toBe(1);
      await toast(page, '已发布版本 1').waitFor();
    });
  }, 180_000);

  it('the teacher opens it from BI → 仪表板, clicks a bar, and the pie re-queries with that merchant', async () => {
    const id = need(dashboardId, 'the dashboard');
    await inPage(browser, async (page) => {
      await signInTeacher(page);
      const sider = page.locator('.ant-layout-sider');
      await sider.getByText('BI', { exact: true }).click();
      await sider.getByText('仪表板', { exact: true }).click();
      await expectPath(page, '/web/bi/index');
      await page.getByRole('link', { name: /^一卡通消费概览/ }).waitFor();
      const initial = page.waitForResponse(isPath(DATA));
      await page.getByRole('link', { name: new RegExp(`^${NAME}`) }).click();
      await expectPath(page, '/web/bi/detail');
      const before = ((await (await initial).json()) as Envelope<DashboardData>).data;
      expect(Object.values(before).every((d) => d.ok)).toBe(true);

      const [barBox, pieBox] = [widget(page, '各商户消费笔数'), widget(page, '消费类别占比')];
      await barBox.locator('canvas').waitFor();
      await pieBox.locator('canvas').waitFor();
      await page.waitForTimeout(800);
      const pieBefore = await pieBox.locator('canvas').screenshot();

      // The tallest bar is the first: click across its lower half until a bar answers.
      const canvas = barBox.locator('canvas');
      const box = need((await canvas.boundingBox()) ?? undefined, 'the bar chart');
      let sent: Request | null = null;
      for (let x = 60; x < box.width / 2 && !sent; x += 14) {
        const next = page.waitForRequest((r) => new URL(r.url()).pathname === DATA, { timeout: 1_500 });
        await canvas.click({ position: { x, y: box.height * 0.62 } });
        sent = await next.catch(() => null);
      }
      const req = need(sent ?? undefined, 'a data call after clicking a bar');
      const filters = filtersOf(req);
      expect(filters).toHaveLength(1);
      expect(filters[0]!.field).toBe('merchant_name');
      expect(filters[0]!.values).toHaveLength(1);
      const merchant = filters[0]!.values[0]!;
      const answer = ((await (await req.response())!.json()) as Envelope<DashboardData>).data;
      expect(JSON.stringify(answer)).not.toBe(JSON.stringify(before));
      await page.getByLabel('联动筛选').getByText(`各商户消费笔数：${merchant}`).waitFor();
      // The pie draws the filtered data: its pixels change.
      await eventually(async () => (await pieBox.locator('canvas').screenshot()).equals(pieBefore)).toBe(false);
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${resultsDir}/bi-dashboard-detail-1920.png` });
      expect(new URL(page.url()).searchParams.get('id')).toBe(String(id));

      // The demo's 一卡通消费概览: every widget type it holds draws from the synced data.
      await page.goto('/web/bi/index');
      await page.getByRole('link', { name: /^一卡通消费概览/ }).click();
      await expectPath(page, '/web/bi/detail');
      await widget(page, '各商户消费笔数').locator('canvas').waitFor();
      await widget(page, '消费类别占比').locator('canvas').waitFor();
      await widget(page, '最近一天消费笔数').locator('canvas').waitFor();
      await page.waitForTimeout(1_000);
      expect(await page.locator('.ant-alert-warning').count()).toBe(0);
      await page.screenshot({ path: `${resultsDir}/bi-dashboard-demo-1920.png`, fullPage: true });
    });
  }, 180_000);

  it('the phone page lists the dashboards and shows one as stacked widgets at 360 px', async () => {
    const context = await phoneContext(browser);
    await inContext(
      context,
      async (page) => {
        const answer = await login(page, ACCOUNTS.teacher.username, ACCOUNTS.teacher.password, {
          path: '/mobile/mobileLogin',
        });
        expect(answer.errorCode, answer.message).toBe('0x00000000');
        if (answer.data.menus.plant_front.length > 1)
          await page.locator('.adm-action-sheet').getByText('教职工服务平台', { exact: true }).click();
        await expectPath(page, '/mobile/home');
        await page.goto('/mobile/biDashboard');
        await page.getByText('一卡通消费概览').click();
        await page.getByText('各商户消费笔数').first().waitFor();
        await page.locator('canvas').first().waitFor();
        await page.waitForTimeout(1_000);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `${resultsDir}/bi-dashboard-phone-360.png` });
      },
      'phone',
    );
    await context.close();
  });
});

const widget = (page: Page, title: string): Locator =>
  page.locator('[data-widget]').filter({ has: page.locator('.ant-card-head').getByText(title, { exact: true }) });
