import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubmitAnswer } from '../src/modules/forms/contract';
import type { ApplyAnswer } from '../src/modules/service-hall/contract';
import { inContext, inPage, launchBrowser } from './support/browser';
import { ACCOUNTS, expectPath, login, type Envelope } from './support/login';
import { clickFor, eventually, formItem, isPath, need, phoneContext, pickOption, pickTodayRange } from './support/ui';

/**
 * Issue 17's service hall in Chromium: a visitor browses the catalogue, filters it and opens a
 * guide without signing in, and is sent to sign in when applying; the student applies online for
 * 学生请假 from its guide (the form opens with the item's form and process, the use is counted), the
 * request reaches the counsellor's approval centre; a phone visitor finds the same catalogue.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());
const made: { reason?: string; title?: string } = {};

async function signIn(page: Page, username: string, password: string, path?: string): Promise<void> {
  const answer = await login(page, username, password, path ? { path } : {});
  expect(answer.errorCode, `${username}: ${answer.message}`).toBe('0x00000000');
  await page.waitForURL((u) => u.pathname !== '/login', { timeout: 15_000 });
  if (new URL(page.url()).pathname === '/platformSelection') {
    await page.getByRole('button', { name: '进入教职工服务平台' }).click();
    await page.waitForURL((u) => u.pathname !== '/platformSelection', { timeout: 15_000 });
  }
}

/** The catalogue card of an item, and its name (the link to its guide). */
const card = (page: Page, name: string) => page.getByRole('list', { name: '事项列表' }).getByRole('listitem', { name });
const itemLink = (page: Page, name: string) =>
  page.getByRole('list', { name: '事项列表' }).getByRole('link', { name, exact: true });

describe('办事大厅', () => {
  it('a visitor browses and filters the catalogue, opens a guide and is asked to sign in to apply', () =>
    inPage(browser, async (page) => {
      await page.goto('/web/eventService/index');
      await page.getByText('您正在以访客身份浏览').waitFor();
      await card(page, '学生请假').waitFor();
      // Staff-only items are not offered to a visitor.
      await expect(itemLink(page, '调课申请').count()).resolves.toBe(0);
      await page.getByRole('link', { name: /新生入学/ }).waitFor();

      // Filter by department: only 教务处's items remain.
      const list = page.waitForResponse(
        (r) => isPath('/affairs/api/v1.item/list/')(r) && new URL(r.url()).searchParams.has('departmentId'),
      );
      await page
        .getByRole('list', { name: '按部门筛选' })
        .getByRole('button', { name: /^教务处/ })
        .click();
      await list;
      await card(page, '在读证明开具').waitFor();
      await eventually(() => itemLink(page, '学生请假').count()).toBe(0);
      await page.getByRole('list', { name: '按部门筛选' }).getByRole('button', { name: '全部部门' }).click();

      await itemLink(page, '学生请假').click();
      await expectPath(page, '/web/eventService/online');
      await page.getByRole('heading', { name: '学生请假' }).waitFor();
      await page.getByText('办理条件').first().waitFor();
      await page.getByText('请登录后办理').waitFor();
      await page.getByRole('button', { name: '登录后在线办理' }).click();
      const url = await expectPath(page, '/login');
      expect(url.searchParams.get('to')).toMatch(/^\/web\/eventService\/online\?id=\d+$/);
    }));

  it('the student applies online for 学生请假 from its guide and submits the form', { timeout: 60_000 }, () =>
    inPage(browser, async (page) => {
      await signIn(page, ACCOUNTS.student.username, ACCOUNTS.student.password);
      await page.goto('/web/eventService/index');
      await itemLink(page, '学生请假').click();
      await expectPath(page, '/web/eventService/online');
      const res = await clickFor(page.getByRole('button', { name: /在线办理/ }), isPath('/affairs/api/v1.item/apply/'));
      const apply = (await res.json()) as Envelope<ApplyAnswer>;
      expect(apply.errorCode, apply.message).toBe('0x00000000');
      const formUrl = await expectPath(page, '/web/eventService/formWrite');
      expect(Number(formUrl.searchParams.get('formId'))).toBe(apply.data.formId);
      expect(Number(formUrl.searchParams.get('processId'))).toBe(apply.data.processId);

      const form = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: '学生请假申请' }) });
      await formItem(form, '联系电话').locator('input').fill('13800138000');
      await formItem(form, '请假类型').locator('.ant-select').click();
      await pickOption(page, '事假');
      await pickTodayRange(formItem(form, '请假时间'), today);
      await formItem(form, '请假天数').locator('input').fill('1');
      made.reason = `办事大厅在线办理 ${Date.now().toString(36)}`;
      await formItem(form, '请假事由').locator('textarea').fill(made.reason);
      const submitted = await clickFor(
        form.getByRole('button', { name: /^提\s*交/ }).last(),
        isPath('/workflow/api/v1.formFill/submit/'),
      );
      const answer = (await submitted.json()) as Envelope<SubmitAnswer>;
      expect(answer.errorCode, answer.message).toBe('0x00000000');
      await page.getByText('提交成功').waitFor();
      await page.getByRole('button', { name: '查看审批进度' }).click();
      await expectPath(page, '/web/taskCenter/taskApproval');
      await page.locator('.ant-tag').getByText('审批中', { exact: true }).waitFor();
      made.title = (await page.getByRole('heading', { level: 4 }).textContent()) ?? undefined;
      expect(made.title).toContain(`事假，${today}至${today}`);

      // The use is counted: 学生请假 leads the student's 常用服务.
      const mine = await page.evaluate(async () => {
        const r = await fetch('/affairs/api/v1.affairs/myFrequent/?limit=3', {
          headers: { Authorization: localStorage.getItem('Authorization') ?? '' },
        });
        return (await r.json()) as Envelope<{ name: string }[]>;
      });
      expect(mine.data[0]?.name).toBe('学生请假');
    }),
  );

  it("the request waits in the counsellor's approval centre", { timeout: 60_000 }, () =>
    inPage(browser, async (page) => {
      await signIn(page, ACCOUNTS.teacher.username, ACCOUNTS.teacher.password);
      await page.goto('/web/taskCenter/taskWorkBench?type=dsp');
      const row = page
        .locator('.ant-table-row')
        .filter({ hasText: need(made.title, 'the request title') })
        .first();
      await row.click();
      await expectPath(page, '/web/taskCenter/taskApproval');
      await page.getByText(need(made.reason, 'the reason')).first().waitFor();
      await page.getByText('辅导员审批 · 待处理').waitFor();
    }),
  );

  it('a phone visitor finds the catalogue and a guide; applying asks to sign in on the phone', async () =>
    inContext(await phoneContext(browser), async (page) => {
      await page.goto('/mobile/eventService');
      await page.getByText('访客可查看公开事项').waitFor();
      await page.locator('.adm-list-item').filter({ hasText: '学生请假' }).first().click();
      await expectPath(page, '/mobile/eventServiceDetail');
      await page.getByText('办理条件').waitFor();
      await page.getByRole('button', { name: '登录后办理' }).click();
      await expectPath(page, '/mobile/mobileLogin');
    }));
});
