import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { SchoolOverview } from '../src/modules/leading-driver/contract';
import { inContext, inPage, launchBrowser, resultsDir } from './support/browser';
import { ACCOUNTS, expectPath, login, tokenOf, type Envelope } from './support/login';
import { need } from './support/ui';

/**
 * Issue 20's cockpit through the real UI on the demo: once the demo sources are synced (and the
 * daily aggregates built), the school leader (README demo table) sees 综合校情 fill at 1920×1080
 * without scrollbars, opens 教学概况, and reads the phone page at 360 px; a student is refused with
 * the cockpit's own code (not signed out). Screenshots go to test-results/.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const LEADER = { username: 'leader', password: 'Demo@2026' };
const O = '/bi/api/v1.leadingDriver/overview/';
/** The first start syncs the demo systems in the background; the big tables come last, the aggregates after. */
const FILL_WAIT = 600_000;

async function signIn(page: Page, username: string, password: string): Promise<string> {
  const answer = await login(page, username, password);
  expect(answer.errorCode, `${username}: ${answer.message}`).toBe('0x00000000');
  await page.waitForURL((u) => u.pathname !== '/login', { timeout: 15_000 });
  if (new URL(page.url()).pathname === '/platformSelection') {
    await page.getByRole('button', { name: '进入教职工服务平台' }).click();
    await page.waitForURL((u) => u.pathname !== '/platformSelection', { timeout: 15_000 });
  }
  return need((await tokenOf(page)) ?? undefined, 'the token');
}

async function overview(page: Page, token: string) {
  const res = await page.request.get(O, { headers: { Authorization: token } });
  return (await res.json()) as Envelope<SchoolOverview>;
}

describe('领导驾驶舱: the school leader reads the whole school', () => {
  it(
    'every panel fills from the synced data tables',
    async () => {
      await inPage(browser, async (page) => {
        const token = await signIn(page, LEADER.username, LEADER.password);
        await expect
          .poll(
            async () => {
              const d = (await overview(page, token)).data;
              return !!(
                d.students &&
                d.staff &&
                d.teaching &&
                d.research &&
                d.dorms?.passages &&
                d.card &&
                d.library &&
                d.network
              );
            },
            { timeout: FILL_WAIT, interval: 15_000 },
          )
          .toBe(true);
      });
    },
    FILL_WAIT + 60_000,
  );

  it('综合校情 fits 1920×1080, and 教学概况 opens from it', async () => {
    await inPage(browser, async (page) => {
      await signIn(page, LEADER.username, LEADER.password);
      await page.goto('/leadingDriver/leadingDriverIndex');
      await page.getByRole('img', { name: '每日一卡通消费金额' }).waitFor();
      await page.getByRole('img', { name: '每日上网会话与人数' }).waitFor();
      await page.waitForTimeout(1_000);
      const scroll = await page.evaluate(() => {
        const el = document.querySelector('[class*="screen"]')!;
        return { h: el.scrollHeight - el.clientHeight, w: el.scrollWidth - el.clientWidth };
      });
      expect(scroll).toEqual({ h: 0, w: 0 });
      expect(await page.getByText('暂无数据').count()).toBe(0);
      await page.screenshot({ path: `${resultsDir}/leading-driver-index-1920.png` });

      await page.getByRole('link', { name: '教学概况' }).click();
      await page.getByRole('img', { name: '各学院成绩分段人次' }).waitFor();
      await page.getByRole('img', { name: '各周出勤率' }).waitFor();
      await page.waitForTimeout(1_000);
      await page.screenshot({ path: `${resultsDir}/leading-driver-teaching-1920.png` });
    });
  });

  it('the phone page shows the key figures at 360 px', async () => {
    const context = await browser.newContext({
      baseURL: inject('baseURL'),
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
      viewport: { width: 360, height: 800 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      serviceWorkers: 'block',
    });
    context.setDefaultTimeout(15_000);
    await inContext(context, async (page) => {
      // The phone login, the staff platform, then the 综合校情 tile of the phone home.
      const answer = await login(page, LEADER.username, LEADER.password, { path: '/mobile/mobileLogin' });
      expect(answer.errorCode, answer.message).toBe('0x00000000');
      if (answer.data.menus.plant_front.length > 1)
        await page.locator('.adm-action-sheet').getByText('教职工服务平台', { exact: true }).click();
      await expectPath(page, '/mobile/home');
      await page.locator('section[aria-label] button').filter({ hasText: '综合校情' }).first().click();
      await expectPath(page, '/mobile/leadingDriver');
      await page.getByText('在校学生').waitFor();
      await page.getByRole('img', { name: '各学院在校生人数' }).waitFor();
      await page.waitForTimeout(1_000);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${resultsDir}/leading-driver-phone-360.png`, fullPage: true });
    });
    await context.close();
  });

  it('a student is refused with the cockpit’s code and stays signed in', async () => {
    await inPage(browser, async (page) => {
      const token = await signIn(page, ACCOUNTS.student.username, ACCOUNTS.student.password);
      const answer = await overview(page, token);
      expect(answer.errorCode).toBe('0x00000920');
      // Still signed in: the second call is refused again, not told to sign in (401).
      expect((await overview(page, token)).errorCode).toBe('0x00000920');
    });
  });
});
