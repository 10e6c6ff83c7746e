import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../src/server/db/dialect';
import { migrateToLatest } from '../src/server/db/migrate';
import { putSetting } from '../src/server/identity/settings';
import { generateIssuerKeys, makeLicence, parsePrivateKey, signLicence } from '../src/server/licence/licence';
import { LICENCE_SETTING } from '../src/server/licence/store';
import { inPage, launchBrowser } from './support/browser';
import { ACCOUNTS, expectPath, login, type Envelope } from './support/login';
import { newDataDir, startServer, type RunningServer } from './support/server';

/**
 * Its own server: the vendor key is one made here (LICENCE_PUBLIC_KEY, so no demo licence is
 * issued), and the installed licence is genuinely signed with it but expired. The licence is
 * written into the `setting` table before the server starts, so it is what the server checks
 * from its first request on.
 */
let browser: Browser;
let server: RunningServer;

beforeAll(async () => {
  const keys = generateIssuerKeys();
  const expired = signLicence(
    makeLicence({ holder: '过期授权测试大学', expiresAt: '2020-12-31', userCap: 100000, modules: ['*'] }),
    parsePrivateKey(keys.privateKeyPem),
  );
  const dataDir = newDataDir();
  const { db } = openDb({ databaseUrl: null, sqliteFile: path.join(dataDir, 'campus-portal.sqlite') });
  try {
    await migrateToLatest(db);
    await putSetting(db, LICENCE_SETTING, expired);
  } finally {
    await db.destroy();
  }
  [server, browser] = await Promise.all([
    startServer({ LICENCE_PUBLIC_KEY: keys.publicKeyPem }, { dataDir }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('an expired licence', () => {
  it('is refused by the server with 0x10000506 on a non-public call, whoever asks', async () => {
    const res = await fetch(`${server.baseURL}/user/api/v1.dashboard/summary/`, {
      headers: { authorization: 'x'.repeat(43) },
    });
    expect(res.status).toBe(503);
    expect(((await res.json()) as Envelope<unknown>).errorCode).toBe('0x10000506');
  });

  it('sends the signed-in user to /notLicense', () =>
    inPage(
      browser,
      async (page) => {
        await login(page, ACCOUNTS.student.username, ACCOUNTS.student.password);
        await expectPath(page, '/notLicense');
        await page.getByText('服务未授权，请联系管理员').waitFor();
      },
      server.baseURL,
    ));
});
