import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { landingPath } from '../src/core/guard/landing';
import { inPage, launchBrowser } from './support/browser';
import { ACCOUNTS, expectPath, login, loginForm, tokenOf } from './support/login';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The number an antd Statistic card shows under this title. */
async function statistic(page: Page, title: string): Promise<number> {
  const value = page.locator('.ant-statistic').filter({ hasText: title }).locator('.ant-statistic-content-value');
  await expect.poll(async () => (await value.textContent())?.trim() ?? '').not.toBe('');
  return Number((await value.textContent())!.replace(/[^\d.]/g, ''));
}

describe('signing in through the real login page', () => {
  it('takes the administrator, switched to the administrator side, to the back-office dashboard', () =>
    inPage(browser, async (page) => {
      await page.goto('/login');
      // The role toggle: its label is the only '管理员登录' on the user side.
      await page.getByText('管理员登录', { exact: true }).click();
      await expectPath(page, '/loginAdmin');
      const answer = await login(page, ACCOUNTS.admin.username, ACCOUNTS.admin.password, { stay: true });
      expect(answer.errorCode).toBe('0x00000000');
      expect(answer.data.is_admin).toBe(1);
      await expectPath(page, '/cms/home/index');
      await expect.poll(() => page.title()).toMatch(/首页/);
      // The dashboard counts the demo university and the sign-in that just happened.
      expect(await statistic(page, '用户总数')).toBeGreaterThan(1000);
      expect(await statistic(page, '服务平台')).toBeGreaterThanOrEqual(3);
      expect(await statistic(page, '今日登录')).toBeGreaterThanOrEqual(1);
    }));

  it('sends the teacher, who has several platforms, to platform selection and then into the chosen platform', () =>
    inPage(browser, async (page) => {
      const answer = await login(page, ACCOUNTS.teacher.username, ACCOUNTS.teacher.password);
      expect(answer.errorCode).toBe('0x00000000');
      const platforms = answer.data.menus.plant_front;
      expect(platforms.length).toBeGreaterThanOrEqual(2);
      await expectPath(page, '/platformSelection');
      for (const p of platforms)
        await expect.poll(() => page.getByRole('button', { name: `进入${p.platform_name}` }).count()).toBe(1);

      const chosen = platforms[0]!;
      const choice = page.waitForResponse(
        (r) => new URL(r.url()).pathname === '/user/api/v1.platform/choice_platform/',
      );
      await page.getByRole('button', { name: `进入${chosen.platform_name}` }).click();
      expect((await (await choice).json()).errorCode).toBe('0x00000000');
      const expected = landingPath({ isAdmin: false, platforms, chosen, redirect: '', to: '' });
      expect(expected).not.toBe('/platformSelection');
      await expectPath(page, expected.split('?')[0]!);
      // The front end's header names the platform the teacher is in.
      await page.getByText(chosen.platform_name, { exact: true }).first().waitFor();
    }));

  it('signs the teacher out from platform selection with the exit button', () =>
    inPage(browser, async (page) => {
      await login(page, ACCOUNTS.teacher.username, ACCOUNTS.teacher.password);
      await expectPath(page, '/platformSelection');
      const token = await tokenOf(page);
      await page.getByRole('button', { name: /退\s*出/ }).click();
      await expectPath(page, '/login');
      expect(await tokenOf(page)).toBeNull();
      // The server ended the session too: the old token no longer counts as signed in.
      const check = await page.request.post('/user/api/v1.user/check_user_is_login/', {
        headers: { Authorization: token! },
      });
      expect((await check.json()).errorCode).toBe('0x00000011');
    }));

  it("takes the student, who has one platform, straight to that platform's landing page", () =>
    inPage(browser, async (page) => {
      const seen: string[] = [];
      page.on('framenavigated', (f) => f === page.mainFrame() && seen.push(new URL(f.url()).pathname));
      const answer = await login(page, ACCOUNTS.student.username, ACCOUNTS.student.password);
      expect(answer.errorCode).toBe('0x00000000');
      const platforms = answer.data.menus.plant_front;
      expect(platforms).toHaveLength(1);
      const expected = landingPath({ isAdmin: false, platforms, chosen: platforms[0]!, redirect: '', to: '' });
      await expectPath(page, expected.split('?')[0]!);
      expect(seen).not.toContain('/platformSelection');
      await page.getByText(platforms[0]!.platform_name, { exact: true }).first().waitFor();
    }));

  it('answers a wrong captcha with 验证码错误, a new captcha and the button enabled again', () =>
    inPage(browser, async (page) => {
      await page.goto('/login');
      const form = loginForm(page);
      await expect.poll(() => form.captchaImage.getAttribute('src')).toMatch(/get_code/);
      const firstCaptcha = await form.captchaImage.getAttribute('src');
      await form.username.fill(ACCOUNTS.student.username);
      await form.password.fill(ACCOUNTS.student.password);
      await form.code.fill('ZZ99');
      const answer = page.waitForResponse(
        (r) => new URL(r.url()).pathname === '/user/login/' && r.request().method() === 'POST',
      );
      const newCaptcha = page.waitForRequest(
        (r) => r.url().includes('/user/login/get_code/') && r.url() !== new URL(firstCaptcha!, page.url()).toString(),
      );
      await form.submit.click();
      expect((await (await answer).json()).errorCode).toBe('0x00000031');
      await page.locator('.ant-message').getByText('验证码错误').waitFor();
      await newCaptcha;
      await expect.poll(() => form.submit.isEnabled()).toBe(true);
      expect(await form.code.inputValue()).toBe('');
      expect(new URL(page.url()).pathname).toBe('/login');
    }));

  it('names each empty field when it loses focus', () =>
    inPage(browser, async (page) => {
      await page.goto('/login');
      const form = loginForm(page);
      for (const [field, text] of [
        [form.username, '请输入用户名'],
        [form.password, '请输入密码'],
        [form.code, '请输入验证码'],
      ] as const) {
        await field.focus();
        await field.blur();
        await page.getByText(text).waitFor();
      }
    }));
});
