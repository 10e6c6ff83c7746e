import path from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

/** One test file's cost: loading (environment, harness, imports) and running its tests and hooks. */
export interface FileTime {
  project: string;
  file: string;
  loadMs: number;
  testsMs: number;
}

export function fileTime(m: TestModule, root: string): FileTime {
  const d = m.diagnostic();
  return {
    project: m.project.name,
    file: path.relative(root, m.moduleId).split(path.sep).join('/'),
    loadMs: d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration,
    testsMs: d.duration,
  };
}

const total = (t: FileTime) => t.loadMs + t.testsMs;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The `count` costliest files, costliest first, as the lines printed at the end of a run. */
export function slowestFilesReport(times: FileTime[], count = 10): string[] {
  const top = [...times].sort((a, b) => total(b) - total(a)).slice(0, count);
  if (!top.length) return [];
  const width = Math.max(...top.map((t) => t.project.length + t.file.length + 1));
  return [
    `Slowest ${top.length} test files (of ${times.length}; time in one worker, load + tests):`,
    ...top.map(
      (t) =>
        `  ${seconds(total(t)).padStart(7)}  ${`${t.project} ${t.file}`.padEnd(width)}  ` +
        `(load ${seconds(t.loadMs)}, tests ${seconds(t.testsMs)})`,
    ),
  ];
}

/**
 * Prints the ten slowest test files after the run's summary, so CI output shows where the time
 * goes as modules are added (npm run test:unit lists it after the default reporter).
 */
export default class SlowestFilesReporter implements Reporter {
  private vitest?: Vitest;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    if (!this.vitest) return;
    const root = this.vitest.config.root;
    const lines = slowestFilesReport(testModules.map((m) => fileTime(m, root)));
    if (lines.length) this.vitest.logger.log(['', ...lines].join('\n'));
  }
}
