import { Type } from 'typebox';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { JobDefinition } from '../jobs/types';
import { uploadKey } from './file-store';

/** Uploads looked at (and asked about) at a time. */
export const SWEEP_BATCH = 200;
/** At most this many deletions a run; the rest waits for the next day. */
export const SWEEP_MAX_DELETIONS = 10_000;

export interface SweepResult {
  /** Uploads older than the grace period that were looked at. */
  checked: number;
  deleted: number;
}

/** Why a sweep deleted nothing: a module could not say which uploads it uses. */
export class SweepSkipped extends Error {}

/** Asks every declaring module which of ids it uses; a module that fails stops the sweep. */
async function referenced(app: FastifyInstance, ids: readonly string[]): Promise<Set<string>> {
  const used = new Set<string>();
  if (!app.uploadRefs.owners.size) throw new SweepSkipped('未删除任何文件：没有模块声明文件引用');
  for (const [owner, query] of app.uploadRefs.owners) {
    let answer: Iterable<string>;
    try {
      answer = await query(app, ids);
    } catch (e) {
      app.log.warn({ err: e, owner }, 'upload sweep: a module could not answer which uploads it uses');
      throw new SweepSkipped(`未删除任何文件：模块 ${owner} 无法回答文件引用（${(e as Error).message || '错误'}）`);
    }
    for (const id of answer) used.add(id.toLowerCase());
  }
  return used;
}

/**
 * Deletes uploads that no module references and that are older than the grace period (a draft
 * uploads before it is saved): the file from the store first, then the row, so a file the store
 * cannot delete now keeps its row and is tried again at the next sweep. Every module is asked
 * about every old upload before anything is deleted; when one cannot answer, nothing is deleted
 * (SweepSkipped). Each batch is asked again just before it goes, for records saved meanwhile.
 */
export async function sweepOrphanUploads(
  app: FastifyInstance,
  opts: { now?: number; graceDays?: number; log?: FastifyBaseLogger } = {},
): Promise<SweepResult> {
  const log = opts.log ?? app.log;
  const cutoff = (opts.now ?? Date.now()) - (opts.graceDays ?? app.config.uploadOrphanDays) * 86_400_000;
  const orphans: string[] = [];
  let checked = 0;
  let after = '';
  for (;;) {
    const page = await app.db
      .selectFrom('upload')
      .select('id')
      .where('createdAt', '<', cutoff)
      .where('id', '>', after)
      .orderBy('id')
      .limit(SWEEP_BATCH)
      .execute();
    if (!page.length) break;
    checked += page.length;
    after = page[page.length - 1]!.id;
    const ids = page.map((r) => r.id);
    const used = await referenced(app, ids);
    for (const id of ids) if (!used.has(id.toLowerCase())) orphans.push(id);
    if (orphans.length >= SWEEP_MAX_DELETIONS) break;
  }

  let deleted = 0;
  for (let i = 0; i < orphans.length && deleted < SWEEP_MAX_DELETIONS; i += SWEEP_BATCH) {
    const batch = orphans.slice(i, i + SWEEP_BATCH);
    const used = await referenced(app, batch);
    const gone = batch.filter((id) => !used.has(id.toLowerCase()));
    if (!gone.length) continue;
    const rows = await app.db
      .selectFrom('upload')
      .select(['id', 'path', 'purpose', 'size', 'ownerId', 'createdAt'])
      .where('id', 'in', gone)
      .where('createdAt', '<', cutoff)
      .execute();
    for (const r of rows) {
      try {
        await app.files.delete(uploadKey(r.path));
      } catch (e) {
        log.warn(
          { err: e, upload: r.id },
          'orphan upload not deleted: the file store refused, kept for the next sweep',
        );
        continue;
      }
      await app.db.deleteFrom('upload').where('id', '=', r.id).execute();
      deleted++;
      log.info(
        { upload: r.id, purpose: r.purpose, path: r.path, size: r.size, ownerId: r.ownerId, createdAt: r.createdAt },
        'orphan upload deleted',
      );
    }
  }
  return { checked, deleted };
}

const SweepPayload = Type.Object({});

/** Daily: uploads no record uses any more (a replaced avatar or logo, a removed draft attachment). */
export const orphanSweepJob: JobDefinition<typeof SweepPayload> = {
  name: 'uploads.orphan-sweep',
  title: '清理无引用文件',
  payload: SweepPayload,
  cron: '20 3 * * *',
  // A module that could not answer may answer an hour later.
  retry: { limit: 2, backoffMs: 3_600_000 },
  timeoutMs: 60 * 60_000,
  async run({ app, log }) {
    const r = await sweepOrphanUploads(app, { log });
    return { read: r.checked, written: r.deleted };
  },
};
