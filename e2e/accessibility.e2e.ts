import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { ACCOUNTS } from './support/login';
import { CAPTCHA } from './support/server';
import { describeFindings } from './support/a11y';
import { sweepAccount, type SweepAccount } from './support/a11y-sweep';

/**
 * Accessibility of every menu page (issue 13): each page the administrator's, the teacher's and the
 * student's menus offer — the desktop sider's links, then the phone's home, tiles and 我的 — is
 * visited once (a page both the teacher and the student have, once for the first) and axe-core (WCAG 2 A/AA and best practices) must find nothing serious or critical.
 * The menus decide what is visited, so pages added later are covered without editing this file.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Pages already checked (face|path): the student's sweep does not check again what the teacher's did. */
const checked = new Set<string>();

const accounts: [string, SweepAccount][] = [
  ['administrator (back office)', { ...ACCOUNTS.admin, admin: true }],
  ['teacher (desktop and phone)', ACCOUNTS.teacher],
  ['student (desktop and phone)', ACCOUNTS.student],
];

describe('accessibility of every menu page (axe-core: no serious or critical violations)', () => {
  it.each(accounts)(
    'the %s',
    async (_label, account) => {
      const pages = await sweepAccount(browser, inject('baseURL'), account, CAPTCHA, undefined, checked);
      // The sweep saw the menus: a broken sign-in or an empty sider must not pass as "no violations".
      expect(pages.filter((p) => p.who.endsWith('@desktop')).length).toBeGreaterThan(3);
      if (!account.admin) expect(pages.some((p) => p.path === '/mobile/me')).toBe(true);
      const findings = pages.flatMap((p) => describeFindings(`${p.who} ${p.path}`, p.violations));
      expect(findings).toEqual([]);
    },
    480_000,
  );
});
