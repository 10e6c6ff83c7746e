import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Plugin, UserConfig } from 'vite';
import { branchModules } from './pwa/branch-modules';
import { pwaPlugins } from './pwa/pwa-options';
import { databaseTestFiles, isolatedTestFiles, listTestFiles } from './src/core/testing/database-test-files';

const repo = (p: string) => fileURLToPath(new URL(p, import.meta.url));

const allTests = listTestFiles(repo('.'), ['src', 'pwa']);
const isolatedTests = isolatedTestFiles(repo('.'), allTests);
const dbTests = process.env.TEST_DATABASE_URL ? databaseTestFiles(repo('.'), allTests) : [];
const shared = (files: string[]) => files.filter((f) => !isolatedTests.includes(f));
const pgEnv = { TEST_DB: 'pg' };
// The template databases the PostgreSQL projects' test apps clone (src/server/test/db-templates.ts).
const pgTemplates = repo('./src/server/test/pg-templates.global.ts');

/**
 * Brotli and gzip twins of every script and stylesheet under <outDir>/resource, made once at build
 * time: the server (@fastify/static preCompressed) sends the smallest one the browser accepts,
 * so first loads travel at their gzip/brotli size without compressing on every request. The
 * build's own outDir (`--outDir /tmp/x` too), never dist/ by name: another build may be serving it.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'campus-portal:precompress',
    apply: 'build',
    configResolved(c) {
      outDir = path.resolve(c.root, c.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      const resource = path.join(outDir, 'resource');
      if (!fs.existsSync(resource)) return;
      for (const file of walk(resource).filter((f) => /\.(js|css|svg)$/.test(f))) {
        const bytes = fs.readFileSync(file);
        if (bytes.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * `vite build` (npm start, npm run build) always makes the production client — React's production
 * build, import.meta.env.PROD and so the service worker — whatever NODE_ENV the shell exported for
 * the server (`NODE_ENV=development npm start` is a common habit). Vite reads NODE_ENV only after
 * loading this file, so setting it here decides. An explicit `vite build --mode development`
 * still makes a development client.
 */
export function productionBuildEnv(command: 'build' | 'serve', mode: string, env: NodeJS.ProcessEnv = process.env) {
  if (command === 'build' && mode === 'production') env.NODE_ENV = 'production';
}

// The page (index.html) lives with the app's composition in src/app, so Vite's root is there;
// public/, dist/ and the tests stay at the repository's top level.
const config: UserConfig = {
  root: repo('./src/app'),
  publicDir: repo('./public'),
  // PWA: web app manifest, service worker (pwa/sw.ts → dist/sw.js) and its precache list.
  plugins: [react(), branchModules(repo('./src/modules')), pwaPlugins(repo('./pwa')), precompress()],
  resolve: { alias: { '@': repo('./src') } },
  // Chunks go to resource/js and styles to resource/css (spec section 8): the server gives
  // those hashed files a year-long cache and index.html none.
  build: {
    outDir: repo('./dist'),
    emptyOutDir: true,
    // dist/.vite/manifest.json: npm run bench sums each route's first-load chunks from it.
    manifest: true,
    assetsDir: 'resource',
    rollupOptions: {
      output: {
        entryFileNames: 'resource/js/[name]-[hash].js',
        chunkFileNames: 'resource/js/[name]-[hash].js',
        assetFileNames: (info) =>
          (info.names?.[0] ?? '').endsWith('.css')
            ? 'resource/css/[name]-[hash][extname]'
            : 'resource/assets/[name]-[hash][extname]',
      },
    },
  },
  server: { proxy: { '^/(user|portal|workflow|message|affairs|data|bi|warning|resource)/': 'http://127.0.0.1:8080' } },
  test: {
    root: repo('.'),
    pool: 'forks',
    testTimeout: 30000,
    hookTimeout: 60000,
    // jsdom: antd's style sheets keep only what decides visibility (see the file for why).
    setupFiles: [repo('./src/core/testing/lean-antd-styles.ts')],
    // Two workers even on a 2-core machine: a worker waits on its database as often as it computes,
    // and the suite measured 1.6× faster with two than with vitest's default of cores − 1.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // Component tests opt into jsdom with a `// @vitest-environment jsdom` first line.
    // Node tests share their worker's modules (isolate: false, loading the server once per worker);
    // the files that need a module graph of their own run isolated (isolatedTestFiles says which).
    // The database tests run a second time on PostgreSQL when TEST_DATABASE_URL is set: the files
    // that build a test app or choose the database (src/core/testing/database-test-files.ts; run
    // it with tsx to list them), not the pure ones that would only repeat themselves.
    projects: [
      {
        extends: true as const,
        test: { name: 'sqlite', include: shared(allTests), isolate: false, environment: 'node' },
      },
      {
        extends: true as const,
        test: { name: 'sqlite-isolated', include: isolatedTests, environment: 'node' },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include: shared(dbTests),
                isolate: false,
                environment: 'node',
                env: pgEnv,
                globalSetup: [pgTemplates],
              },
            },
            {
              extends: true as const,
              test: {
                name: 'postgres-isolated',
                include: dbTests.filter((f) => isolatedTests.includes(f)),
                environment: 'node',
                env: pgEnv,
                globalSetup: [pgTemplates],
              },
            },
          ]
        : []),
    ],
  },
};

export default defineConfig(({ command, mode }) => {
  productionBuildEnv(command, mode);
  return config;
});
