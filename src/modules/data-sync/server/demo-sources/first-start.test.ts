import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getSetting } from '@/server/identity/settings';
import { buildTestApp } from '@/server/test/helper';
import { DEMO_TABLES } from './catalogue';
import { DEMO_SOURCES_SETTING } from './first-start';

describe('the first demo start hook', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-hook-'));
    dirs.push(d);
    return d;
  };
  afterAll(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('with DEMO=1 generates, registers and queues in the background once the server is ready', async () => {
    const dir = dataDir();
    const app = await buildTestApp({ env: { DEMO: '1', DEMO_SOURCES: 'small', DATA_DIR: dir } });
    try {
      let marker: { state: string; syncs?: number } | undefined;
      for (let i = 0; i < 600 && marker?.state !== 'done'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        marker = await getSetting(app.db, DEMO_SOURCES_SETTING);
      }
      expect(marker).toMatchObject({ state: 'done', syncs: DEMO_TABLES.length });
      expect(fs.readdirSync(path.join(dir, 'sources')).sort()).toEqual(
        ['jiaowu', 'keyan', 'menjin', 'renshi', 'tushuguan', 'wangluo', 'yikatong'].map((s) => `${s}.sqlite`),
      );
    } finally {
      await app.close();
    }
  }, 120_000);

  it('does nothing with DEMO_SOURCES=off', async () => {
    const dir = dataDir();
    const app = await buildTestApp({ env: { DEMO: '1', DEMO_SOURCES: 'off', DATA_DIR: dir } });
    try {
      expect(await getSetting(app.db, DEMO_SOURCES_SETTING)).toBeUndefined();
      expect(fs.existsSync(path.join(dir, 'sources'))).toBe(false);
    } finally {
      await app.close();
    }
  });
});
