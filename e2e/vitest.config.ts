import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The browser suite: one server (started by global-setup) and one worker, files run one
// after another, so the specs never race each other on the same demo accounts.
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  resolve: { alias: { '@': fileURLToPath(new URL('../src', import.meta.url)) } },
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/support/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 45_000,
    hookTimeout: 180_000,
    // A retry would hide a flaky rule; a failure leaves a screenshot in test-results/ instead.
    retry: 0,
  },
});
