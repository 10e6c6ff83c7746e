import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTestFiles, isolatedTestFiles, listTestFiles } from './database-test-files';

// (new URL('../../..', import.meta.url) would be rewritten by vite's asset handling)
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('the PostgreSQL pass picks the tests that touch the database', () => {
  let root: string;
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'db-test-files-'));
    write(
      'src/server/test/helper.ts',
      "export const usePostgres = () => process.env.TEST_DB === 'pg';\nexport function testConfig() {}\nexport async function buildTestApp() { usePostgres(); }\n",
    );
    write('src/server/a/routes.test.ts', "import { buildTestApp } from '../test/helper';\nawait buildTestApp();\n");
    write('src/server/a/pure.test.ts', "import { parse } from './parse';\nparse('x');\n");
    write('src/server/a/parse.ts', 'export const parse = (s: string) => s;\n');
    // testConfig with an explicit in-memory SQLite app: the same on either run.
    write('src/server/a/sqlite-only.test.ts', "import { testConfig } from '../test/helper';\ntestConfig();\n");
    // The app comes from a module's helper two imports away.
    write('src/modules/m/server/testing.ts', "export { startApp } from './start-app';\n");
    write(
      'src/modules/m/server/start-app.ts',
      "import { buildTestApp } from '@/server/test/helper';\nexport const startApp = () => buildTestApp();\n",
    );
    write('src/modules/m/server/via-helper.test.ts', "import { startApp } from './testing';\nawait startApp();\n");
    write('src/modules/m/server/pg-only.test.ts', 'describe.runIf(process.env.TEST_DATABASE_URL)("x", () => {});\n');
    // Two files importing each other, one of them reaching the app.
    write('src/modules/m/server/cycle-a.ts', "import './cycle-b';\nexport const a = 1;\n");
    write('src/modules/m/server/cycle-b.ts', "import './cycle-a';\nimport './start-app';\n");
    write('src/modules/m/server/cycle.test.ts', "import { a } from './cycle-a';\nvoid a;\n");
    write('src/modules/m/web/page.test.tsx', "// @vitest-environment jsdom\nimport React from 'react';\n");
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('takes files that build the test app or read the database switch, directly or through helpers', () => {
    const all = listTestFiles(root, ['src']);
    expect(all).toHaveLength(7);
    expect(databaseTestFiles(root, all)).toEqual([
      'src/modules/m/server/cycle.test.ts',
      'src/modules/m/server/pg-only.test.ts',
      'src/modules/m/server/via-helper.test.ts',
      'src/server/a/routes.test.ts',
    ]);
  });

  it('runs component tests and files that replace modules, timers or the environment in a module graph of their own', () => {
    write('src/modules/m/server/mocks.test.ts', "vi.mock('./repository');\n");
    write('src/modules/m/server/clock.test.ts', "vi.useFakeTimers({ toFake: ['Date'] });\n");
    write('src/modules/m/server/env.test.ts', "process.env.DEMO = '1';\n");
    write('src/modules/m/server/reads-env.test.ts', "if (process.env.DEMO === '1') {}\n");
    const all = listTestFiles(root, ['src']);
    expect(isolatedTestFiles(root, all)).toEqual([
      'src/modules/m/server/clock.test.ts',
      'src/modules/m/server/env.test.ts',
      'src/modules/m/server/mocks.test.ts',
      'src/modules/m/web/page.test.tsx',
    ]);
  });

  it('keeps every server test of this repository that builds a test app', () => {
    const all = listTestFiles(REPO, ['src', 'pwa']);
    const picked = new Set(databaseTestFiles(REPO, all));
    const building = all.filter((f) => fs.readFileSync(path.join(REPO, f), 'utf8').includes('buildTestApp('));
    expect(building.length).toBeGreaterThan(40);
    expect(building.filter((f) => !picked.has(f))).toEqual([]);
    // and no component test: they never touch a database
    expect([...picked].filter((f) => f.endsWith('.tsx'))).toEqual([]);
  });
});
