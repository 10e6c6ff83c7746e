import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReleaseDetail } from '../src/modules/message-publish/contract';
import { inPage, launchBrowser } from './support/browser';
import { ACCOUNTS, login, tokenOf, type Envelope } from './support/login';
import { eventually, need, toast } from './support/ui';

/**
 * Issue 21's 消息发布 bar, through the real UI: the administrator schedules a message to one
 * college (机械工程学院) for a coming minute; it is not in a student's list before that minute
 * and arrives at it (the server's job runner, real time); the student reads it and the
 * publisher's receipts count the read.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const R = '/message/api/v1.publish';
const TITLE = `端到端定时消息 ${Date.now() % 100000}`;
/** A student of 机械工程学院 (2023 级, 专业 01, 1 班, 01 号) in the full demo. */
const STUDENT = { username: '20230201101', password: 'Demo@2026' };

async function call<T>(page: Page, token: string, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const res =
    method === 'GET'
      ? await page.request.get(url, { headers: { Authorization: token } })
      : await page.request.post(url, { headers: { Authorization: token }, data });
  const body = (await res.json()) as Envelope<T>;
  expect(body.errorCode, `${url}: ${body.message}`).toBe('0x00000000');
  return body.data;
}

const inbox = (page: Page, token: string) =>
  call<{ list: { id: number; title: string }[] }>(
    page,
    token,
    'GET',
    '/message/api/v1.message/list/?status=all&page=1&pageSize=50',
  );

const made: { id?: number; at?: number; recipients?: number } = {};

describe('消息发布: a scheduled message reaches one college at its minute and its receipts count', () => {
  it('the administrator schedules a message to 机械工程学院 for a coming minute', { timeout: 90_000 }, async () => {
    await inPage(browser, async (page) => {
      const answer = await login(page, ACCOUNTS.admin.username, ACCOUNTS.admin.password, { admin: true });
      expect(answer.errorCode, answer.message).toBe('0x00000000');
      await page.waitForURL((u) => u.pathname !== '/loginAdmin', { timeout: 15_000 });
      await page.goto('/cms/lightApps/publishMessage/PublishMessageIndex');

      // The page's chunk and the lazy editor: give a busy CI machine time.
      await page.getByLabel('消息标题').fill(TITLE, { timeout: 45_000 });
      await page.locator('.ProseMirror').waitFor({ timeout: 30_000 });
      await page.locator('.ProseMirror').click();
      await page.keyboard.type('明天上午机械工程学院实验楼停电检修，请提前保存实验数据。');
      await page.getByRole('combobox', { name: '部门' }).fill('机械工程学院');
      await page.locator('.ant-select-tree-node-content-wrapper[title="机械工程学院"]').first().click();
      await page.keyboard.press('Escape');

      // The next minute at least 25 s away: the form, the request and a first check fit before it.
      const at = Math.ceil((Date.now() + 25_000) / 60_000) * 60_000;
      made.at = at;
      await page.getByText('定时发布', { exact: true }).click();
      const picker = page.getByLabel('定时发布时间');
      await picker.click();
      // The browser context runs on Beijing time (support/browser.ts): type the minute as it reads there.
      const d = new Date(at + 8 * 3600_000);
      const p = (n: number) => String(n).padStart(2, '0');
      await picker.fill(
        `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`,
      );
      // The picker's 确定 (Enter would also submit the form).
      await page.locator('.ant-picker-ok button').click();

      const created = page.waitForResponse((r) => new URL(r.url()).pathname === `${R}/create/`);
      await page.getByRole('button', { name: '定时发布' }).click();
      const body = (await (await created).json()) as Envelope<{ id: number; status: string }>;
      expect(body.errorCode, body.message).toBe('0x00000000');
      expect(body.data.status).toBe('scheduled');
      made.id = body.data.id;
      await eventually(() => toast(page, '发布成功').isVisible()).toBe(true);
      await page.waitForURL((u) => u.pathname === '/cms/lightApps/publishMessage/MyRelease');
      const row = page.locator('.ant-table-row').filter({ hasText: TITLE });
      await eventually(() => row.getByText('待发送').isVisible()).toBe(true);
    });
  });

  it(
    'arrives in the student’s list at that minute, not before; reading it counts in the receipts',
    { timeout: 150_000 },
    async () => {
      const id = need(made.id, 'the release');
      const at = need(made.at, 'its minute');
      await inPage(browser, async (page) => {
        const answer = await login(page, STUDENT.username, STUDENT.password);
        expect(answer.errorCode, answer.message).toBe('0x00000000');
        const token = need((await tokenOf(page)) ?? undefined, 'the student token');
        if (Date.now() < at - 2_000) expect((await inbox(page, token)).list.some((m) => m.title === TITLE)).toBe(false);

        await expect
          .poll(async () => (await inbox(page, token)).list.some((m) => m.title === TITLE), {
            timeout: Math.max(0, at - Date.now()) + 20_000,
            interval: 1_000,
          })
          .toBe(true);
        // Not before its minute (the runner took it when it fell due).
        expect(Date.now()).toBeGreaterThanOrEqual(at);

        // The student opens it from the message: the full text on the reader page, marked read.
        const msg = need(
          (await inbox(page, token)).list.find((m) => m.title === TITLE),
          'the message',
        );
        await call(page, token, 'POST', '/message/api/v1.message/read_message/', { id: msg.id });
        await page.goto(`/web/lightApps/publishMessage/preview?id=${id}`);
        await eventually(() => page.getByText('明天上午机械工程学院实验楼停电检修').isVisible()).toBe(true);
      });

      await inPage(browser, async (page) => {
        const answer = await login(page, ACCOUNTS.admin.username, ACCOUNTS.admin.password, { admin: true });
        expect(answer.errorCode, answer.message).toBe('0x00000000');
        await page.waitForURL((u) => u.pathname !== '/loginAdmin', { timeout: 15_000 });
        const token = need((await tokenOf(page)) ?? undefined, 'admin token');
        const d = await call<ReleaseDetail>(page, token, 'GET', `${R}/detail/?id=${id}`);
        expect(d.status).toBe('sent');
        expect(d.read).toBe(1);
        expect(d.recipients).toBeGreaterThan(100);
        expect(d.byDepartment.map((x) => x.departmentName).join()).not.toContain('计算机');
        await page.goto(`/cms/lightApps/publishMessage/detail?id=${id}`);
        await eventually(() => page.getByText('阅读统计').isVisible()).toBe(true);
        await eventually(() =>
          page.locator('.ant-statistic').filter({ hasText: '已读' }).getByText('1', { exact: true }).isVisible(),
        ).toBe(true);
      });
    },
  );
});
