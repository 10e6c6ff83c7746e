import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The answer the server accepts for every captcha in this suite (CAPTCHA_FIXED_CODE). */
export const CAPTCHA = 'E2E1';

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  /** Last lines the server printed (shown when it fails to start). */
  output(): string;
  stop(): Promise<void>;
}

/** A free loopback port: the OS picks one, we close it and hand it to the server. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** The built client the servers serve: E2E_STATIC_DIR (a build made elsewhere, vite build --outDir …), else dist/. */
export const builtClientDir = () => process.env.E2E_STATIC_DIR || path.join(repoRoot, 'dist');

/** A fresh, empty DATA_DIR under the system temp directory. */
export const newDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'campus-portal-e2e-'));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts the real server (`tsx src/server/main.ts`) as a child process on a fresh temp
 * DATA_DIR and a free port, with the demo data and a fixed captcha answer, and waits until it
 * serves the built client. Each server owns its directory; stop() removes it.
 */
export async function startServer(
  env: Record<string, string> = {},
  opts: { startTimeoutMs?: number; dataDir?: string } = {},
): Promise<RunningServer> {
  const staticDir = builtClientDir();
  const indexHtml = path.join(staticDir, 'index.html');
  if (!fs.existsSync(indexHtml))
    throw new Error(`no build at ${indexHtml}: run "vite build" first (npm run test:e2e does)`);

  // A caller may prepare the directory (e.g. a database with a given licence); it is removed all the same.
  const dataDir = opts.dataDir ?? newDataDir();
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  // The suite always runs on its own embedded SQLite, whatever the developer's shell points at.
  delete childEnv.DATABASE_URL;
  delete childEnv.LICENCE_FILE;
  Object.assign(childEnv, {
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO: '1',
    // The data centre's demo systems with two weeks of events, not eleven: minutes less sync work per server.
    DEMO_SOURCES: 'small',
    CAPTCHA_FIXED_CODE: CAPTCHA,
    STATIC_DIR: staticDir,
    LOG_LEVEL: 'warn',
    // The suite signs in and loads captchas far more often a minute than a person does.
    LOGIN_RATE_LIMIT: '1000',
    CAPTCHA_RATE_LIMIT: '1000',
    ...env,
  });

  // node --import tsx is `tsx src/server/main.ts` in one process, so one signal stops it.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: repoRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exited: number | null = null;
  const exitPromise = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = code ?? (signal ? 128 : 1);
      resolve();
    }),
  );
  const output = () => lines.join('\n');

  const stop = async () => {
    if (exited === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      const killed = await Promise.race([exitPromise.then(() => true), sleep(8000).then(() => false)]);
      if (!killed) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
        await exitPromise;
      }
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  // First start migrates and seeds the demo university: allow it time, but not forever.
  const deadline = Date.now() + (opts.startTimeoutMs ?? 180_000);
  for (;;) {
    if (exited !== null) {
      await stop();
      throw new Error(`server exited with ${exited} before answering:\n${output()}`);
    }
    try {
      const res = await fetch(`${baseURL}/login`, { signal: AbortSignal.timeout(2000) });
      if (res.ok && (res.headers.get('content-type') ?? '').includes('text/html')) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not answer on ${baseURL} in time:\n${output()}`);
    }
    await sleep(250);
  }
  return { baseURL, dataDir, output, stop };
}
