import type { Browser, BrowserContext, Page } from 'playwright-core';
import { deprecationCollector, seriousViolations, settle, siderPaths, type Finding } from './a11y';

/** One page the sweep visited: where, what axe found, which deprecation notices it printed. */
export interface SweptPage {
  who: string;
  path: string;
  landed: string;
  violations: Finding[];
  deprecations: string[];
  /** Checked already for an earlier account (the same page on the same face): not checked again. */
  repeated?: boolean;
}

export interface SweepAccount {
  username: string;
  password: string;
  admin?: boolean;
}

const DESKTOP = {
  bypassCSP: true,
  viewport: { width: 1920, height: 1080 },
  locale: 'zh-CN',
  timezoneId: 'Asia/Shanghai',
};
const PHONE = {
  bypassCSP: true,
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
  locale: 'zh-CN',
  timezoneId: 'Asia/Shanghai',
};

async function signIn(page: Page, a: SweepAccount, loginPath: string, code: string): Promise<void> {
  await page.goto(loginPath);
  await page.getByPlaceholder(/用户名/).fill(a.username);
  await page.getByPlaceholder(/密码/).fill(a.password);
  await page.getByPlaceholder(/验证码/).fill(code);
  await page.getByPlaceholder(/验证码/).press('Enter');
  // A phone user with several platforms picks one in an action sheet on the sign-in page.
  const sheet = page.locator('.adm-action-sheet-button-item:not(.adm-action-sheet-button-item-disabled)');
  for (let i = 0; i < 40 && /login/i.test(new URL(page.url()).pathname); i++) {
    if (await sheet.first().isVisible()) await sheet.first().click();
    await page.waitForTimeout(500);
  }
  await page.waitForURL((u) => !/login/i.test(u.pathname), { timeout: 5_000 });
  // Several platforms: the first card (desktop) or the first choice in the phone's sheet.
  if (new URL(page.url()).pathname === '/platformSelection') {
    await page.locator('[class*=card]').first().click();
    await page.waitForURL((u) => u.pathname !== '/platformSelection', { timeout: 15_000 });
  }
}

/**
 * Opens `path` inside the running app, as a menu click does (the router follows the history), rather
 * than loading the whole app again for every page: the sweep checks pages, not start-ups.
 */
async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await page.waitForURL((u) => u.pathname === path, { timeout: 5_000 }).catch(() => undefined);
}

/**
 * Waits (at most 2 s) until no finite animation or transition runs, two frames after the last: after
 * an in-app move the menu's selected item fades to its colours, and axe would measure a contrast
 * half-way. Endless ones (spinners) are not waited for.
 */
const animationsDone = (page: Page) =>
  page.evaluate(async () => {
    const end = Date.now() + 2_000;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    const running = () =>
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
    for (;;) {
      await frame();
      await frame();
      const now = running();
      if (!now.length || Date.now() >= end) return;
      await Promise.race([
        Promise.all(now.map((a) => a.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, Math.max(0, end - Date.now()))),
      ]);
    }
  });

async function visit(
  page: Page,
  who: string,
  path: string,
  out: SweptPage[],
  collect: () => string[],
  checked: Set<string>,
) {
  const key = `${who.split('@')[1]}|${path}`;
  if (checked.has(key)) {
    out.push({ who, path, landed: path, violations: [], deprecations: [], repeated: true });
    return;
  }
  checked.add(key);
  if (new URL(page.url()).pathname !== path) await goInApp(page, path);
  await settle(page);
  // A toast the previous page raised outlives an in-app move; fading out it fails any contrast check.
  await page
    .locator('.adm-toast-mask, .ant-message-notice')
    .first()
    .waitFor({ state: 'detached', timeout: 4_000 })
    .catch(() => undefined);
  await animationsDone(page);
  out.push({
    who,
    path,
    landed: new URL(page.url()).pathname,
    violations: await seriousViolations(page),
    deprecations: collect(),
  });
}

/**
 * Every menu page of an account once: the desktop sider's entries (the back office's for an
 * administrator), then on a phone the home, each tile's page and the 我的 tab. Pages in `checked`
 * (face|path, shared across the accounts of one run) were checked for an earlier account and are
 * only listed: one page draws the same components for a teacher and a student.
 */
export async function sweepAccount(
  browser: Browser,
  baseURL: string,
  a: SweepAccount,
  code: string,
  onPage: (p: SweptPage) => void = () => undefined,
  checked: Set<string> = new Set(),
): Promise<SweptPage[]> {
  const out: SweptPage[] = [];
  const push = (p: SweptPage[]) => p.forEach(onPage);
  let context: BrowserContext = await browser.newContext({ ...DESKTOP, baseURL });
  try {
    const page = await context.newPage();
    const collector = deprecationCollector(page);
    await signIn(page, a, a.admin ? '/loginAdmin' : '/login', code);
    await settle(page);
    const paths = await siderPaths(page);
    for (const path of paths) {
      const before = out.length;
      await visit(page, `${a.username}@desktop`, path, out, collector.take, checked);
      push(out.slice(before));
    }
  } finally {
    await context.close();
  }
  if (a.admin) return out;

  context = await browser.newContext({ ...PHONE, baseURL });
  try {
    const page = await context.newPage();
    const collector = deprecationCollector(page);
    await signIn(page, a, '/mobile/mobileLogin', code);
    await page.waitForURL((u) => u.pathname.startsWith('/mobile/') && !/login/i.test(u.pathname));
    const home = '/mobile/home';
    const visited = new Set<string>();
    const add = async (path: string) => {
      if (visited.has(path)) return;
      visited.add(path);
      const before = out.length;
      await visit(page, `${a.username}@phone`, path, out, collector.take, checked);
      push(out.slice(before));
    };
    await add(home);
    const tiles = page.locator('section[aria-label] > div > button[type="button"]');
    const count = await tiles.count();
    for (let i = 0; i < count; i++) {
      if (new URL(page.url()).pathname !== home) await goInApp(page, home);
      await settle(page);
      await tiles.nth(i).click();
      await page.waitForURL((u) => u.pathname !== home, { timeout: 5_000 }).catch(() => undefined);
      const at = new URL(page.url()).pathname;
      if (at !== home && at.startsWith('/mobile/')) await add(at);
    }
    await add('/mobile/me');
  } finally {
    await context.close();
  }
  return out;
}
