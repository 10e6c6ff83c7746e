import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupItem } from '@/modules/maintenance/contract';
import { openDb } from '../src/server/db/dialect';
import { migrateToLatest } from '../src/server/db/migrate';
import { putSetting } from '../src/server/identity/settings';
import { inPage, launchBrowser } from './support/browser';
import { ACCOUNTS, expectPath, login, tokenOf, type Envelope } from './support/login';
import { newDataDir, startServer, type RunningServer } from './support/server';
import { clickFor, dialog, isPath, need, toast } from './support/ui';

/**
 * Issue 26: a sealed, encrypted backup made on one server is restored on another through the
 * back office. Two servers of their own, each with its DATA_DIR and database, share one
 * BACKUP_KEY. Server A holds a marker (a setting row and an uploaded file) that server B does
 * not; B restores A's backup and then holds both. A copy with one byte changed is refused.
 */
const KEY = randomBytes(32).toString('base64');
const MARKER = `e2e-${randomBytes(4).toString('hex')}`;
const PAGE = '/cms/systemSetting/dataBackup';

let browser: Browser;
let a: RunningServer;
let b: RunningServer;
let backupBytes: Buffer | undefined;
let backupName: string | undefined;

beforeAll(async () => {
  const dataDir = newDataDir();
  const { db } = openDb({ databaseUrl: null, sqliteFile: path.join(dataDir, 'campus-portal.sqlite') });
  try {
    await migrateToLatest(db);
    await putSetting(db, 'e2e_backup_marker', MARKER);
  } finally {
    await db.destroy();
  }
  fs.mkdirSync(path.join(dataDir, 'uploads', 'e2e'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'uploads', 'e2e', 'marker.txt'), MARKER);
  [a, b, browser] = await Promise.all([
    startServer({ BACKUP_KEY: KEY }, { dataDir }),
    startServer({ BACKUP_KEY: KEY }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await a?.stop();
  await b?.stop();
});

/** The marker setting in a server's database (read beside the running server), or undefined. */
function markerOf(server: RunningServer): string | undefined {
  const db = new Sqlite(path.join(server.dataDir, 'campus-portal.sqlite'), { readonly: true });
  try {
    const row = db.prepare("select value from setting where key = 'e2e_backup_marker'").get() as
      | { value: string }
      | undefined;
    return row ? (JSON.parse(row.value) as string) : undefined;
  } finally {
    db.close();
  }
}

async function openBackups(page: Page): Promise<void> {
  await login(page, ACCOUNTS.admin.username, ACCOUNTS.admin.password, { admin: true });
  await expectPath(page, '/cms/home/index');
  await page.goto(PAGE);
  await page.getByRole('button', { name: /立即备份/ }).waitFor();
}

async function upload(page: Page, name: string, bytes: Buffer): Promise<Envelope<BackupItem>> {
  const [res] = await Promise.all([
    // The server checks the whole sealed copy before it answers: a busy machine takes longer than the usual 15 s.
    page.waitForResponse(isPath('/user/api/v1.backup/upload/'), { timeout: 60_000 }),
    page.locator('input[type=file]').setInputFiles({ name, mimeType: 'application/gzip', buffer: bytes }),
  ]);
  return (await res.json()) as Envelope<BackupItem>;
}

describe('a backup moves from one server to another', () => {
  it('is made on server A in the back office: encrypted, its SHA-256 in the list', async () => {
    expect(markerOf(b)).toBeUndefined();
    await inPage(
      browser,
      async (page) => {
        await openBackups(page);
        const made = (await (
          await clickFor(page.getByRole('button', { name: /立即备份/ }), isPath('/user/api/v1.backup/create/'))
        ).json()) as Envelope<BackupItem>;
        expect(made.errorCode).toBe('0x00000000');
        const item = made.data;
        const res = await page.request.get(`/user/api/v1.backup/download/?id=${item.id}`, {
          headers: { authorization: (await tokenOf(page)) ?? '' },
        });
        expect(res.status()).toBe(200);
        backupBytes = Buffer.from(await res.body());
        backupName = item.fileName;
        // Sealed and encrypted: the container's mark, and none of the data readable.
        expect(backupBytes.subarray(0, 8).toString('latin1')).toBe('CPBACKUP');
        expect(backupBytes.includes(Buffer.from(MARKER))).toBe(false);
        const sha = createHash('sha256').update(backupBytes).digest('hex');
        expect(item.checksum).toBe(sha);
        await page.getByRole('row').filter({ hasText: item.fileName }).getByText(sha.slice(0, 12)).waitFor();
      },
      a.baseURL,
    );
  });

  it(
    'is uploaded and restored on server B (same BACKUP_KEY) through the back office',
    { timeout: 120_000 },
    async () => {
      const bytes = need(backupBytes, "A's backup");
      await inPage(
        browser,
        async (page) => {
          await openBackups(page);
          const up = await upload(page, need(backupName, "A's backup name"), bytes);
          expect(up.errorCode).toBe('0x00000000');
          const row = page.getByRole('row').filter({ hasText: up.data.fileName });
          await row.getByRole('button', { name: /^恢\s*复$/ }).click();
          const confirm = dialog(page, '确认恢复数据');
          await confirm.getByRole('textbox', { name: '备份文件名' }).fill(up.data.fileName);
          const restored = (await (
            await clickFor(confirm.getByRole('button', { name: /^恢\s*复$/ }), isPath('/user/api/v1.backup/restore/'))
          ).json()) as Envelope<unknown>;
          expect(restored.errorCode).toBe('0x00000000');
          await dialog(page, '数据已恢复').waitFor();
        },
        b.baseURL,
      );
      // B now holds A's data and A's uploaded file.
      expect(markerOf(b)).toBe(MARKER);
      expect(fs.readFileSync(path.join(b.dataDir, 'uploads', 'e2e', 'marker.txt'), 'utf8')).toBe(MARKER);
    },
  );

  it('refuses a copy with one byte changed, saying why, and keeps nothing of it', async () => {
    const changed = Buffer.from(need(backupBytes, "A's backup"));
    changed[Math.floor(changed.length / 2)] ^= 0x01;
    await inPage(
      browser,
      async (page) => {
        await openBackups(page);
        const rows = await page.getByRole('row').count();
        const refused = await upload(page, 'changed.jsonl.gz', changed);
        expect(refused.errorCode).toBe('0x00000724');
        expect(refused.message).toContain('封签校验失败');
        await toast(page, /封签校验失败/).waitFor();
        expect(await page.getByRole('row').count()).toBe(rows);
      },
      b.baseURL,
    );
    expect(markerOf(b)).toBe(MARKER);
  });
});
