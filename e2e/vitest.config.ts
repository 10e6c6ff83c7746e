import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The two sweeps (every menu page of the demo accounts: accessibility, phones) take about as long as
 * all the other specs together, so they are a second project on a server of its own, which
 * `npm run test:e2e` (e2e/run.ts) runs beside the first in another vitest process. Each project
 * starts its server in global-setup and runs its files one after another, so specs never race
 * each other on the same demo accounts; the two servers share nothing. `vitest run --config
 * e2e/vitest.config.ts [file]` runs the projects one after the other.
 */
const SWEEPS = ['e2e/accessibility.e2e.ts', 'e2e/phone-pages.e2e.ts'];

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  resolve: { alias: { '@': fileURLToPath(new URL('../src', import.meta.url)) } },
  test: {
    environment: 'node',
    pool: 'forks',
    sequence: { concurrent: false },
    testTimeout: 45_000,
    hookTimeout: 180_000,
    // A retry would hide a flaky rule; a failure leaves a screenshot in test-results/ instead.
    retry: 0,
    projects: [
      {
        extends: true as const,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          exclude: SWEEPS,
          globalSetup: ['e2e/support/global-setup.ts'],
          fileParallelism: false,
        },
      },
      {
        extends: true as const,
        test: {
          name: 'e2e-sweeps',
          include: SWEEPS,
          globalSetup: ['e2e/support/global-setup.ts'],
          fileParallelism: false,
        },
      },
    ],
  },
});
