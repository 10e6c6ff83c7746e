import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkCreated, ResourceView } from '../src/modules/resource-center/contract';
import { demoPdf } from '../src/modules/resource-center/server/demo-files';
import { inPage, launchBrowser } from './support/browser';
import { ACCOUNTS, expectPath, login, tokenOf, type Envelope } from './support/login';
import { eventually, need } from './support/ui';

/**
 * Issue 19's resource-centre bar through the real UI: 王建国 (teacher) releases a PDF from 发布资源
 * (upload with progress, then 发布); it is shared by a link with a password that expires a few
 * seconds ahead (the test drives time by choosing the expiry); a visitor without an account opens
 * it — the wrong password is refused, the right one shows the PDF — and once the expiry passes
 * the same link answers 分享链接已过期.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const TITLE = `端到端测试资源 ${Date.now() % 100000}`;
const made: { path?: string; expiresAt?: number } = {};

async function call<T>(page: Page, token: string, url: string, data?: object): Promise<T> {
  const res = data
    ? await page.request.post(url, { headers: { Authorization: token, 'Content-Type': 'application/json' }, data })
    : await page.request.get(url, { headers: { Authorization: token } });
  const body = (await res.json()) as Envelope<T>;
  expect(body.errorCode, `${url}: ${body.message}`).toBe('0x00000000');
  return body.data;
}

describe('资源中心: release, share by a password link, a visitor opens it, the link expires', () => {
  it('the teacher releases a PDF and shares it by a link with a password and a short expiry', async () => {
    await inPage(browser, async (page) => {
      const answer = await login(page, ACCOUNTS.teacher.username, ACCOUNTS.teacher.password);
      expect(answer.errorCode).toBe('0x00000000');
      await page.waitForURL((u) => u.pathname !== '/login', { timeout: 15_000 });
      if (new URL(page.url()).pathname === '/platformSelection') {
        await page.getByRole('button', { name: '进入教职工服务平台' }).click();
        await page.waitForURL((u) => u.pathname !== '/platformSelection', { timeout: 15_000 });
      }
      const token = need((await tokenOf(page)) ?? undefined, 'the token');

      await page.goto('/web/webResourceCenter/release');
      await page.getByLabel('资源名称').fill(TITLE);
      await page.locator('input[type=file]').setInputFiles({
        name: 'e2e-guide.pdf',
        mimeType: 'application/pdf',
        buffer: demoPdf(['E2E shared guide', 'Opened by a visitor']),
      });
      await page.getByText('已上传：e2e-guide.pdf').waitFor();
      await page.getByRole('button', { name: /^发\s*布$/ }).click();
      await expectPath(page, '/web/webResourceCenter/releaseList');
      const row = page.getByRole('row', { name: new RegExp(TITLE) });
      await row.getByText('已发布').waitFor();

      const mine = await call<{ list: ResourceView[] }>(
        page,
        token,
        '/resource/api/v1.resource/mine/?keyword=' + encodeURIComponent(TITLE),
      );
      const id = mine.list[0]!.id;
      // An expiry a few seconds ahead: the visitor's part runs well within it, then waits it out.
      made.expiresAt = Date.now() + 20_000;
      const link = await call<LinkCreated>(page, token, '/resource/api/v1.resourceLink/create/', {
        resourceId: id,
        expiresAt: made.expiresAt,
        password: 'e2e2026',
        maxVisits: 5,
      });
      made.path = link.path;
      await page.goto('/web/webResourceCenter/linkGeneration');
      await page
        .getByRole('row', { name: new RegExp(TITLE) })
        .getByText('有效')
        .waitFor();
    });
  });

  it('a visitor without an account needs the password, sees the PDF, and then the link expires', async () => {
    const path = need(made.path, 'the shared link');
    await inPage(browser, async (page) => {
      await page.goto(path);
      await page.getByText(TITLE).waitFor();
      const password = page.getByLabel('访问密码');
      await password.fill('wrong-one');
      await page.getByRole('button', { name: '查看资源' }).click();
      await page.getByText('访问密码错误').waitFor();
      await password.fill('e2e2026');
      await page.getByRole('button', { name: '查看资源' }).click();
      const frame = page.locator(`iframe[title="${TITLE}"]`);
      await frame.waitFor();
      const src = need((await frame.getAttribute('src')) ?? undefined, 'the file address');
      const file = await page.request.get(src);
      expect(file.status()).toBe(200);
      expect(file.headers()['content-type']).toBe('application/pdf');

      await new Promise((r) => setTimeout(r, Math.max(0, made.expiresAt! - Date.now() + 500)));
      await page.goto(path);
      await eventually(() => page.getByText('分享链接已过期').isVisible()).toBe(true);
    });
  });
});
