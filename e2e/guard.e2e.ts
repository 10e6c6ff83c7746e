import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inPage, launchBrowser } from './support/browser';
import { ACCOUNTS, expectPath, login } from './support/login';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const NO_ACCESS = '无资源访问权限';

/** The guard's toast (antd message), not any other text on the page. */
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text);

describe('the route guard in the browser', () => {
  it('stops a signed-in student at the back office with 无资源访问权限 and sends them to /notFound', () =>
    inPage(browser, async (page) => {
      await login(page, ACCOUNTS.student.username, ACCOUNTS.student.password);
      await page.waitForURL((u) => u.pathname !== '/login');
      await page.goto('/cms/home/index');
      await toast(page, NO_ACCESS).waitFor();
      await expectPath(page, '/notFound');
    }));

  it('opens the login page at /', () =>
    inPage(browser, async (page) => {
      await page.goto('/');
      await expectPath(page, '/login');
      await page.getByRole('button', { name: /^登\s*录$/ }).waitFor();
    }));

  it('sends an unknown path to /notFound', () =>
    inPage(browser, async (page) => {
      await page.goto('/no/such/page');
      await expectPath(page, '/notFound');
      await page.getByText('页面不存在').first().waitFor();
    }));

  it('counts ten seconds down on /notFound and then returns a signed-out visitor to the login page', () =>
    inPage(browser, async (page) => {
      await page.clock.install();
      await page.goto('/notFound');
      const countdown = page.getByTestId('countdown');
      await expect.poll(() => countdown.textContent()).toBe('10');
      await page.getByText(/10\s*秒后自动返回首页/).waitFor();
      await page.clock.runFor(1000);
      await expect.poll(() => countdown.textContent()).toBe('9');
      await page.clock.runFor(9000);
      await expectPath(page, '/login');
    }));

  it('sends a visitor without a session from a back-office page to the administrator login, carrying the page as `to`', () =>
    inPage(browser, async (page) => {
      await page.goto('/cms/home/index');
      const url = await expectPath(page, '/loginAdmin');
      expect(url.searchParams.get('to')).toBe('/cms/home/index');
    }));
});
