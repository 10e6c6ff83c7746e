import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { READY } from './protocol';

/**
 * Issue 17's search bench: GET /portal/api/v1.search/search/ over 10,000 service items and 50,000
 * notices/news (search-target.ts), as a visitor, against bare Fastify's hello-world in the same
 * run (target.ts bare). Throughput by autocannon; p95 from timed requests at the same concurrency.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));

interface Target {
  url: string;
  info: Record<string, unknown>;
  stop(): Promise<void>;
}

function start(script: string, args: string[]): Promise<Target> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, script), ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${script} did not start in 10 minutes\n${err}`));
    }, 600_000);
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const line = out.split('\n').find((l) => l.startsWith(`${READY} `));
      if (!line) return;
      clearTimeout(timer);
      const info = JSON.parse(line.slice(READY.length + 1)) as Record<string, unknown> & { port: number };
      resolve({ url: `http://127.0.0.1:${info.port}`, info, stop });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}\n${err}`));
    });
  });
}

export interface SearchBenchRow {
  label: string;
  rps: number;
  p95: number;
  ratio: number;
  bad: number;
  hits: number;
}

export interface SearchBenchResult {
  docs: number;
  indexSeconds: number;
  baseRps: number;
  baseP95: number;
  rows: SearchBenchRow[];
}

async function p95(url: string, connections: number, total: number): Promise<number> {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < total) {
      next += 1;
      const t = performance.now();
      const res = await fetch(url);
      await res.arrayBuffer();
      times.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length * 0.95)]!;
}

export async function benchPortalSearch(
  opts: { seconds?: number; connections?: number } = {},
): Promise<SearchBenchResult> {
  const seconds = opts.seconds ?? 5;
  const connections = opts.connections ?? 10;
  const bare = await start('src/server/bench/target.ts', ['bare']);
  let target: Target | null = null;
  try {
    target = await start('src/server/bench/search-target.ts', []);
    const run = async (url: string) => {
      const r = await autocannon({
        url,
        connections,
        duration: seconds,
        warmup: { connections, duration: 1 },
        timeout: 10,
      });
      return { rps: r.requests.average, bad: r.non2xx + r.errors + r.timeouts };
    };
    const base = await run(`${bare.url}/`);
    const baseP95 = await p95(`${bare.url}/`, connections, 2000);
    const queries: [string, string][] = [
      ['4 characters (trigram index): 校园卡补', '校园卡补'],
      ['pinyin initials: xsqj', 'xsqj'],
      ['2 characters (gram table): 请假', '请假'],
      ['two words: 奖学金 申请', '奖学金 申请'],
    ];
    const rows: SearchBenchRow[] = [];
    for (const [label, q] of queries) {
      const url = `${target.url}/portal/api/v1.search/search/?q=${encodeURIComponent(q)}&page=1&pageSize=10`;
      const probe = (await (await fetch(url)).json()) as { errorCode: string; data: { total: number } };
      if (probe.errorCode !== '0x00000000') throw new Error(`search ${q}: ${JSON.stringify(probe)}`);
      const m = await run(url);
      rows.push({
        label,
        rps: m.rps,
        p95: await p95(url, connections, 400),
        ratio: m.rps / base.rps,
        bad: m.bad,
        hits: probe.data.total,
      });
    }
    return {
      docs: Number(target.info.docs),
      indexSeconds: Number(target.info.indexSeconds),
      baseRps: base.rps,
      baseP95,
      rows,
    };
  } finally {
    await bare.stop();
    await target?.stop();
  }
}

// Run alone: npx tsx src/server/bench/portal-search.ts
if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const r = await benchPortalSearch({ seconds: Number(process.env.BENCH_SECONDS ?? 5) });
  console.log(JSON.stringify(r, null, 2));
}
