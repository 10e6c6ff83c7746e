import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { inPage, launchBrowser } from './support/browser';
import { ACCOUNTS, login, tokenOf } from './support/login';
import { eventually, formItem, need } from './support/ui';

/**
 * Issue 24 items 4 and 5 in the browser: a student of another college opens the demo's 学院讲座报名
 * (for the demo student's college only) and is told why they cannot fill it; the demo student
 * opens it. Then on 学生外出登记 a return before the departure is refused in the browser, with
 * 请假天数 computed live, and nothing reaches the server until the pair is right.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const GENERATED_PASSWORD = 'Demo@2026';

/** The e2e server's own SQLite file (DATA_DIR), read to find the demo's people and forms. */
function withDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(path.join(inject('dataDir'), 'campus-portal.sqlite'), { readonly: true });
  try {
    db.pragma('busy_timeout = 5000');
    return fn(db);
  } finally {
    db.close();
  }
}

async function signIn(page: Page, username: string, password: string): Promise<void> {
  const answer = await login(page, username, password);
  expect(answer.errorCode, `${username}: ${answer.message}`).toBe('0x00000000');
  await page.waitForURL((u) => u.pathname !== '/login', { timeout: 30_000 });
  if (new URL(page.url()).pathname === '/platformSelection') {
    await page.getByRole('button', { name: /^进入/ }).first().click();
    await page.waitForURL((u) => u.pathname !== '/platformSelection', { timeout: 30_000 });
  }
  need((await tokenOf(page)) ?? undefined, 'the token');
}

describe('who may fill a form (issue 24 item 4)', () => {
  const demo = withDb((db) => {
    const form = db.prepare("SELECT id FROM form WHERE name = '学院讲座报名'").get() as { id: number };
    const rule = db
      .prepare("SELECT ref_id AS college FROM form_audience_member WHERE form_id = ? AND kind = 'deptTree'")
      .get(form.id) as { college: number };
    // A student in a class (class → major → college) of another college.
    const outsider = db
      .prepare(
        `SELECT u.username FROM app_user u JOIN department c ON c.id = u.department_id JOIN department m ON m.id = c.parent_id
         WHERE u.kind = 'student' AND u.status = 'active' AND c.kind = 'class' AND m.parent_id != ? ORDER BY u.id LIMIT 1`,
      )
      .get(rule.college) as { username: string };
    return { formId: form.id, outsider: outsider.username };
  });

  it('refuses a student of another college with 不在适用范围内 and the reason', { timeout: 90_000 }, () =>
    inPage(browser, async (page) => {
      await signIn(page, demo.outsider, GENERATED_PASSWORD);
      await page.goto(`/web/eventService/formWrite?formId=${demo.formId}`);
      const result = page.locator('.ant-result');
      await expect
        .poll(() => result.getByText('不在适用范围内', { exact: true }).isVisible(), { timeout: 30_000 })
        .toBe(true);
      await expect(result.getByText('您不在《学院讲座报名》的适用范围内，不能填写').isVisible()).resolves.toBe(true);
      // Nothing to fill: no field, no submit button.
      expect(await page.getByRole('button', { name: /提\s*交/ }).count()).toBe(0);
      await page.screenshot({ path: '/tmp/formrules/refused.png' });
    }),
  );

  it(
    'lets the demo student of that college open it, with its closing time and once-per-person limit',
    { timeout: 90_000 },
    () =>
      inPage(browser, async (page) => {
        await signIn(page, ACCOUNTS.student.username, ACCOUNTS.student.password);
        await page.goto(`/web/eventService/formWrite?formId=${demo.formId}`);
        await expect
          .poll(() => page.getByRole('heading', { name: '学院讲座报名' }).isVisible(), { timeout: 30_000 })
          .toBe(true);
        await expect(page.getByText(/截止时间：.*每人限填一次/).isVisible()).resolves.toBe(true);
      }),
  );
});

/** Days after today (China time) as 'YYYY-MM-DD'. */
const dayAfter = (n: number) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() + n * 86_400_000));

/** Types a date into the antd DatePicker of a form item, as a person typing it does. */
async function typeDate(page: Page, label: string, date: string): Promise<void> {
  const input = formItem(page.locator('body'), label).locator('input');
  await input.click();
  await input.fill(date);
  await input.press('Enter');
  await eventually(() => input.inputValue()).toBe(date);
}

describe('cross-field rules and formulas in the browser (issue 24 item 5)', () => {
  const formId = withDb(
    (db) => (db.prepare("SELECT id FROM form WHERE name = '学生外出登记'").get() as { id: number }).id,
  );

  it('refuses a return before the departure, live and on 提交, and computes 请假天数', { timeout: 120_000 }, () =>
    inPage(browser, async (page) => {
      await signIn(page, ACCOUNTS.student.username, ACCOUNTS.student.password);
      await page.goto(`/web/eventService/formWrite?formId=${formId}`);
      await expect
        .poll(() => page.getByRole('heading', { name: '学生外出登记' }).isVisible(), { timeout: 30_000 })
        .toBe(true);
      await formItem(page.locator('body'), '去向').locator('input').fill('回家');
      await typeDate(page, '离校日期', dayAfter(3));
      await typeDate(page, '返校日期', dayAfter(1));
      const endItem = formItem(page.locator('body'), '返校日期');
      await eventually(() => endItem.getByText('返校日期不能早于离校日期').isVisible()).toBe(true);
      let submits = 0;
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/workflow/api/v1.formFill/submit/') submits++;
      });
      await page.getByRole('button', { name: /提\s*交/ }).click();
      await eventually(() => endItem.getByText('返校日期不能早于离校日期').isVisible()).toBe(true);
      expect(submits).toBe(0);
      await page.screenshot({ path: '/tmp/formrules/rule-refused.png' });

      await typeDate(page, '返校日期', dayAfter(5));
      const days = formItem(page.locator('body'), '请假天数');
      // A computed field is read-only: its value shows as text or in a locked input.
      const shown = () =>
        days.evaluate((el) => (el.querySelector('input') as HTMLInputElement | null)?.value || el.textContent || '');
      await eventually(shown).toMatch(/(^|\D)3(\D|$)/);
      await eventually(() => endItem.getByText('返校日期不能早于离校日期').count()).toBe(0);
      await page.screenshot({ path: '/tmp/formrules/computed.png' });
    }),
  );
});

describe('填写设置 in the designer (issue 24 item 4, the back office)', () => {
  const demo = withDb((db) => {
    const form = db.prepare("SELECT id FROM form WHERE name = '学生外出登记'").get() as { id: number };
    // The demo student's college: the department 学院讲座报名 is for (the student stays inside it).
    const college = db
      .prepare(
        `SELECT d.id, d.name FROM form_audience_member m JOIN form f ON f.id = m.form_id JOIN department d ON d.id = m.ref_id
         WHERE f.name = '学院讲座报名' AND m.kind = 'deptTree'`,
      )
      .get() as { id: number; name: string };
    return { formId: form.id, college };
  });

  it(
    'the administrator gives 学生外出登记 a department audience, saved as fill and shown again',
    { timeout: 120_000 },
    () =>
      inPage(browser, async (admin) => {
        const answer = await login(admin, ACCOUNTS.admin.username, ACCOUNTS.admin.password, { admin: true });
        expect(answer.errorCode).toBe('0x00000000');
        await admin.waitForURL((u) => u.pathname === '/cms/home/index', { timeout: 30_000 });
        await admin.goto(`/cms/workflow/formDesign?id=${demo.formId}`);
        const panel = admin.locator('aside[aria-label="属性"]');
        await panel.getByRole('tab', { name: '表单设置' }).click();
        const departments = formItem(panel, '适用部门');
        await departments.locator('.ant-select').click();
        await departments.locator('input').fill(demo.college.name);
        await admin
          .locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper')
          .filter({ hasText: demo.college.name })
          .first()
          .click();
        const withChildren = panel.getByRole('switch', { name: `${demo.college.name} 含下级部门` });
        await eventually(() => withChildren.getAttribute('aria-checked')).toBe('true');
        await admin.keyboard.press('Escape');
        const saved = admin.waitForRequest((r) => new URL(r.url()).pathname === '/workflow/api/v1.form/save/');
        await admin.getByRole('button', { name: /保\s*存/ }).click();
        const body = (await saved).postDataJSON() as { fill: { departments: { id: number; withChildren: boolean }[] } };
        expect(body.fill.departments).toEqual([{ id: demo.college.id, withChildren: true }]);
        await eventually(() => admin.getByText('有未保存的修改').count()).toBe(0);
        await admin.mouse.move(0, 0);
        await admin.screenshot({ path: '/tmp/fillui/fill-settings.png' });

        // Round trip: the designer opened again shows the stored department.
        await admin.reload();
        await panel.getByRole('tab', { name: '表单设置' }).click();
        await eventually(() =>
          panel.getByRole('switch', { name: `${demo.college.name} 含下级部门` }).getAttribute('aria-checked'),
        ).toBe('true');
        expect(
          withDb(
            (db) =>
              db
                .prepare(
                  "SELECT COUNT(*) AS n FROM form_audience_member WHERE form_id = ? AND kind = 'deptTree' AND ref_id = ?",
                )
                .get(demo.formId, demo.college.id) as { n: number },
          ).n,
        ).toBe(1);
      }),
  );
});
