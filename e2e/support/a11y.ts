import { createRequire } from 'node:module';
import type { ConsoleMessage, Page } from 'playwright-core';

/**
 * Accessibility and console checks for the page sweep (e2e/accessibility.e2e.ts), kept free of
 * vitest so a developer can run the same checks against any server with tsx.
 *
 * axe-core is injected from its own package (axe.min.js) and run in the page: @axe-core/playwright
 * wants Node 22.
 */
const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface Finding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

interface AxeResult {
  violations: {
    id: string;
    impact?: string | null;
    help: string;
    nodes: { target: unknown[]; any?: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } }[] }[];
  }[];
}

/** The axe violations of impact serious or critical on the page as it is now (WCAG 2 A/AA and best practices). */
export async function seriousViolations(page: Page): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  const result = await page.evaluate(
    () =>
      (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<unknown> } }).axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
        resultTypes: ['violations'],
      }) as Promise<AxeResult>,
  );
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact!,
      help: v.help,
      targets: v.nodes.slice(0, 4).map((n) => {
        const contrast = n.any?.find((c) => c.data?.fgColor)?.data;
        const where = n.target.map(String).join(' ');
        return contrast ? `${where} (${contrast.fgColor} on ${contrast.bgColor}: ${contrast.contrastRatio})` : where;
      }),
    }));
}

/**
 * antd's deprecation notices ("Warning: [antd: Modal] `maskClosable` is deprecated…") and
 * React's own warnings printed while the page runs. A production build strips them, so they show
 * in a development client only (`vite build --mode development`, `npm run dev`).
 */
export function deprecationCollector(page: Page): { take: () => string[] } {
  const seen: string[] = [];
  const onConsole = (m: ConsoleMessage) => {
    if (m.type() !== 'warning' && m.type() !== 'error') return;
    const text = m.text();
    if (/\[antd(-mobile)?:|deprecated|will be removed/i.test(text)) seen.push(text.split('\n')[0]!.slice(0, 240));
  };
  page.on('console', onConsole);
  return { take: () => [...new Set(seen.splice(0))] };
}

/**
 * Every page a desktop sider offers (its links; groups are opened first so nested entries are
 * drawn), as pathnames in menu order — the menus decide, so pages other issues add are covered.
 */
export async function siderPaths(page: Page): Promise<string[]> {
  await page.locator('.ant-layout-sider .ant-menu').first().waitFor({ timeout: 15_000 });
  for (let round = 0; round < 3; round++) {
    const closed = page.locator(
      '.ant-layout-sider .ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title',
    );
    const n = await closed.count();
    if (!n) break;
    for (let i = n - 1; i >= 0; i--) await closed.nth(i).click();
    await page.waitForTimeout(300);
  }
  const hrefs = await page
    .locator('.ant-layout-sider .ant-menu a[href]')
    .evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  return [...new Set(hrefs)];
}

/** Waits for a page to settle: network quiet, no antd spinner, the lazy chunk mounted. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page
    .locator('.ant-spin-spinning, .adm-skeleton')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
  await page.waitForTimeout(250);
}

export const describeFindings = (where: string, found: Finding[]) =>
  found.map((f) => `${where}: [${f.impact}] ${f.id} — ${f.help} — ${f.targets.join(' | ')}`);
