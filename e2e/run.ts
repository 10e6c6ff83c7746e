import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * `npm run test:e2e` after the build: the two projects of e2e/vitest.config.ts in two vitest
 * processes at once, each with its own server. Vitest itself runs projects of one worker one after
 * the other, and the sweeps alone take as long as every other spec together. Each line is prefixed
 * with its project; the exit code is non-zero when either failed. Extra arguments go to both (a file filter that matches only one project leaves the other with nothing to do, which passes).
 */
const PROJECTS = ['e2e', 'e2e-sweeps'];
const vitest = path.join(path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');

const runs = PROJECTS.map((project) => {
  const child = spawn(
    process.execPath,
    [
      vitest,
      'run',
      '--config',
      'e2e/vitest.config.ts',
      '--project',
      project,
      '--passWithNoTests',
      ...process.argv.slice(2),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const tag = `[${project}] `;
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${tag}${line}\n`));
  }
  const exit = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
  return { child, exit };
});

// A stop (Ctrl-C, CI's timeout) reaches both runs, which stop their servers.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => runs.forEach((r) => r.child.kill(signal)));
}

const codes = await Promise.all(runs.map((r) => r.exit));
process.exit(codes.every((c) => c === 0) ? 0 : 1);
