import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Options, type RequestSpec } from 'autocannon';
import { hashPassword, verifyPassword } from '../identity/passwords';
import { READY, type TargetInfo } from './protocol';
import { budgetRows, ensureBuild, measureFirstLoads, overBudget } from './bundle-size';
import { benchWorkflowTasks } from './workflow-tasks';
import { benchFormsRender, FILL_BUDGET, withinBudget } from './forms-render';
import { benchBackupLatency } from './backup-latency';
import { benchSyncFromPostgres, benchSyncFromSqlite, type SyncBenchResult } from './data-sync';
import { benchDataTableBrowse } from './data-table-browse';
import { benchMyHomepage } from './my-homepage';
import { benchEarlyWarning } from './early-warning';
import { benchPortalSearch } from './portal-search';

/**
 * npm run bench (DESIGN §8): every figure is printed next to a baseline measured in the same
 * run on the same machine, so the numbers mean something on any hardware.
 *   1. throughput of authenticated API calls against a bare Fastify hello-world;
 *      with the accounts list at 50 000 extra users (page 1 and a filtered page);
 *   2. logins per second with real Argon2id (the hash alone, then full HTTP round-trips);
 *   3. first-load JS (gzip) per page, loaded from the build in Chromium, against issue 14's budgets
 *      (a page over budget makes the bench exit 1).
 * It writes nothing but the build (dist/, when missing) and a temp database it removes.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = 1;
const CONNECTIONS = 10;

interface Started extends TargetInfo {
  url: string;
  stop(): Promise<void>;
}

/** Starts bench/target.ts in its own process and reads the JSON line it prints when listening. */
function startTarget(kind: 'bare' | 'app'): Promise<Started> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'src/server/bench/target.ts'), kind],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${kind} server did not start in 5 minutes\n${err}`));
    }, 300_000);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const line = out.split('\n').find((l) => l.startsWith(`${READY} `));
      if (!line) return;
      clearTimeout(timer);
      const info = JSON.parse(line.slice(READY.length + 1)) as TargetInfo;
      resolve({ ...info, url: `http://127.0.0.1:${info.port}`, stop });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${kind} server exited with ${code}\n${err}`));
    });
  });
}

interface Measured {
  rps: number;
  p99: number;
  bad: number;
}

async function load(opts: Options): Promise<Measured> {
  const r = await autocannon({
    connections: CONNECTIONS,
    duration: SECONDS,
    warmup: { connections: CONNECTIONS, duration: WARMUP_SECONDS },
    timeout: 10,
    ...opts,
  });
  return { rps: r.requests.average, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts };
}

interface Probe {
  ok: boolean;
  why: string;
}

/** One call before the load, so a wrong token or a missing endpoint is reported, not measured. */
async function probe(url: string, init: RequestInit, expectCode = '0x00000000'): Promise<Probe> {
  try {
    const res = await fetch(url, init);
    const body = (await res.json().catch(() => null)) as { errorCode?: string; message?: string } | null;
    if (res.status === 200 && body?.errorCode === expectCode) return { ok: true, why: '' };
    return { ok: false, why: `HTTP ${res.status} ${body?.errorCode ?? ''} ${body?.message ?? ''}`.trim() };
  } catch (e) {
    return { ok: false, why: e instanceof Error ? e.message : String(e) };
  }
}

const rows: string[][] = [];
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const section = (title: string) => rows.push([`— ${title}`]);

function printTable() {
  const widths: number[] = [];
  for (const r of rows)
    if (r.length > 1) r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, i === r.length - 1 ? 0 : c.length)));
  // First column left, numbers right; the last column (notes) is left as it is.
  const cell = (c: string, i: number, n: number) =>
    i === 0 ? c.padEnd(widths[i]!) : i === n - 1 && !/^[\d,.—-]*$/.test(c) ? c : c.padStart(widths[i]!);
  for (const r of rows)
    console.log(
      r.length === 1
        ? `\n${r[0]}`
        : r
            .map((c, i) => cell(c, i, r.length))
            .join('  ')
            .trimEnd(),
    );
}

async function throughput(bare: Started, app: Started) {
  section(
    `1. API throughput (${CONNECTIONS} connections, ${SECONDS} s after ${WARMUP_SECONDS} s warm-up; ratio = req/s ÷ bare Fastify)`,
  );
  rows.push(['endpoint', 'req/s', 'p99 ms', 'ratio', 'non-2xx']);
  const base = await load({ url: `${bare.url}/` });
  rows.push(['bare Fastify GET / (baseline)', fmt(base.rps), fmt(base.p99), '1.00', String(base.bad)]);

  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const calls: { label: string; method: string; path: string; token: string | null; body?: string; expect?: string }[] =
    [
      // Without a token: what every call pays before any session is looked up (headers, routing, licence).
      {
        label: 'POST check_user_is_login (no token)',
        method: 'POST',
        path: '/user/api/v1.user/check_user_is_login/',
        token: null,
        body: '',
        expect: '0x00000011',
      },
      {
        label: 'POST check_user_is_login (student)',
        method: 'POST',
        path: '/user/api/v1.user/check_user_is_login/',
        token: app.tokens!.student,
        body: '',
      },
      {
        label: 'GET notice list page 1×20 (student)',
        method: 'GET',
        path: '/portal/api/v1.notice/list/?page=1&pageSize=20',
        token: app.tokens!.student,
      },
      {
        label: 'GET dashboard summary (admin only: counts over the demo university)',
        method: 'GET',
        path: '/user/api/v1.dashboard/summary/',
        token: app.tokens!.admin,
      },
    ];
  // Issue 3: the account list with 50 000 extra users, unfiltered and filtered (college subtree + name).
  const acc = app.accounts;
  if (acc) {
    const n = fmt(acc.users);
    calls.push(
      {
        label: `GET accounts list page 1×20 (admin, +${n} users)`,
        method: 'GET',
        path: '/user/api/v1.account/list/?page=1&pageSize=20',
        token: app.tokens!.admin,
      },
      {
        label: `GET accounts list, college subtree + keyword (admin, +${n} users)`,
        method: 'GET',
        token: app.tokens!.admin,
        path: `/user/api/v1.account/list/?page=1&pageSize=20&departmentId=${acc.departmentId}&includeChildren=1&keyword=${encodeURIComponent(acc.keyword)}`,
      },
    );
  }
  for (const c of calls) {
    const headers: Record<string, string> = {
      ...(c.token ? { authorization: c.token } : {}),
      ...(c.method === 'POST' ? form : {}),
    };
    const p = await probe(app.url + c.path, { method: c.method, headers, body: c.body }, c.expect);
    if (!p.ok) {
      rows.push([c.label, '—', '—', '—', `skipped: ${p.why}`]);
      continue;
    }
    const m = await load({ url: app.url + c.path, method: c.method, headers, body: c.body });
    rows.push([c.label, fmt(m.rps), fmt(m.p99), fmt(m.rps / base.rps, 2), String(m.bad)]);
  }
}

/** Runs `task` with `concurrency` in flight for `ms`; answers completions per second. */
async function rate(task: () => Promise<unknown>, concurrency: number, ms: number): Promise<number> {
  const end = Date.now() + ms;
  let done = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        await task();
        done++;
      }
    }),
  );
  return done / ((Date.now() - started) / 1000);
}

async function logins(app: Started) {
  const cores = os.availableParallelism();
  section(`2. Sign-in cost: Argon2id 19 MiB, t=2, p=1 on ${cores} cores`);
  rows.push(['operation', 'per second', 'concurrency', '']);
  const stored = await hashPassword('Student@2026');
  await verifyPassword(stored, 'Student@2026');
  const hashes = await rate(() => hashPassword('Student@2026'), cores, SECONDS * 600);
  rows.push(['Argon2id hash (in process)', fmt(hashes, 1), String(cores), '']);
  const verifies = await rate(() => verifyPassword(stored, 'Student@2026'), cores, SECONDS * 600);
  rows.push(['Argon2id verify (in process)', fmt(verifies, 1), String(cores), '']);

  // A full round-trip as the browser makes it: captcha (cid cookie) → RSA-encrypted login.
  const keyAnswer = (await fetch(`${app.url}/user/commonInterface/get_public_key/`, { method: 'POST' })
    .then((r) => r.json())
    .catch(() => null)) as { data?: { public_key?: string } } | null;
  const pem = keyAnswer?.data?.public_key;
  if (!pem) {
    rows.push(['login round-trip (HTTP)', '—', '—', 'skipped: no public key']);
    return;
  }
  const cipher = () =>
    publicEncrypt(
      { key: pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from('Student@2026', 'utf8'),
    ).toString('base64');
  const ciphers = Array.from({ length: 64 }, cipher);
  let n = 0;
  let failed = 0;
  let lastFailure = '';
  // Each round-trip comes from its own address (X-Forwarded-For; target.ts trusts loopback as its proxy), so
  // the per-IP sign-in limits stay out of a throughput figure.
  const ip = () => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const loginBody = (c: string) =>
    new URLSearchParams({ is_admin: '0', username: 'student', password: c, code: app.captcha! }).toString();
  const requests: RequestSpec[] = [
    {
      method: 'GET',
      path: '/user/login/get_code/?r=1',
      setupRequest: (req, ctx) => {
        ctx.ip = ip();
        n++;
        return { ...req, headers: { 'x-forwarded-for': ctx.ip as string } };
      },
      onResponse: (_status, _body, ctx, headers) => {
        const set = headers['set-cookie'];
        const first = Array.isArray(set) ? set[0] : set;
        ctx.cookie = first?.split(';')[0] ?? '';
      },
    },
    {
      method: 'POST',
      path: '/user/login/',
      setupRequest: (req, ctx) => ({
        ...req,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: ctx.cookie as string,
          'x-forwarded-for': ctx.ip as string,
        },
        body: loginBody(ciphers[n % ciphers.length]!),
      }),
      onResponse: (status, body) => {
        if (status !== 200 || !body.includes('"errorCode":"0x00000000"')) {
          failed++;
          lastFailure = `${status} ${body.slice(0, 120)}`;
        }
      },
    },
  ];
  const r = await autocannon({ url: app.url, connections: cores * 2, duration: SECONDS, timeout: 20, requests });
  const roundTrips = r.requests.total / 2 / SECONDS;
  rows.push([
    'login round-trip: captcha + RSA + Argon2 + session (HTTP)',
    fmt(roundTrips, 1),
    String(cores * 2),
    failed ? `${failed} failed: ${lastFailure}` : '',
  ]);
}

async function workflowTasks() {
  section(
    "4. Approval centre: page 1 of one approver's pending list (SQLite; the approver holds 200 pending tasks either way; ratio = 1 000 000 tasks ÷ 1 000, must be ≤ 1.5)",
  );
  rows.push(['tasks in table', 'seed s', 'median ms', 'p95 ms', 'ratio']);
  const small = await benchWorkflowTasks(1000);
  rows.push(['1 000', fmt(small.seedSeconds, 1), fmt(small.medianMs, 2), fmt(small.p95Ms, 2), '']);
  const large = await benchWorkflowTasks(1_000_000);
  const ratio = large.medianMs / small.medianMs;
  rows.push([
    '1 000 000',
    fmt(large.seedSeconds, 1),
    fmt(large.medianMs, 2),
    fmt(large.p95Ms, 2),
    `${fmt(ratio, 2)} ${ratio <= 1.5 ? 'within' : 'OVER'} 1.5`,
  ]);
}

async function formsRender() {
  const r = await benchFormsRender({ staticDir: path.join(root, 'dist') });
  const extra = r.readyMs - r.baseReadyMs;
  const ok = withinBudget(r);
  section(
    `5. Form engine: the fill page of a 200-field form (every field kind, 10 sections, linkage rules) in Chromium against the build, vs a 10-field form (medians of ${r.rounds} fresh-profile loads each; ready = first field shown + a keystroke typed then on screen; budget: ready ≤ +${FILL_BUDGET.extraReadyMs} ms and ≤ ${FILL_BUDGET.perFieldMs} ms per extra field)`,
  );
  rows.push(['fill page', '200 fields ms', '10 fields ms', 'extra ms', 'per field ms']);
  rows.push([
    'ready (time to interactive)',
    fmt(r.readyMs, 0),
    fmt(r.baseReadyMs, 0),
    fmt(extra, 0),
    `${fmt(extra / (r.fields - r.baseFields), 2)} ${ok ? 'within' : 'OVER'} budget`,
  ]);
  rows.push([
    'every field in the page',
    fmt(r.allMs, 0),
    fmt(r.baseAllMs, 0),
    fmt(r.allMs - r.baseAllMs, 0),
    fmt((r.allMs - r.baseAllMs) / (r.fields - r.baseFields), 2),
  ]);
  rows.push(['a keystroke on the whole form', fmt(r.keyMs, 1), fmt(r.baseKeyMs, 1), fmt(r.keyMs - r.baseKeyMs, 1), '']);
  rows.push(['work in Node', '200 fields ms', 'empty form ms', 'ratio', 'per field ms']);
  const row = (name: string, big: number, empty: number) =>
    rows.push([name, fmt(big, 2), fmt(empty, 3), fmt(big / empty, 0), fmt(big / r.fields, 3)]);
  row('validateSubmission (filled values)', r.validateMs, r.emptyValidateMs);
  row('evaluateLinkage (one change)', r.linkageMs, r.emptyLinkageMs);
  // Over budget fails the bench (exit code 1), after the whole table is printed.
  if (!ok) process.exitCode = 1;
}

async function dataSync() {
  const n = Number(process.env.BENCH_SYNC_ROWS ?? 1_000_000);
  const pgUrl = process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL;
  section(
    `6. Data sync: ${n.toLocaleString('en')} rows of a source table into a data table (SQLite platform database, batches of 1,000) vs a bare INSERT … SELECT of the same rows (ratio = sync rows/s ÷ bare rows/s)`,
  );
  rows.push(['source', 'sync s', 'sync rows/s', 'bare s', 'bare rows/s', 'ratio']);
  const row = (r: SyncBenchResult) =>
    rows.push([
      r.source,
      fmt(r.syncSeconds, 1),
      fmt(r.syncRowsPerSecond, 0),
      fmt(r.bareSeconds, 2),
      fmt(r.bareRowsPerSecond, 0),
      fmt(r.ratio, 3),
    ]);
  row(await benchSyncFromSqlite(n));
  if (pgUrl) row(await benchSyncFromPostgres(n, pgUrl));
  else rows.push(['postgres', 'skipped: set BENCH_PG_URL (or TEST_DATABASE_URL)', '', '', '', '']);
}

/** Pages over their first-load budget (issue 14): the bench exits 1 after printing everything. */
let budgetsBroken = false;

async function bundles() {
  section(
    '3. First-load JS per page: the production build in Chromium, empty cache, every script until the network is idle (gzip -9; issue 14 budgets)',
  );
  rows.push(['page', 'scripts', 'raw KiB', 'gzip KB', 'budget']);
  const results = await measureFirstLoads();
  rows.push(...budgetRows(results));
  budgetsBroken = results.some(overBudget);
}

async function backupLatency() {
  const mb = Number(process.env.BENCH_BACKUP_MB ?? 200);
  section(
    `7. Requests during a backup of ${mb} MB of uploaded files (SQLite, same process; a session check and the notice list, 4 at a time; ratio = during ÷ no backup; before issue 26 every request waited for the whole backup)`,
  );
  rows.push(['', 'requests', 'median ms', 'p95 ms', 'max ms', 'ratio p95']);
  const r = await benchBackupLatency(mb);
  rows.push([
    'no backup (3 s)',
    fmt(r.idle.requests),
    fmt(r.idle.medianMs, 1),
    fmt(r.idle.p95Ms, 1),
    fmt(r.idle.maxMs, 1),
    '1.00',
  ]);
  rows.push([
    `during the backup (${fmt(r.backupSeconds, 1)} s, ${fmt(r.backupBytes / 1024 / 1024, 0)} MB written)`,
    fmt(r.during.requests),
    fmt(r.during.medianMs, 1),
    fmt(r.during.p95Ms, 1),
    fmt(r.during.maxMs, 1),
    fmt(r.during.p95Ms / r.idle.p95Ms, 2),
  ]);
}

async function dataTableBrowse() {
  section(
    '8. Data centre: page 1 of a data table (20 rows + total, the dataRows/list service; SQLite; ratio = 1 000 000 rows ÷ 1 000, must be ≤ 1.5)',
  );
  rows.push(['rows in table', 'seed s', 'median ms', 'p95 ms', 'sorted by indexed column ms', 'ratio']);
  const small = await benchDataTableBrowse(1000);
  rows.push([
    '1 000',
    fmt(small.seedSeconds, 1),
    fmt(small.medianMs, 2),
    fmt(small.p95Ms, 2),
    fmt(small.sortedMedianMs, 2),
    '',
  ]);
  const large = await benchDataTableBrowse(1_000_000);
  const ratio = large.medianMs / small.medianMs;
  rows.push([
    '1 000 000',
    fmt(large.seedSeconds, 1),
    fmt(large.medianMs, 2),
    fmt(large.p95Ms, 2),
    fmt(large.sortedMedianMs, 2),
    `${fmt(ratio, 2)} ${ratio <= 1.5 ? 'within' : 'OVER'} 1.5 (sorted ${fmt(large.sortedMedianMs / small.sortedMedianMs, 2)})`,
  ]);
}

async function portalSearch() {
  const r = await benchPortalSearch({ seconds: SECONDS, connections: CONNECTIONS });
  section(
    `9. Portal search: GET search/ as a visitor over ${fmt(r.docs)} documents (10 000 service items + 50 000 notices/news, indexed in ${fmt(r.indexSeconds, 0)} s; SQLite FTS5 trigram; ratio = req/s ÷ bare Fastify, same run)`,
  );
  rows.push(['query', 'req/s', 'p95 ms', 'ratio', 'hits', 'non-2xx']);
  rows.push(['bare Fastify GET / (baseline)', fmt(r.baseRps), fmt(r.baseP95, 1), '1.00', '', '0']);
  for (const q of r.rows) rows.push([q.label, fmt(q.rps), fmt(q.p95, 1), fmt(q.ratio, 3), fmt(q.hits), String(q.bad)]);
}

async function myHomepage() {
  const r = await benchMyHomepage();
  section(
    `10. 个人中心 myHomepage: the home aggregate for one student (classes by enrolment, card, loans, favourites, visits; one call) at ${fmt(r.users)} users and ${fmt(r.txns)} card transactions (SQLite; ratio = home ÷ the bare indexed card-row lookup)`,
  );
  rows.push(['call', 'seed s', 'median ms', 'p95 ms', 'ratio']);
  rows.push(['bare card-row lookup (baseline)', fmt(r.seedSeconds, 1), fmt(r.bareMedianMs, 3), '', '1.00']);
  rows.push([
    'GET userCenter/home/ service',
    '',
    fmt(r.homeMedianMs, 2),
    fmt(r.homeP95Ms, 2),
    fmt(r.homeMedianMs / r.bareMedianMs, 0),
  ]);
}

async function earlyWarning() {
  const r = await benchEarlyWarning();
  section(
    `11. 学生预警: recompute all lists for ${fmt(r.students)} students over ${r.days} days (${fmt(r.gateRows)} gate passages + ${fmt(r.cardRows)} card payments, seeded in ${fmt(r.seedSeconds, 0)} s; SQLite; ratio = recompute ÷ a bare count-per-student over both tables, same run)`,
  );
  rows.push(['call', 'seconds', 'warnings', 'ratio']);
  rows.push(['bare aggregate (baseline)', fmt(r.bareSeconds, 2), '', '1.00']);
  rows.push(['recomputeAll', fmt(r.recomputeSeconds, 2), fmt(r.warnings), fmt(r.recomputeSeconds / r.bareSeconds, 1)]);
}

async function main() {
  console.log(
    `campus-portal bench on ${os.cpus()[0]?.model ?? 'unknown cpu'} ×${os.availableParallelism()}, Node ${process.version}`,
  );
  console.log('starting bare Fastify and the app (full demo seed on a temp SQLite)…');
  const bare = await startTarget('bare');
  let app: Started | null = null;
  try {
    app = await startTarget('app');
    await throughput(bare, app);
    await logins(app);
  } finally {
    await bare.stop();
    await app?.stop();
  }
  ensureBuild(root, (cmd) => {
    console.log(`no build found: running ${cmd}…`);
    const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error('vite build failed');
  });
  await bundles();
  await workflowTasks();
  await formsRender();
  await dataSync();
  await backupLatency();
  await dataTableBrowse();
  await portalSearch();
  await myHomepage();
  await earlyWarning();
  printTable();
  if (budgetsBroken) {
    console.error('\nfirst-load JS over budget (section 3)');
    process.exitCode = 1;
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
