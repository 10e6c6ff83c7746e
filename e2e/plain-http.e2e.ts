import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { inPage, launchBrowser } from './support/browser';
import { ACCOUNTS, expectPath, login, loginForm } from './support/login';

/**
 * A campus that serves the portal over plain HTTP under its own host name (no TLS proxy yet):
 * the browser treats the page as insecure, unlike 127.0.0.1, so an `upgrade-insecure-requests`
 * policy would send every script to an HTTPS port that does not exist and leave the page blank.
 */
const HOST = 'portal.example.edu';

let browser: Browser;
beforeAll(async () => {
  // The name resolves to the suite's server: no DNS, no /etc/hosts.
  browser = await launchBrowser([`--host-resolver-rules=MAP ${HOST} 127.0.0.1`]);
});
afterAll(async () => {
  await browser?.close();
});

describe('the portal over plain HTTP under a host name', () => {
  it('renders the login page with its scripts, styles and captcha, and signs in', async () => {
    const origin = `http://${HOST}:${new URL(inject('baseURL')).port}`;
    await inPage(
      browser,
      async (page) => {
        const loaded: string[] = [];
        const failed: string[] = [];
        page.on('requestfinished', (r) => loaded.push(r.url()));
        page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText ?? ''}`));

        const res = await page.goto('/login');
        expect(res?.status()).toBe(200);
        expect(res?.headers()['content-security-policy']).not.toContain('upgrade-insecure-requests');
        expect(res?.headers()['strict-transport-security']).toBeUndefined();

        // The form only exists once the page's scripts have run.
        const form = loginForm(page);
        await form.username.waitFor({ state: 'visible' });
        await expect
          .poll(() => form.captchaImage.evaluate((img: HTMLImageElement) => img.naturalWidth))
          .toBeGreaterThan(0);
        expect(new URL(page.url()).origin).toBe(origin);
        expect(loaded.some((u) => u.startsWith(`${origin}/resource/js/`))).toBe(true);
        expect(loaded.some((u) => u.startsWith(`${origin}/resource/css/`))).toBe(true);
        expect(loaded.filter((u) => u.startsWith('https:'))).toEqual([]);
        expect(failed).toEqual([]);

        const answer = await login(page, ACCOUNTS.student.username, ACCOUNTS.student.password, { stay: true });
        expect(answer.errorCode).toBe('0x00000000');
        await expectPath(page, /^\/web\//);
      },
      origin,
    );
  });
});
