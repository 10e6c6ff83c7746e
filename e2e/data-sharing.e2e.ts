import { createHmac, randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openApiPath, signingText, type AppSecret, type OpenAnswer } from '../src/modules/data-sharing/contract';
import { inPage, launchBrowser } from './support/browser';
import { ACCOUNTS, login, tokenOf, type Envelope } from './support/login';
import { clickFor, dialog, isPath, need, pickOption } from './support/ui';

/**
 * Issue 21's 数据共享 bar, through the real UI: a department (the teacher of 计算机科学与技术学院)
 * makes an app and applies for two fields of 全校课程目录; the data administrator (`19880321`)
 * approves it in 审批中心 → 数据共享审批; the app's key then reads exactly those two fields through
 * the signed data API, and after the teacher revokes the grant the same call is refused.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const S = '/data/api/v1.dataShare';
const DATA_ADMIN = { username: '19880321', password: 'Demo@2026' };
const APP_NAME = `课表助手 ${Date.now() % 100000}`;
const made: { key?: AppSecret; grantId?: number } = {};

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

/** The app's own call, signed as a real consumer signs it (no browser: a server-to-server call). */
async function readCourses(key: AppSecret): Promise<Envelope<OpenAnswer> & { status: number }> {
  const path = openApiPath('course_catalog');
  const query = { page: '1', pageSize: '20' };
  const timestamp = String(Date.now());
  const nonce = randomBytes(12).toString('hex');
  const signature = createHmac('sha256', key.secret)
    .update(signingText('GET', path, timestamp, nonce, query))
    .digest('hex');
  const res = await fetch(`${inject('baseURL')}${path}?${new URLSearchParams(query)}`, {
    headers: { 'X-App-Key': key.appKey, 'X-Timestamp': timestamp, 'X-Nonce': nonce, 'X-Signature': signature },
  });
  return { ...((await res.json()) as Envelope<OpenAnswer>), status: res.status };
}

describe('数据共享: apply, approve, read only the granted fields, revoke', () => {
  it('the teacher makes an app and applies for two fields of 全校课程目录', { timeout: 60_000 }, async () => {
    await inPage(browser, async (page) => {
      await signIn(page, ACCOUNTS.teacher.username, ACCOUNTS.teacher.password);
      await page.goto('/web/lightApps/dataSharing/appManagement');
      await page.getByRole('button', { name: '新建应用' }).click({ timeout: 30_000 });
      const create = dialog(page, '新建应用');
      await create.getByLabel('应用名称').fill(APP_NAME);
      await create.getByLabel('联系人').fill('王建国 13800000000');
      const res = await clickFor(create.getByRole('button', { name: /创\s*建/ }), isPath(`${S}/app/create/`));
      const key = ((await res.json()) as Envelope<AppSecret>).data;
      made.key = key;
      // Shown once, in the page.
      await expect.poll(() => page.getByText(key.secret).first().isVisible()).toBe(true);
      await page.keyboard.press('Escape');

      await page.goto('/web/lightApps/dataSharing/themeClassify');
      const row = page.getByRole('row').filter({ hasText: '全校课程目录' });
      await row.getByRole('button', { name: /申\s*请/ }).click({ timeout: 30_000 });
      const apply = dialog(page, /申请数据集/);
      await apply.getByRole('combobox', { name: '使用应用' }).click();
      await pickOption(page, `${APP_NAME}（计算机科学与技术学院）`);
      for (const label of ['学分（credit）', '学时（hours）', '课程性质（kind）', '开课单位（college_name）'])
        await apply.getByLabel(label).uncheck();
      await apply.getByLabel('用途').fill('课表助手展示课程代码与名称');
      const sent = await clickFor(apply.getByRole('button', { name: '提交申请' }), isPath(`${S}/apply/`));
      expect(((await sent.json()) as Envelope<unknown>).errorCode).toBe('0x00000000');
    });
  });

  it('before approval the key reads nothing; the data administrator approves it', { timeout: 60_000 }, async () => {
    const key = need(made.key, 'the app key');
    expect((await readCourses(key)).errorCode).toBe('0x000008e6');
    await inPage(browser, async (page) => {
      await signIn(page, DATA_ADMIN.username, DATA_ADMIN.password);
      await page.goto('/web/taskCenter/taskDataShare');
      const row = page.getByRole('row').filter({ hasText: APP_NAME });
      await row.getByRole('button', { name: /同\s*意/ }).click({ timeout: 30_000 });
      const approve = dialog(page, '同意申请');
      await approve.getByLabel('审批意见').fill('同意');
      const res = await clickFor(approve.getByRole('button', { name: /确\s*定/ }), isPath(`${S}/decide/`));
      expect(((await res.json()) as Envelope<unknown>).errorCode).toBe('0x00000000');
    });
  });

  it('the app reads exactly 课程代码 and 课程名称', { timeout: 60_000 }, async () => {
    const key = need(made.key, 'the app key');
    // The demo's course table fills from its source system after the first start.
    await expect
      .poll(async () => (await readCourses(key)).data?.total ?? 0, { timeout: 45_000, interval: 1000 })
      .toBeGreaterThan(0);
    const answer = await readCourses(key);
    expect(answer.data.fields).toEqual(['course_code', 'name']);
    for (const r of answer.data.list) expect(Object.keys(r).sort()).toEqual(['course_code', 'name']);
  });

  it('after the teacher revokes the grant the same call is refused', { timeout: 60_000 }, async () => {
    const key = need(made.key, 'the app key');
    await inPage(browser, async (page) => {
      await signIn(page, ACCOUNTS.teacher.username, ACCOUNTS.teacher.password);
      await page.goto('/web/lightApps/dataSharing/myApplyFor');
      const row = page.getByRole('row').filter({ hasText: APP_NAME });
      await row.getByRole('button', { name: /撤\s*销/ }).click({ timeout: 30_000 });
      const res = await clickFor(
        page.locator('.ant-popconfirm').getByRole('button', { name: /撤\s*销/ }),
        isPath(`${S}/revoke/`),
      );
      expect(((await res.json()) as Envelope<unknown>).errorCode).toBe('0x00000000');
    });
    const refused = await readCourses(key);
    expect([refused.status, refused.errorCode]).toEqual([403, '0x000008e6']);
  });
});
