import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { inPage, launchBrowser } from './support/browser';
import { ACCOUNTS, login, tokenOf } from './support/login';
import { need } from './support/ui';

/**
 * Issue 24 items 4 and 5 in the browser: a student of another college opens the demo's 学院讲座报名
 * (for the demo student's college only) and is told why they cannot fill it; the demo student
 * opens it.
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
