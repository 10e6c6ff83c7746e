import type { Browser, BrowserContext, Locator, Page, Response } from 'playwright-core';
import { expect, inject } from 'vitest';

/**
 * Small helpers the specs share for finding antd widgets the way a person does, waiting for the
 * answer a click causes, and running a phone-sized page.
 */

/** The antd message (toast) with this text. */
export const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message').getByText(text).first();

/** The open antd dialog whose title is `title`. */
export const dialog = (page: Page, title: string | RegExp) =>
  page.getByRole('dialog').filter({ has: page.locator('.ant-modal-title, .ant-modal-confirm-title').getByText(title) });

/** The antd form item labelled `label` inside `scope` (getByLabel also matches nested controls' labels). */
export const formItem = (scope: Locator, label: string) =>
  scope
    .locator('.ant-form-item')
    .filter({ has: scope.page().locator('.ant-form-item-label').getByText(label, { exact: true }) });

/**
 * Picks `label` in the open antd Select dropdown. A dropdown that is closing (its leave animation
 * running) still shows the same option titles and ignores clicks: skip it.
 */
export async function pickOption(page: Page, label: string): Promise<void> {
  const popup = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden):not([class*="-leave"])');
  await popup.locator(`.ant-select-item-option[title="${label}"]`).first().click();
}

/** Opens the antd Select whose accessible name is `name` and picks each option in turn. */
export async function selectByName(scope: Page | Locator, name: string, ...options: string[]): Promise<void> {
  const page = 'page' in scope ? scope.page() : scope;
  await scope.getByRole('combobox', { name }).click();
  for (const o of options) await pickOption(page, o);
  // A multiple select keeps its dropdown open.
  if (options.length > 1) await page.keyboard.press('Escape');
}

/**
 * Picks today to today in the antd RangePicker of `item` (a formItem), through the calendar as a
 * person does. Clicks wait for the dropdown's opening animation to end: a click aimed while it
 * still slides lands a row off (CI picked the day a week before under load).
 */
export async function pickTodayRange(item: Locator, today: string): Promise<void> {
  const page = item.page();
  await item.locator('.ant-picker').click();
  const calendar = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden):not([class*="-leave"])');
  const settled = () =>
    calendar.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  const inputs = () => item.locator('input').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  await settled();
  await calendar.locator('.ant-picker-cell-today').first().click();
  // The second click picks the end only once the picker has taken the start (a busy machine is slow to).
  await eventually(async () => (await inputs())[0]).toBe(today);
  await calendar.locator('.ant-picker-cell-today').first().click();
  await eventually(inputs).toEqual([today, today]);
}

/** A response predicate: the request went to exactly this pathname. */
export const isPath = (pathname: string) => (r: Response) => new URL(r.url()).pathname === pathname;

/** Clicks and waits for the answer the click causes (both at once, so a failed click leaves no dangling wait). */
export async function clickFor(target: Locator, answer: (r: Response) => boolean): Promise<Response> {
  const [res] = await Promise.all([target.page().waitForResponse(answer), target.click()]);
  return res;
}

/** expect.poll with the page's patience (vitest's default second is too short for a lazy page and a request). */
export const eventually = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });

/** A value an earlier step of the same spec left behind. */
export function need<T>(v: T | undefined, what: string): T {
  if (v === undefined) throw new Error(`${what} is missing: an earlier step failed`);
  return v;
}

/** A phone-sized touch context (360×740) on the suite's server. */
export async function phoneContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: inject('baseURL'),
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(20_000);
  return context;
}
