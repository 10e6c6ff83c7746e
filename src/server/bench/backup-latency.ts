import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { seedDemo } from '../db/seed';
import { createSession } from '../identity/sessions';
import { backupKeyFrom } from '../backup/key';
import { writeBackup } from '../backup/writer';

/**
 * Requests while a backup runs (issue 26 item 1): the app on a temp SQLite file with the small
 * demo seed and `megabytes` of uploaded files (random bytes, like photos and PDFs that gzip
 * cannot shrink), serving real HTTP. The same request mix (a session check and the notice list,
 * 4 at a time) is timed with no backup, then for as long as a backup of everything runs in the
 * same process. Before issue 26 every request waited for the whole backup (10.8 s at 200 MB).
 */
export interface LatencyStats {
  requests: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
}

export interface BackupLatencyResult {
  megabytes: number;
  backupSeconds: number;
  backupBytes: number;
  idle: LatencyStats;
  during: LatencyStats;
}

const WORKERS = 4;
const FILE_MB = 4;

function stats(ms: number[]): LatencyStats {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
  return { requests: s.length, medianMs: at(0.5), p95Ms: at(0.95), maxMs: s[s.length - 1] ?? 0 };
}

/** WORKERS loops of requests, one after another each, until `running()` is false; answers every latency. */
async function timeRequests(calls: Array<() => Promise<Response>>, running: () => boolean): Promise<number[]> {
  const out: number[] = [];
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, w) => {
      for (let i = w; running(); i += 1) {
        const t = performance.now();
        const res = await calls[i % calls.length]!();
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`bench request answered HTTP ${res.status}`);
        out.push(performance.now() - t);
      }
    }),
  );
  return out;
}

export async function benchBackupLatency(megabytes = 200): Promise<BackupLatencyResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-portal-bench-backup-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  });
  const app = await buildApp({ config, serveClient: false, startJobs: false });
  try {
    await seedDemo(app.db, { size: 'small', catalog: app.modules });
    const uploads = path.join(dataDir, 'uploads', 'bench');
    fs.mkdirSync(uploads, { recursive: true });
    for (let i = 0; i < Math.ceil(megabytes / FILE_MB); i += 1)
      fs.writeFileSync(path.join(uploads, `f${i}.bin`), randomBytes(FILE_MB * 1024 * 1024));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const student = await app.db
      .selectFrom('appUser')
      .select('id')
      .where('username', '=', 'student')
      .executeTakeFirstOrThrow();
    const token = await createSession(app.db, config, { userId: student.id, isAdmin: false, platformId: null });
    const calls = [
      () =>
        fetch(`${base}/user/api/v1.user/check_user_is_login/`, { method: 'POST', headers: { authorization: token } }),
      () => fetch(`${base}/portal/api/v1.notice/list/?page=1&pageSize=20`, { headers: { authorization: token } }),
    ];
    // Warm-up, then the same mix for three seconds with nothing else running.
    const warm = Date.now() + 1000;
    await timeRequests(calls, () => Date.now() < warm);
    const idleUntil = Date.now() + 3000;
    const idle = await timeRequests(calls, () => Date.now() < idleUntil);

    let done = false;
    const started = performance.now();
    const backup = writeBackup(app.db, path.join(dataDir, 'uploads'), path.join(dataDir, 'backups', 'bench.bak'), {
      key: backupKeyFrom(randomBytes(32)),
    }).finally(() => (done = true));
    const during = await timeRequests(calls, () => !done);
    const written = await backup;
    return {
      megabytes,
      backupSeconds: (performance.now() - started) / 1000,
      backupBytes: written.size,
      idle: stats(idle),
      during: stats(during),
    };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// `npx tsx src/server/bench/backup-latency.ts [MB]` runs this one alone.
if (process.argv[1]?.endsWith('backup-latency.ts')) {
  benchBackupLatency(Number(process.argv[2] ?? 200)).then(
    (r) => console.log(JSON.stringify(r, null, 2)),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
