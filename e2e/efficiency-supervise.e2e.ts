import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../src/modules/messages/contract';
import type { Overview, SupervisedTaskItem } from '../src/modules/efficiency-supervise/contract';
import { inPage, launchBrowser } from './support/browser';
import { login, tokenOf, type Envelope } from './support/login';
import { eventually, need, toast } from './support/ui';

/**
 * Issue 22's efficiency supervision bar, through the real UI on the full demo: the school leader
 * (README demo table) sees the overdue approvals of the demo's late 学生请假 requests and urges one
 * on /web/efficiencySupervise/index; the task's assignee has the engine's 催办 message.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const LEADER = { username: 'leader', password: 'Demo@2026' };
const S = '/workflow/api/v1.supervise';

async function call<T>(page: Page, token: string, url: string): Promise<T> {
  const res = await page.request.get(url, { headers: { Authorization: token } });
  const body = (await res.json()) as Envelope<T>;
  expect(body.errorCode, `${url}: ${body.message}`).toBe('0x00000000');
  return body.data;
}

/** Desktop sign-in; staff with two platforms pick 教职工服务平台 (where 效能督查 is). */
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

const urged: { task?: SupervisedTaskItem } = {};

describe('效能督查: a leader sees overdue approvals and urges one', () => {
  it('the school leader sees the overdue approvals and urges the first not yet urged', async () => {
    await inPage(browser, async (page) => {
      const token = await signIn(page, LEADER.username, LEADER.password);
      const overview = await call<Overview>(page, token, `${S}/overview/`);
      expect(overview.overdue).toBeGreaterThan(0);
      const list = await call<{ list: SupervisedTaskItem[] }>(
        page,
        token,
        `${S}/tasks/?kind=overdue&page=1&pageSize=10`,
      );
      const task = need(
        list.list.find((t) => t.lastUrgedAt === null),
        'an overdue task not urged yet',
      );
      urged.task = task;

      await page.goto('/web/efficiencySupervise/index');
      await eventually(() => page.getByRole('tab', { name: `已超期（${overview.overdue}）` }).isVisible()).toBe(true);
      const row = page.locator('tr').filter({ hasText: task.title }).filter({ hasText: task.assigneeName }).first();
      await eventually(() => row.getByText(/超期/).first().isVisible()).toBe(true);
      // antd spaces two CJK characters of a button ("催 办").
      await row.getByRole('button', { name: /^催\s*办$/ }).click();
      await eventually(() => toast(page, '已催办，承办人将收到催办消息').isVisible()).toBe(true);
      await eventually(() => row.getByText(/^催办 /).isVisible()).toBe(true);
    });
  });

  it('the assignee has the 催办 message for that request', async () => {
    const task = need(urged.task, 'the urged task');
    await inPage(browser, async (page) => {
      const token = await signIn(page, task.assigneeNo, 'Demo@2026');
      const msgs = await call<{ list: Message[] }>(
        page,
        token,
        '/message/api/v1.message/list/?kind=urge&page=1&pageSize=20',
      );
      expect(msgs.list.map((m) => m.title)).toContain(`催办：${task.title}`);
    });
  });
});
