import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '@/core/testing/chromium';
import { expect, inject } from 'vitest';
import { repoRoot } from './server';

export const resultsDir = path.join(repoRoot, 'test-results');

/** extraArgs: more Chromium switches for one spec (e.g. --host-resolver-rules). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return launchChromium(extraArgs);
}

/** A fresh browser profile (empty storage) on the suite's server, at the recommended 1920*1080. */
export async function newContext(browser: Browser, baseURL = inject('baseURL')): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1920, height: 1080 },
  });
  // 30 s: since the tenth session the demo server's new jobs (BI evaluation, the leaders' daily
  // aggregates after each sync) can hold a SQLite server for seconds under the suite's load, and
  // two full runs each lost one answer at 15 s. The cause is noted for fixing in those jobs.
  context.setDefaultTimeout(30_000);
  context.setDefaultNavigationTimeout(20_000);
  return context;
}

const fileSafe = (s: string) => s.replace(/[^\p{L}\p{N}_-]+/gu, '_').slice(0, 120);

/**
 * Runs one test body in a fresh context and page. When the body fails it leaves a full-page
 * screenshot and the page's console log in test-results/ (named after the test), then rethrows.
 */
export async function inPage(
  browser: Browser,
  body: (page: Page, context: BrowserContext) => Promise<void>,
  baseURL?: string,
): Promise<void> {
  await inContext(await newContext(browser, baseURL), (page, context) => body(page, context));
}

/**
 * Runs a body on a new page of `context` (closed afterwards) with inPage's failure evidence; `tag`
 * prefixes the files' names (e.g. "phone" when a test runs several contexts).
 */
export async function inContext(
  context: BrowserContext,
  body: (page: Page, context: BrowserContext) => Promise<void>,
  tag = '',
): Promise<void> {
  const page = await context.newPage();
  const log: string[] = [];
  page.on('console', (m) => log.push(`[${m.type()}] ${m.text()}`));
  page.on('pageerror', (e) => log.push(`[pageerror] ${e.message}`));
  page.on('requestfailed', (r) => log.push(`[requestfailed] ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`));
  try {
    await body(page, context);
  } catch (e) {
    const name = fileSafe(`${tag ? `${tag}-` : ''}${expect.getState().currentTestName ?? 'e2e'}`);
    fs.mkdirSync(resultsDir, { recursive: true });
    await page.screenshot({ path: path.join(resultsDir, `${name}.png`), fullPage: true }).catch(() => undefined);
    fs.writeFileSync(path.join(resultsDir, `${name}.log`), `url: ${page.url()}\n${log.join('\n')}\n`);
    throw e;
  } finally {
    await context.close();
  }
}
