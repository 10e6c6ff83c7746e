import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inContext, inPage, launchBrowser } from './support/browser';
import { ACCOUNTS, expectPath, login, loginForm } from './support/login';
import { builtClientDir } from './support/server';
import { phoneContext } from './support/ui';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const controlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null);

/** Opens /login, waits for the worker to activate and reloads, so the page is controlled by it. */
async function openControlled(page: Page): Promise<void> {
  await page.goto('/login');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await loginForm(page).submit.waitFor();
  expect(await controlled(page)).toBe(true);
}

/** Paths of every file in the page's caches (the worker's precache and its runtime cache). */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys())
      for (const req of await (await caches.open(name)).keys()) paths.push(new URL(req.url).pathname);
    return paths;
  });

/** Waits until the worker has cached every build script this page loaded (the page's CACHE_URLS). */
async function waitForCachedScripts(page: Page): Promise<string[]> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForLoadState('networkidle');
  const loaded = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .filter((p) => p.startsWith('/resource/js/')),
  );
  expect(loaded.length).toBeGreaterThan(0);
  let cached: string[] = [];
  await expect
    .poll(
      async () => {
        cached = await cachedPaths(page);
        return loaded.filter((p) => !cached.includes(p));
      },
      { timeout: 15_000 },
    )
    .toEqual([]);
  return cached;
}

/** Opens `path` again in a new tab of the same profile and answers the scripts it loaded and how. */
async function revisit(context: BrowserContext, path: string, ready: (page: Page) => Promise<void>) {
  const page = await context.newPage();
  const scripts: { path: string; fromWorker: boolean }[] = [];
  page.on('response', (r) => {
    const p = new URL(r.url()).pathname;
    if (p.startsWith('/resource/js/')) scripts.push({ path: p, fromWorker: r.fromServiceWorker() });
  });
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle');
  expect(await controlled(page)).toBe(true);
  await page.close();
  return scripts;
}

describe('the installable app (PWA)', () => {
  it("a phone caches the phone branch and never antd's desktop code; a desktop the desktop branch and never antd-mobile", async () => {
    await inContext(await phoneContext(browser), async (page) => {
      await page.goto('/mobile/mobileLogin');
      const cached = await waitForCachedScripts(page);
      expect(cached.some((p) => /\/mobile-main-[^/]+\.js$/.test(p))).toBe(true);
      expect(cached.filter((p) => /\/(desktop-main|desktop-shell|cms-layout|web-layout)-[^/]+\.js$/.test(p))).toEqual(
        [],
      );
    });
    await inPage(browser, async (page) => {
      await page.goto('/login');
      const cached = await waitForCachedScripts(page);
      expect(cached.some((p) => /\/desktop-main-[^/]+\.js$/.test(p))).toBe(true);
      expect(cached.filter((p) => /\/(mobile-main|mobile-shell)-[^/]+\.js$/.test(p))).toEqual([]);
    });
  });

  it('with a warm worker, the phone login and the phone home load their code with no network request', async () =>
    inContext(await phoneContext(browser), async (page, context) => {
      await page.goto('/mobile/mobileLogin');
      await waitForCachedScripts(page);
      const cachedBefore = await cachedPaths(page);
      const loginScripts = await revisit(context, '/mobile/mobileLogin', (p) => loginForm(p).submit.waitFor());
      expect(loginScripts.length).toBeGreaterThan(0);
      expect(loginScripts.filter((s) => !s.fromWorker || !cachedBefore.includes(s.path))).toEqual([]);

      // Signed in (the first visit of the home loads its chunks before the worker controls nothing new).
      await login(page, ACCOUNTS.student.username, ACCOUNTS.student.password, { path: '/mobile/mobileLogin' });
      await expectPath(page, '/mobile/home');
      await waitForCachedScripts(page);
      const cachedHome = await cachedPaths(page);
      const homeScripts = await revisit(context, '/mobile/home', (p) =>
        expectPath(p, '/mobile/home').then(() => undefined),
      );
      expect(homeScripts.length).toBeGreaterThan(0);
      expect(homeScripts.filter((s) => !s.fromWorker || !cachedHome.includes(s.path))).toEqual([]);
    }));

  it('links one web app manifest with 192/512 and maskable icons, and serves the worker uncached', () =>
    inPage(browser, async (page) => {
      await page.goto('/login');
      expect(await page.locator('link[rel="manifest"]').count()).toBe(1);
      const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
        display: string;
        icons: { sizes: string; purpose?: string }[];
      };
      expect(manifest.display).toBe('standalone');
      expect(manifest.icons.map((i) => `${i.sizes}/${i.purpose}`)).toEqual(
        expect.arrayContaining(['192x192/any', '512x512/any', '512x512/maskable']),
      );
      const sw = await page.request.get('/sw.js');
      expect(sw.status()).toBe(200);
      expect(sw.headers()['cache-control']).toBe('no-cache');
    }));

  it('registers the service worker, which controls the page after a reload', () =>
    inPage(browser, async (page) => {
      await page.goto('/login');
      const scriptURL = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
      expect(new URL(scriptURL!).pathname).toBe('/sw.js');
      expect(await controlled(page)).toBe(false);
      await page.reload();
      expect(await controlled(page)).toBe(true);
    }));

  it('offline, a reload shows the sign-in form from cache with the offline notice; API calls fail with the transport toast; a never-visited app route opens the shell; a non-app link gets the offline page', () =>
    inPage(browser, async (page, context) => {
      await openControlled(page);
      await context.setOffline(true);
      await page.reload();
      await loginForm(page).username.waitFor();
      await loginForm(page).submit.waitFor();
      await page.getByText('网络已断开').waitFor();
      // The page's own requests (public key, login config) go to the network only, and fail.
      await page.locator('.ant-message').getByText('请求服务失败').first().waitFor();

      // Never opened: the precached shell answers, and its guard sends the visitor to sign in.
      await page.goto('/cms/systemSetting/auditLog');
      await expectPath(page, '/loginAdmin');
      await loginForm(page).submit.waitFor();

      // Not an app route (an export link): the offline page, not the browser's error page.
      await page.goto('/data/export/never-cached/');
      await page.getByRole('heading', { name: '网络未连接' }).waitFor();
      await page.getByRole('link', { name: '重新加载' }).waitFor();
    }));

  it('after a new version is deployed, shows 新版本已就绪 and its 重新加载 reloads the page under the new worker', () =>
    inPage(browser, async (page) => {
      await openControlled(page);
      const swFile = path.join(builtClientDir(), 'sw.js');
      const original = fs.readFileSync(swFile, 'utf8');
      const redeployed = `${original}\n// redeployed ${Date.now()}\n`;
      try {
        // A redeploy: the worker script changes byte-wise.
        fs.writeFileSync(swFile, redeployed);
        await page.evaluate(async () => {
          await (await navigator.serviceWorker.ready).update();
        });
        await page.getByText('新版本已就绪').waitFor();
        const oldWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
        const reloaded = page.waitForEvent('load');
        await page.getByRole('button', { name: /重新加载/ }).click();
        await reloaded;
        await loginForm(page).submit.waitFor();
        expect(await page.getByText('新版本已就绪').count()).toBe(0);
        const state = await page.evaluate(async () => {
          const reg = await navigator.serviceWorker.ready;
          return { waiting: reg.waiting !== null, controlled: navigator.serviceWorker.controller !== null };
        });
        expect(state).toEqual({ waiting: false, controlled: true });
        expect(oldWorker).toBeTruthy();
      } finally {
        // Put the build back, unless a rebuild replaced it meanwhile.
        if (fs.readFileSync(swFile, 'utf8') === redeployed) fs.writeFileSync(swFile, original);
      }
    }));
});
