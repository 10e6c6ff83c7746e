import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardInfo, SalaryStatus } from '../src/modules/user-center/contract';
import type { ItemCard } from '../src/modules/service-hall/contract';
import type { Page as ListPage } from '../src/shared/envelope';
import { inPage, launchBrowser } from './support/browser';
import { ACCOUNTS, login, tokenOf, type Envelope } from './support/login';
import { clickFor, eventually, isPath, need } from './support/ui';

/**
 * Issue 19's personal centre through the real UI, on the demo's synced data: the student opens
 * 个人主页, 我的一卡通 and 我的课表, stars a service item and finds it in 我的收藏; a staff member
 * (人事处's 19900275, who has payslips) sees amounts only after entering the password again.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const UC = '/user/api/v1.userCenter';

async function get<T>(page: Page, token: string, url: string): Promise<T> {
  const body = (await (await page.request.get(url, { headers: { Authorization: token } })).json()) as Envelope<T>;
  expect(body.errorCode, `${url}: ${body.message}`).toBe('0x00000000');
  return body.data;
}

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

describe('个人中心', () => {
  it('a student sees home, card and timetable with real data, and a starred item in 我的收藏', async () => {
    await inPage(browser, async (page) => {
      const token = await signIn(page, ACCOUNTS.student.username, ACCOUNTS.student.password);
      // The data centre's first syncs fill the card tables in the background after the start.
      await expect
        .poll(async () => !!(await get<CardInfo | null>(page, token, `${UC}/card/info/`)), {
          timeout: 240_000,
          interval: 3000,
        })
        .toBe(true);

      await page.goto('/web/userCenter/myHomepage');
      await eventually(() => page.getByText('余额').count()).toBeGreaterThan(0);
      await eventually(() => page.getByText(/¥\d+\.\d{2}/).count()).toBeGreaterThan(0);

      await page.goto('/web/userCenter/mySmartCard');
      await eventually(() => page.locator('.ant-table-row').count()).toBeGreaterThan(0);
      await eventually(() => page.getByRole('img', { name: '月度消费统计图' }).count()).toBe(1);

      await page.goto('/web/userCenter/myTimetable');
      await eventually(() => page.getByRole('table', { name: '周课表' }).count()).toBe(1);
      await eventually(() => page.getByText(/第 \d+ 周/).count()).toBeGreaterThan(0);

      const items = await get<ListPage<ItemCard>>(page, token, '/affairs/api/v1.item/list/?page=1&pageSize=50');
      const item = need(
        items.list.find((i) => !i.favorite),
        'a service item not yet starred',
      );
      await page.goto(item.path);
      await clickFor(page.getByRole('button', { name: /收藏/ }).first(), isPath('/affairs/api/v1.item/favorite/'));
      await page.goto('/web/userCenter/myCollection');
      await eventually(() => page.getByRole('link', { name: item.name }).count()).toBe(1);
    });
  }, 300_000);

  it('a staff member sees a payslip only after re-entering the password', async () => {
    await inPage(browser, async (page) => {
      const token = await signIn(page, '19900275', 'Demo@2026');
      await expect
        .poll(async () => (await get<SalaryStatus>(page, token, `${UC}/salary/status/`)).months.length, {
          timeout: 240_000,
          interval: 3000,
        })
        .toBeGreaterThan(0);
      await page.goto('/web/userCenter/mySalary');
      await eventually(() => page.getByText('查看工资前请再次输入登录密码').count()).toBe(1);
      expect(await page.getByText('实发金额').count()).toBe(0);
      await page.getByLabel('登录密码').fill('Demo@2026');
      await clickFor(page.getByRole('button', { name: /验\s*证/ }), isPath(`${UC}/salary/verify/`));
      await eventually(() => page.getByText('实发金额').count()).toBe(1);
    });
  }, 300_000);
});
