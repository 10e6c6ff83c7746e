import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PlatformMenus } from '@/shared/menus';
import { inContext, launchBrowser } from './support/browser';
import { expectPath, login } from './support/login';
import { repoRoot } from './support/server';

/**
 * Issue 13, phones tried as a student would: every tile of the phone home and every message link
 * of each demo account (the README's demo table) opens a phone page — the address stays under
 * /mobile/ — and no page scrolls sideways, at 390 px and at 360 px (each page is measured at both
 * widths where it stands: one walk, not two). Generic on purpose: the tiles and messages are read
 * from the pages, so tiles added by later modules are walked too.
 */

/** The README's demo rows "| `user` | `pass` | …": every named account but the administrator (no phone pages). */
function demoAccounts(): { username: string; password: string }[] {
  const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  // The table under "### Demo accounts", up to the next heading.
  const table = /^### Demo accounts$([\s\S]*?)^#/m.exec(readme)?.[1] ?? '';
  const seen = new Set<string>();
  return [...table.matchAll(/^\| `([^`]+)` \| `([^`]+)` \|/gm)]
    .map((m) => ({ username: m[1]!, password: m[2]! }))
    .filter((a) => a.username !== 'admin' && !seen.has(a.username) && seen.add(a.username));
}

/** The phone widths every page must fit: a common phone, then the narrowest the issue names. */
const WIDE = 390;
const NARROW = 360;

async function phone(browser: Browser, width: number): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: inject('baseURL'),
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width, height: 800 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    // The service worker's one-time reload when it takes over would cut a walk in the middle.
    serviceWorkers: 'block',
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(20_000);
  // Another site a tile links to is not this test's business: never leave for it.
  const origin = inject('baseURL');
  await context.route(
    (u) => !u.href.startsWith(origin),
    (r) => r.abort(),
  );
  return context;
}

/** Waits until the page has drawn its data (no code still loading, no skeleton or loading spinner left). */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('domcontentloaded');
  await page
    .locator('[data-code-loading], .adm-skeleton, .adm-spin-loading, .adm-dot-loading')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

const sideways = (page: Page) =>
  page.evaluate(() => ({
    scroll: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
    view: window.innerWidth,
  }));

/**
 * Where the page is, and that it neither left the phone pages nor scrolls sideways at either width
 * (the narrow one by resizing the phone in place: the page lays itself out again, as on a rotation).
 */
async function expectPhonePage(page: Page, what: string): Promise<void> {
  await settled(page);
  const url = new URL(page.url());
  expect(url.pathname, `${what} → ${url.pathname}${url.search}`).toMatch(/^\/mobile\//);
  for (const width of [WIDE, NARROW]) {
    await page.setViewportSize({ width, height: 800 });
    if (width !== WIDE) await page.waitForTimeout(150);
    const w = await sideways(page);
    expect(w.scroll, `${what} (${url.pathname}${url.search}) scrolls sideways at ${width} px`).toBeLessThanOrEqual(
      w.view,
    );
  }
  await page.setViewportSize({ width: WIDE, height: 800 });
}

/** Back to `path` the way a person goes back (no reload of the app), or by address when history leads elsewhere. */
async function backTo(page: Page, path: string): Promise<void> {
  if (new URL(page.url()).pathname === path) return;
  await page.goBack({ waitUntil: 'commit' }).catch(() => null);
  if (new URL(page.url()).pathname !== path) await page.goto(path);
}

/** Signs in on the phone login and enters the platform at `index` of the account's platforms (a sheet asks when there are several). */
async function signInOnPhone(
  page: Page,
  account: { username: string; password: string },
  index: number,
): Promise<PlatformMenus[]> {
  const answer = await login(page, account.username, account.password, { path: '/mobile/mobileLogin' });
  expect(answer.errorCode, answer.message).toBe('0x00000000');
  const platforms = answer.data.menus.plant_front;
  if (platforms.length > 1) {
    await page.locator('.adm-action-sheet').getByText(platforms[index]!.platform_name, { exact: true }).click();
  }
  await expectPath(page, '/mobile/home');
  return platforms;
}

/** The phone home's tiles (layout groups and 快捷入口), by their position. */
const tiles = (page: Page) => page.locator('section[aria-label] button');

/**
 * Phone homes already walked (platform, number of tiles): another account with the same home adds
 * nothing but time (the platform's roles see its whole menu), so only its messages are walked.
 */
const walkedHomes = new Set<string>();

async function walkTiles(page: Page, who: string, home: string): Promise<number> {
  await settled(page);
  const count = await tiles(page).count();
  const key = `${home}|${count}`;
  if (walkedHomes.has(key)) return count;
  walkedHomes.add(key);
  for (let i = 0; i < count; i += 1) {
    if (new URL(page.url()).pathname !== '/mobile/home') {
      await backTo(page, '/mobile/home');
      await settled(page);
    }
    // The home draws its tiles once the layout (and the shortcuts) have loaded.
    await expect.poll(() => tiles(page).count(), { timeout: 15_000 }).toBe(count);
    const tile = tiles(page).nth(i);
    const title = (await tile.getAttribute('aria-label')) ?? `tile ${i}`;
    await tile.click();
    await page.waitForURL((u) => u.pathname !== '/mobile/home' || u.origin !== inject('baseURL'), {
      timeout: 10_000,
    });
    // A link to another site (aborted above) is the only way off the phone pages a tile may take.
    if (!page.url().startsWith(inject('baseURL'))) continue;
    await expectPhonePage(page, `${who}: tile「${title}」`);
  }
  return count;
}

/**
 * Message targets already checked (by path): the links of one kind of message open the same phone
 * page with another id, so a second account's copy adds only time.
 */
const walkedTargets = new Set<string>();

async function walkMessages(page: Page, who: string): Promise<number> {
  let first = true;
  const open = async () => {
    if (first) await page.goto('/mobile/messages');
    else await backTo(page, '/mobile/messages');
    first = false;
    await page.getByRole('tab', { name: '全部' }).click();
    await settled(page);
  };
  await open();
  await expectPhonePage(page, `${who}: messages`);
  const items = page.getByRole('list', { name: '全部消息' }).locator('.adm-list-item');
  const count = await items.count();
  let followed = 0;
  for (let i = 0; i < count; i += 1) {
    if (i > 0) await open();
    const item = items.nth(i);
    // Only a message with a link has the arrow (and goes anywhere when tapped).
    if (!(await item.locator('.adm-list-item-content-arrow').count())) continue;
    const title = (await item.getAttribute('aria-label')) ?? `message ${i}`;
    await item.locator('.adm-list-item-content').click();
    await page.waitForURL((u) => u.pathname !== '/mobile/messages', { timeout: 10_000 });
    const target = new URL(page.url()).pathname;
    if (walkedTargets.has(target)) continue;
    walkedTargets.add(target);
    await expectPhonePage(page, `${who}: message「${title}」`);
    followed += 1;
  }
  return followed;
}

describe('phones never land on desktop pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const accounts = demoAccounts();
  it('reads the demo accounts from the README', () => {
    expect(accounts.map((a) => a.username)).toEqual(expect.arrayContaining(['student', 'teacher']));
  });

  for (const account of accounts) {
    it(`${account.username}: every tile and every message link stays on a phone page at ${WIDE} and ${NARROW} px`, async () => {
      // The first platform decides how many there are; each further one is walked in a fresh phone.
      let platformCount = 1;
      for (let p = 0; p < platformCount; p += 1) {
        await inContext(
          await phone(browser, WIDE),
          async (page) => {
            const platforms = await signInOnPhone(page, account, p);
            platformCount = platforms.length;
            const who = `${account.username} ${platforms[p]?.platform_name ?? ''}`;
            await expectPhonePage(page, `${who}: home`);
            const home = platforms[p]?.platform_name ?? '';
            expect(await walkTiles(page, who, home), `${who} has tiles on the phone home`).toBeGreaterThan(0);
            // Messages do not depend on the platform: once per account.
            if (p === 0) await walkMessages(page, who);
          },
          'phone',
        );
      }
    }, 240_000);
  }
});
