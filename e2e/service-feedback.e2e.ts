import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyEvaluation, PendingRow, SummaryRow } from '../src/modules/service-feedback/contract';
import { inPage, launchBrowser } from './support/browser';
import { ACCOUNTS, login, tokenOf, type Envelope } from './support/login';
import { dialog, eventually, need, toast } from './support/ui';

/**
 * Issue 17's 好差评 bar, through the real UI: the demo student rates one of their approved 学生请假
 * requests (seeded through the real process and approved by the counsellor and the college) 差评
 * on /web/feedback/index; 学生工作处's handler finds the rectification on 差评整改 and answers; the
 * student sees the answer under 我的评价; a visitor sees the item's aggregate and the review.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The first staff member of 学生工作处 (README demo table). */
const HANDLER = { username: '19970007', password: 'Demo@2026' };
const F = '/affairs/api/v1.feedback';
const COMMENT = `端到端测试：审批三天无人处理 ${Date.now() % 100000}`;
const REPLY = '已核实，安排专人每日处理请假审批并开启超时提醒。';

async function call<T>(page: Page, token: string | null, url: string): Promise<T> {
  const res = await page.request.get(url, { headers: token ? { Authorization: token } : {} });
  const body = (await res.json()) as Envelope<T>;
  expect(body.errorCode, `${url}: ${body.message}`).toBe('0x00000000');
  return body.data;
}

/** Desktop sign-in; staff with two platforms pick 教职工服务平台 (where 差评整改 is). */
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

const rated: { refId?: number } = {};

describe('好差评: a 差评 reaches the department, is answered, and the applicant sees the answer', () => {
  it('the student rates an approved 学生请假 request 非常不满意 with a label and a comment', async () => {
    await inPage(browser, async (page) => {
      const token = await signIn(page, ACCOUNTS.student.username, ACCOUNTS.student.password);
      const pending = await call<{ list: PendingRow[] }>(page, token, `${F}/pending/?page=1&pageSize=50`);
      const target = need(
        pending.list.find((p) => p.itemName === '学生请假'),
        'an ended 学生请假 request to rate',
      );
      rated.refId = target.refId;

      await page.goto('/web/feedback/index?tab=pending');
      const row = page.locator('.ant-list-item').filter({ hasText: target.title }).first();
      await row.getByRole('button', { name: '去评价' }).click();
      const modal = dialog(page, /评价：学生请假/);
      await modal.getByRole('radio').first().click();
      await modal.getByText('推诿拖延').click();
      await modal.getByLabel('评价内容').fill(COMMENT);
      await modal.getByRole('button', { name: '提交评价' }).click();
      await eventually(() => toast(page, '评价成功，已转部门整改').isVisible()).toBe(true);

      await page.getByRole('tab', { name: '我的评价' }).click();
      const mine = page.locator('.ant-list-item').filter({ hasText: COMMENT });
      await eventually(() => mine.getByText('待整改').isVisible()).toBe(true);
    });
  });

  it('学生工作处’s handler sees the rectification on 差评整改 and answers it', async () => {
    await inPage(browser, async (page) => {
      await signIn(page, HANDLER.username, HANDLER.password);
      await page.goto('/web/feedback/rectification');
      const row = page.locator('tr').filter({ hasText: COMMENT });
      await eventually(() => row.getByText('李明轩').isVisible()).toBe(true);
      await row.getByRole('button', { name: '答复' }).click();
      const modal = dialog(page, '答复评价人');
      await modal.getByLabel('整改答复').fill(REPLY);
      await modal.getByRole('button', { name: '发送答复' }).click();
      await eventually(() => toast(page, '答复已发送给评价人').isVisible()).toBe(true);
      await eventually(() => row.getByText('已答复待回访').isVisible()).toBe(true);
    });
  });

  it('the student sees the department’s answer under 我的评价', async () => {
    await inPage(browser, async (page) => {
      const token = await signIn(page, ACCOUNTS.student.username, ACCOUNTS.student.password);
      await page.goto('/web/feedback/index?tab=mine');
      const mine = page.locator('.ant-list-item').filter({ hasText: COMMENT });
      await eventually(() => mine.getByText(REPLY).isVisible()).toBe(true);
      await eventually(() => mine.getByText('已答复待回访').isVisible()).toBe(true);
      const list = await call<{ list: MyEvaluation[] }>(page, token, `${F}/mine/?page=1&pageSize=50`);
      expect(list.list.find((e) => e.refId === rated.refId)?.rectification?.reply).toBe(REPLY);
    });
  });

  it('a visitor sees 学生请假’s aggregate and, on its reviews page, the comment under a masked name', async () => {
    await inPage(browser, async (page) => {
      await page.goto('/web/feedback/index?tab=items');
      await page.getByRole('searchbox', { name: '搜索事项' }).fill('学生请假');
      await page.getByRole('searchbox', { name: '搜索事项' }).press('Enter');
      const row = page.locator('tr').filter({ has: page.getByRole('link', { name: '学生请假' }) });
      const summary = await call<{ list: SummaryRow[] }>(
        page,
        null,
        `${F}/summary/?by=item&keyword=学生请假&page=1&pageSize=10`,
      );
      const leave = need(
        summary.list.find((r) => r.name === '学生请假'),
        '学生请假 in the summary',
      );
      await eventually(() => row.getByText(String(leave.total), { exact: true }).isVisible()).toBe(true);
      await row.getByRole('link', { name: '学生请假' }).click();
      await eventually(() => new URL(page.url()).pathname).toBe('/web/eventService/viewDetails');
      await eventually(() => page.getByText(COMMENT).isVisible()).toBe(true);
      const review = page.locator('.ant-list-item').filter({ hasText: COMMENT });
      await eventually(() => review.getByText('李*轩').isVisible()).toBe(true);
      expect(await page.getByText('李明轩').count()).toBe(0);
    });
  });
});
