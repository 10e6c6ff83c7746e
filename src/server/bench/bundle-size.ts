import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium } from '@/core/testing/chromium';

/**
 * First-load JS per page (issue 14), measured the way a first visit feels it: Debian's chromium
 * opens the production build served by the real server with an empty cache and no service
 * worker, waits until the network is idle (every script the page loads before and after its
 * first paint, lazy ones included), and sums gzip -9 of each script body. Signed-in pages are
 * opened after a sign-in through the real login page, with the browser cache cleared again.
 * Runs inside `npm run bench` (run.ts) or alone: `npx tsx src/server/bench/bundle-size.ts`,
 * which exits 1 when a page is over its budget.
 */

export interface PageBudget {
  path: string;
  /** KB (1000 bytes) of gzip JS the page may load on a first visit. */
  budget: number;
  /** Who is signed in first (demo accounts), or nobody. */
  as?: 'student' | 'admin';
  phone?: boolean;
}

// DESIGN §7 / issue 14: phone login 150 KB, desktop login 220 KB, any desktop route 350 KB.
export const BUDGETS: PageBudget[] = [
  { path: '/mobile/mobileLogin', budget: 150, phone: true },
  { path: '/mobile/home', budget: 350, as: 'student', phone: true },
  { path: '/login', budget: 220 },
  { path: '/home/index', budget: 350 },
  { path: '/web/home/index', budget: 350, as: 'student' },
  { path: '/web/taskCenter/taskWorkBench', budget: 350, as: 'student' },
  { path: '/cms/home/index', budget: 350, as: 'admin' },
];

export interface FirstLoad extends PageBudget {
  scripts: number;
  raw: number;
  gzip: number;
  /** Where the page ended up (a redirect means the measurement is of another page). */
  landed: string;
  /** Each script loaded: its path and gzip bytes (largest first), for `--files`. */
  files: { path: string; gzip: number }[];
}

const root = fileURLToPath(new URL('../../..', import.meta.url));
const CAPTCHA = 'BENCH1';
const PASSWORDS = { student: 'Student@2026', admin: 'Admin@2026' } as const;
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1920, height: 1080 } };

/**
 * The build measured: BENCH_STATIC_DIR (one made elsewhere with `vite build --outDir …`, so a
 * measurement never rewrites the dist/ other runs are serving), else dist/.
 */
export const benchStaticDir = (dir = root) => process.env.BENCH_STATIC_DIR || path.join(dir, 'dist');

export function ensureBuild(dir: string, build: (cmd: string) => void): void {
  if (process.env.BENCH_STATIC_DIR) {
    if (!fs.existsSync(path.join(benchStaticDir(dir), 'index.html')))
      throw new Error(`BENCH_STATIC_DIR ${benchStaticDir(dir)} holds no build (vite build --outDir it first)`);
    return;
  }
  if (!fs.existsSync(path.join(dir, 'dist/index.html'))) build('vite build');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** The real server (`src/server/main.ts`) on the build in dist/, demo data on a temp SQLite. */
async function startSite(): Promise<{ url: string; stop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-portal-bundle-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.LICENCE_FILE;
  Object.assign(env, {
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO: '1',
    DEMO_SOURCES: 'off',
    CAPTCHA_FIXED_CODE: CAPTCHA,
    STATIC_DIR: benchStaticDir(),
    LOG_LEVEL: 'warn',
  });
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (c: Buffer) => (err = (err + c.toString()).slice(-4000)));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}\n${err}`);
    const ok = await fetch(`${url}/login`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error(`server did not start in 5 minutes\n${err}`);
}

async function signIn(context: BrowserContext, url: string, who: 'student' | 'admin', phone: boolean) {
  const page = await context.newPage();
  await page.goto(`${url}${phone ? '/mobile/mobileLogin' : who === 'admin' ? '/loginAdmin' : '/login'}`);
  await page.getByPlaceholder(/用户名/).fill(who);
  await page.getByPlaceholder(/^密码/).fill(PASSWORDS[who]);
  await page.getByPlaceholder(/验证码/).fill(CAPTCHA);
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && /\/login\/$/.test(r.url()));
  await page.getByRole('button', { name: /^登\s*录$/ }).click();
  const body = (await (await answered).json()) as { errorCode: string; message: string };
  if (body.errorCode !== '0x00000000') throw new Error(`sign-in of ${who} refused: ${body.message}`);
  await page.waitForLoadState('networkidle');
  await page.close();
}

/** Opens one page with an empty cache and sums the scripts it loads until the network is idle. */
async function measure(context: BrowserContext, url: string, target: PageBudget): Promise<FirstLoad> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  const bodies: Promise<{ path: string; body: Buffer } | null>[] = [];
  page.on('response', (r) => {
    const at = new URL(r.url()).pathname;
    if (r.request().resourceType() === 'script' || /\.m?js$/.test(at))
      bodies.push(
        r.body().then(
          (body) => ({ path: at, body }),
          () => null,
        ),
      );
  });
  await page.goto(url + target.path, { waitUntil: 'networkidle' });
  // networkidle is 500 ms without a request; a script asked for on an idle callback comes a little later.
  await page.waitForTimeout(1500);
  await page.waitForLoadState('networkidle');
  const scripts = (await Promise.all(bodies))
    .filter((b) => b !== null)
    .map((s) => ({ ...s, gzip: gzipSync(s.body, { level: 9 }).length }));
  const landed = new URL(page.url()).pathname;
  await page.close();
  return {
    ...target,
    landed,
    scripts: scripts.length,
    raw: scripts.reduce((n, s) => n + s.body.length, 0),
    gzip: scripts.reduce((n, s) => n + s.gzip, 0),
    files: scripts.map(({ path, gzip }) => ({ path, gzip })).sort((a, b) => b.gzip - a.gzip),
  };
}

/** Every page of BUDGETS, measured against the build in dist/ (make it first: ensureBuild). */
export async function measureFirstLoads(targets: PageBudget[] = BUDGETS): Promise<FirstLoad[]> {
  const site = await startSite();
  let browser: Browser | null = null;
  try {
    browser = await launchChromium();
    const out: FirstLoad[] = [];
    // One profile per (account, device): signed in once, each page then opened with a cleared cache.
    const contexts = new Map<string, BrowserContext>();
    for (const t of targets) {
      const key = `${t.as ?? ''}/${t.phone ? 'phone' : 'desk'}`;
      let context = contexts.get(key);
      if (!context) {
        context = await browser.newContext({ ...(t.phone ? PHONE : DESKTOP), serviceWorkers: 'block' });
        if (t.as) await signIn(context, site.url, t.as, t.phone === true);
        contexts.set(key, context);
      }
      out.push(await measure(context, site.url, t));
    }
    return out;
  } finally {
    await browser?.close();
    await site.stop();
  }
}

export const overBudget = (r: FirstLoad) => r.gzip / 1000 > r.budget || r.landed !== r.path;

/** The bench's table rows: page, scripts, raw KiB, gzip KB, budget verdict. */
export function budgetRows(results: FirstLoad[]): string[][] {
  return results.map((r) => [
    r.path,
    String(r.scripts),
    (r.raw / 1024).toFixed(1),
    (r.gzip / 1000).toFixed(1),
    `${overBudget(r) ? 'OVER' : 'within'} ${r.budget} KB${r.landed !== r.path ? ` (landed on ${r.landed})` : ''}`,
  ]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  measureFirstLoads().then(
    (results) => {
      console.log(['page', 'scripts', 'raw KiB', 'gzip KB', 'budget'].join('\t'));
      for (const row of budgetRows(results)) console.log(row.join('\t'));
      // --files: each page's scripts, largest first (what to cut next)
      if (process.argv.includes('--files'))
        for (const r of results) {
          console.log(`\n${r.path}`);
          for (const f of r.files) console.log(`  ${(f.gzip / 1000).toFixed(1)}\t${f.path}`);
        }
      if (results.some(overBudget)) process.exitCode = 1;
    },
    (e: unknown) => {
      console.error(e instanceof Error ? e.stack : String(e));
      process.exit(1);
    },
  );
}
