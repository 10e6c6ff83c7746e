import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { Codes } from '@/shared/errors';
import type { BackupProgressView } from '../contract';

/** GET /user/api/v1.backup/progress/: the back office's view of a backup while it runs (issue 26). */
describe('backup progress', () => {
  let app: TestApp;
  let dataDir: string;
  const progress = async () => {
    const res = await app.injectAs('admin', { method: 'GET', url: '/user/api/v1.backup/progress/' });
    expect(res.json().errorCode).toBe(Codes.ok);
    return res.json().data as BackupProgressView | null;
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-progress-'));
    app = await buildTestApp({ env: { DATA_DIR: dataDir } });
    fs.mkdirSync(path.join(dataDir, 'uploads', 'p'), { recursive: true });
    for (let i = 0; i < 16; i += 1)
      fs.writeFileSync(path.join(dataDir, 'uploads', 'p', `${i}.bin`), randomBytes(2 << 20));
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is null when no backup runs, reports tables then files while one does, and null again after', async () => {
    expect(await progress()).toBeNull();
    const created = app.injectAs('admin', { method: 'POST', url: '/user/api/v1.backup/create/', payload: {} });
    const seen: BackupProgressView[] = [];
    let finished = false;
    void created.finally(() => (finished = true));
    while (!finished) {
      const p = await progress();
      if (p) seen.push(p);
      // Look now and then, as the page does: a request loop with no pause would only measure itself.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await created).json().errorCode).toBe(Codes.ok);
    expect(seen.length).toBeGreaterThan(0);
    const files = seen.filter((p) => p.phase === 'files');
    expect(files.length).toBeGreaterThan(0);
    expect(files[files.length - 1]).toMatchObject({ kind: 'manual', filesTotal: 16, bytesTotal: 32 << 20 });
    expect(files[0]!.tables).toBe(files[0]!.tablesTotal);
    // Monotonic: bytes only grow.
    for (let i = 1; i < files.length; i += 1) expect(files[i]!.bytes).toBeGreaterThanOrEqual(files[i - 1]!.bytes);
    expect(await progress()).toBeNull();
    // Administrators only.
    const student = await app.injectAs('student', { method: 'GET', url: '/user/api/v1.backup/progress/' });
    expect(student.json().errorCode).toBe(Codes.noPermission);
  });
});
