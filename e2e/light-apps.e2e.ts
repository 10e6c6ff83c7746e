import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerApp } from '../src/modules/app-center/contract';
import { parseIcs } from '../src/modules/calendar/ics-check';
import { inPage, launchBrowser } from './support/browser';
import { ACCOUNTS, login, tokenOf, type Envelope } from './support/login';
import { dialog, eventually, need, toast } from './support/ui';

/**
 * Issue 21's light apps through the real UI: a teacher makes the calendar's subscription link on
 * 校历日程, the link (fetched like a phone calendar does, without a session) parses as iCalendar
 * with the school calendar and their own events, and stops at once when revoked; a student finds an
 * app in 应用中心 by its pinyin initials, favourites it and sees it under 我的收藏, while a staff-only
 * system is offered neither on the page nor by get_server_app.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

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

describe('light apps', () => {
  it('a teacher subscribes to the calendar feed; it parses as iCalendar and stops when revoked', async () => {
    await inPage(browser, async (page) => {
      await signIn(page, ACCOUNTS.teacher.username, ACCOUNTS.teacher.password);
      await page.goto('/web/lightApps/calendar');
      await page.getByRole('button', { name: '订阅到手机日历' }).click();
      const modal = dialog(page, '订阅到手机日历');
      await modal.getByRole('button', { name: /生成订阅链接|重新生成链接/ }).click();
      const url = (await modal.getByTestId('feed-url').innerText()).trim();
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/portal\/calendar\/feed\/[A-Za-z0-9_-]+\.ics$/);

      // A phone's calendar app fetches the link with no session.
      const feed = await page.request.get(url, { headers: {} });
      expect(feed.status()).toBe(200);
      expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
      const cal = parseIcs(await feed.text());
      const titles = cal.events.map((e) => e.summary);
      expect(titles).toContain('课题组例会');
      expect(titles).toContain('【学期】2026-2027学年第一学期');
      expect(titles.some((t) => t.startsWith('【计算机科学与技术学院】'))).toBe(true);
      expect(cal.events.find((e) => e.summary.startsWith('【学期】'))!.startValue).toBe('DATE');

      await modal.getByRole('button', { name: /停用订阅/ }).click();
      await page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /确\s*定|OK/ })
        .click();
      await toast(page, '订阅链接已停用，手机日历将不再更新').waitFor();
      await eventually(async () => (await page.request.get(url)).status()).toBe(404);
    });
  });

  it('a student finds an app, favourites it, and is not offered a staff-only system', async () => {
    await inPage(browser, async (page) => {
      const token = await signIn(page, ACCOUNTS.student.username, ACCOUNTS.student.password);
      await page.goto('/web/lightApps/applicationCenter');
      const search = page.getByPlaceholder('搜索应用名称、拼音或简介');
      await search.fill('ykt');
      await search.press('Enter');
      const card = page.locator('.ant-card').filter({ hasText: '一卡通服务' });
      await card.first().waitFor();
      await card.getByRole('button', { name: '收藏一卡通服务' }).click();
      await toast(page, '已收藏').waitFor();
      await search.fill('');
      await search.press('Enter');
      await page.getByText('我的收藏', { exact: true }).click();
      await page.getByRole('button', { name: '取消收藏一卡通服务' }).waitFor();

      // Staff-only: not on the page, not in get_server_app.
      await page.getByText('全部', { exact: true }).first().click();
      await search.fill('科研管理');
      await search.press('Enter');
      await page.getByText('没有找到应用').waitFor();
      const res = await page.request.get('/message/api/v1.message/get_server_app/', {
        headers: { Authorization: token },
      });
      const apps = ((await res.json()) as Envelope<ServerApp[]>).data;
      expect(apps.map((a) => a.name)).toContain('一卡通服务');
      expect(apps.map((a) => a.name)).not.toContain('科研管理系统');
    });
  });
});
