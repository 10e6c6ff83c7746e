import Database from 'better-sqlite3';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashToken } from '../src/server/identity/sessions';
import { inPage, launchBrowser } from './support/browser';
import { ACCOUNTS, expectPath, login, tokenOf, type Envelope } from './support/login';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ADMIN_HOME = '/cms/home/index';

async function signInAdmin(page: Page): Promise<string> {
  await login(page, ACCOUNTS.admin.username, ACCOUNTS.admin.password, { admin: true });
  await expectPath(page, ADMIN_HOME);
  const token = await tokenOf(page);
  expect(token).toBeTruthy();
  return token!;
}

/** What the server says about a token (not the browser's belief). */
async function serverSays(page: Page, token: string): Promise<string> {
  const res = await page.request.post('/user/api/v1.user/check_user_is_login/', { headers: { Authorization: token } });
  return ((await res.json()) as Envelope<unknown>).errorCode;
}

describe('a session that ends on the server', () => {
  it('sends the user back to login with `to` after the session is revoked, and signing in returns to that page', () =>
    inPage(browser, async (page) => {
      const token = await signInAdmin(page);
      expect(await serverSays(page, token)).toBe('0x00000000');
      // Revoke it behind the page's back: the same call the exit button makes, from elsewhere.
      const out = await page.request.post('/user/login/login_out/', { headers: { Authorization: token } });
      expect(out.status()).toBe(200);
      expect(await serverSays(page, token)).not.toBe('0x00000000');

      await page.goto(ADMIN_HOME);
      const url = await expectPath(page, '/loginAdmin');
      expect(url.searchParams.get('to')).toBe(ADMIN_HOME);
      expect(await tokenOf(page)).toBeNull();

      await login(page, ACCOUNTS.admin.username, ACCOUNTS.admin.password, { stay: true });
      await expectPath(page, ADMIN_HOME);
    }));

  it('sends the user back to login with `to` once the session has been idle longer than allowed', () =>
    inPage(browser, async (page) => {
      const token = await signInAdmin(page);
      // Age the session in the server's own database: last seen 31 minutes ago (idle limit 30).
      const db = new Database(path.join(inject('dataDir'), 'campus-portal.sqlite'));
      try {
        db.pragma('busy_timeout = 5000');
        const changed = db
          .prepare('UPDATE session SET last_seen_at = ? WHERE token_hash = ?')
          .run(Date.now() - 31 * 60_000, hashToken(token)).changes;
        expect(changed).toBe(1);
      } finally {
        db.close();
      }
      expect(await serverSays(page, token)).not.toBe('0x00000000');

      await page.goto(ADMIN_HOME);
      const url = await expectPath(page, '/loginAdmin');
      expect(url.searchParams.get('to')).toBe(ADMIN_HOME);
    }));
});
