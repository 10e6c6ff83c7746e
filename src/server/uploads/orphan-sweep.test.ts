import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestUser, type TestApp } from '../test/helper';
import { multipartBody, TINY_PNG } from '../test/multipart';
import { uploadKey } from './file-store';
import { fileUrl } from './store';
import { sweepOrphanUploads, SweepSkipped } from './orphan-sweep';
import type { UploadRefsQuery } from './upload-refs';
import { startTestS3, type TestS3 } from './test-s3';

const DAY = 86_400_000;

/** An upload as saveUpload leaves it (row and stored file), made `ageDays` ago. */
async function storeUpload(app: TestApp, ageDays: number, purpose = 'test'): Promise<string> {
  const id = randomUUID();
  const path = `2026/01/${id}.png`;
  await app.files.put(uploadKey(path), Readable.from([TINY_PNG]), { contentType: 'image/png' });
  await app.db
    .insertInto('upload')
    .values({
      id,
      ownerId: null,
      purpose,
      originalName: 'a.png',
      mime: 'image/png',
      size: TINY_PNG.length,
      path,
      isPublic: 0,
      createdAt: Date.now() - ageDays * DAY,
    })
    .execute();
  return id;
}

async function exists(app: TestApp, id: string): Promise<{ row: boolean; file: boolean }> {
  const row = await app.db.selectFrom('upload').select('path').where('id', '=', id).executeTakeFirst();
  const file = await app.files.stat(uploadKey(`2026/01/${id}.png`));
  return { row: !!row, file: !!file };
}

/** Declares an extra owner for one test and takes it away after. */
async function withOwner<T>(app: TestApp, owner: string, query: UploadRefsQuery, fn: () => Promise<T>): Promise<T> {
  app.uploadRefs.declare(owner, query);
  try {
    return await fn();
  } finally {
    (app.uploadRefs.owners as Map<string, UploadRefsQuery>).delete(owner);
  }
}

function sweepTests(name: string, env: () => Record<string, string>) {
  describe(name, () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await buildTestApp({ env: env() });
      await createTestUser(app, { username: 'sweeper', password: 'Sw@2026eep' });
    });
    afterAll(async () => {
      const dir = app.config.dataDir;
      await app.close();
      if (dir.startsWith('/tmp/')) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('every module that keeps uploads answers, and no seeded upload is taken for an orphan', async () => {
      for (const owner of ['accounts', 'forms', 'content', 'resource-center', 'workflow', 'org-config'])
        expect(app.uploadRefs.owners.has(owner)).toBe(true);
      const before = await app.db.selectFrom('upload').select('id').execute();
      // Every upload counts as old: any a module forgot would go.
      const r = await sweepOrphanUploads(app, { now: Date.now() + 3650 * DAY });
      expect(r.deleted).toBe(0);
      expect(await app.db.selectFrom('upload').select('id').execute()).toHaveLength(before.length);
    });

    it('deletes an old unreferenced upload (file and row), keeps a young one and a referenced one', async () => {
      const orphan = await storeUpload(app, 8);
      const young = await storeUpload(app, 2);
      const avatar = await storeUpload(app, 30, 'avatar');
      const logo = await storeUpload(app, 30, 'org-logo');
      await app.db
        .updateTable('appUser')
        .set({ avatar: fileUrl(avatar) })
        .where('username', '=', 'sweeper')
        .execute();
      await app.db
        .insertInto('setting')
        .values({ key: 'org.test-sweep', value: JSON.stringify({ logo: fileUrl(logo) }), updatedAt: Date.now() })
        .execute();

      const r = await sweepOrphanUploads(app);
      expect(r.deleted).toBe(1);
      expect(await exists(app, orphan)).toEqual({ row: false, file: false });
      expect(await exists(app, young)).toEqual({ row: true, file: true });
      expect(await exists(app, avatar)).toEqual({ row: true, file: true });
      expect(await exists(app, logo)).toEqual({ row: true, file: true });

      // The logo replaced: the old one is an orphan at the next sweep.
      await app.db.deleteFrom('setting').where('key', '=', 'org.test-sweep').execute();
      await sweepOrphanUploads(app);
      expect(await exists(app, logo)).toEqual({ row: false, file: false });
      // The avatar removed: likewise.
      await app.db.updateTable('appUser').set({ avatar: null }).where('username', '=', 'sweeper').execute();
      expect(await sweepOrphanUploads(app)).toMatchObject({ deleted: 1 });
      expect(await exists(app, avatar)).toEqual({ row: false, file: false });
    });

    it('a replaced avatar goes at the first sweep past the grace period; the one in use stays', async () => {
      const token = await app.tokenFor('sweeper');
      const upload = async () => {
        const body = multipartBody({ filename: 'me.png', content: TINY_PNG });
        const res = await app.inject({
          method: 'POST',
          url: '/user/api/v1.user/uploadAvatar/',
          payload: body.payload,
          headers: { ...body.headers, authorization: token },
        });
        expect(res.statusCode).toBe(200);
        return (res.json() as { data: { url: string } }).data.url.split('/').pop()!;
      };
      const first = await upload();
      const second = await upload();
      expect(await sweepOrphanUploads(app)).toMatchObject({ deleted: 0 });
      await sweepOrphanUploads(app, { now: Date.now() + 8 * DAY });
      const rows = await app.db.selectFrom('upload').select('id').where('id', 'in', [first, second]).execute();
      expect(rows.map((r) => r.id)).toEqual([second]);
    });

    it('deletes nothing when a module cannot answer, and the run history says which', async () => {
      const orphan = await storeUpload(app, 10);
      await withOwner(
        app,
        'broken-module',
        async () => {
          throw new Error('数据库连接中断');
        },
        async () => {
          await expect(sweepOrphanUploads(app)).rejects.toBeInstanceOf(SweepSkipped);
          await app.jobs.runNow('uploads.orphan-sweep');
          await app.jobs.drain(undefined, ['uploads.orphan-sweep']);
        },
      );
      expect(await exists(app, orphan)).toEqual({ row: true, file: true });
      const runs = await app.jobs.runs({ name: 'uploads.orphan-sweep', page: 1, pageSize: 5 });
      expect(runs.list[0]).toMatchObject({ status: 'fail' });
      expect(runs.list[0]!.error).toContain('broken-module');

      // Answering again, the next run deletes it and says so in its counts.
      await app.jobs.runNow('uploads.orphan-sweep');
      await app.jobs.drain(undefined, ['uploads.orphan-sweep']);
      expect(await exists(app, orphan)).toEqual({ row: false, file: false });
      const after = await app.jobs.runs({ name: 'uploads.orphan-sweep', status: 'ok', page: 1, pageSize: 5 });
      expect(after.list[0]!.rowsWritten).toBeGreaterThanOrEqual(1);
    });

    it('a module answering for an id keeps it, whatever the others say', async () => {
      const kept = await storeUpload(app, 10);
      await withOwner(
        app,
        'fixture-module',
        async (_a, ids) => ids.filter((id) => id === kept),
        () => sweepOrphanUploads(app),
      );
      expect(await exists(app, kept)).toEqual({ row: true, file: true });
      await sweepOrphanUploads(app);
      expect(await exists(app, kept)).toEqual({ row: false, file: false });
    });
  });
}

sweepTests('orphan upload sweep (local store)', () => ({ DATA_DIR: fs.mkdtempSync('/tmp/files-sweep-') }));

describe('orphan upload sweep (S3 store)', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startTestS3();
  });
  afterAll(async () => {
    await s3.close();
  });
  sweepTests('through the bucket', () => ({ DATA_DIR: fs.mkdtempSync('/tmp/files-sweep-s3-'), ...s3.env() }));
});
