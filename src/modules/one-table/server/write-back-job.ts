import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { writeBackToDataset } from '@/modules/data-sources/server/commands/write-back';
import { writeBackTarget } from '@/modules/data-sync/server/commands/write-back-target';
import * as repo from './repository';
import { personValue } from './service';

export const WRITE_BACK_JOB = 'one-table.write-back';
/** Tries before a write-back is 失败 (the owner sees the last reason); waits 30 s, 1, 2, 4 min between. */
export const WRITE_BACK_TRIES = 5;
const BACKOFF_MS = 30_000;
const BATCH = 20;

/**
 * Approved values waiting for their owning system: each one UPDATE on the source (data-sources'
 * writeBackToDataset: parameterised, one column, one row, in a transaction). Success → 已写回源系统;
 * a failure keeps the reason and retries with backoff, the last one → 写回源系统失败. Answers how many
 * were written.
 */
export async function processWriteBacks(app: FastifyInstance, now: number): Promise<number> {
  let written = 0;
  for (const c of await repo.dueWriteBacks(app.db, now, BATCH)) {
    const attempts = c.sourceAttempts + 1;
    try {
      const target = await writeBackTarget(app.db, c.tableId);
      const column = target?.config.columns[c.field];
      if (!target || !column) throw new Error('该数据表的写回设置已被删除');
      const person = await repo.findPersonByNo(app.db, c.personNo);
      if (!person) throw new Error('申请人已不存在');
      const { row } = await personValue(app, app.db, person, c.tableCode, c.rowId, c.field);
      await writeBackToDataset(app, target.datasetId, {
        table: target.config.table,
        keyColumn: target.config.keyColumn,
        key: row[target.config.keyField],
        column,
        value: c.newValue,
      });
      await repo.setSourceState(app.db, c.id, {
        sourceState: 'written',
        sourceError: '',
        sourceAttempts: attempts,
        sourceNextAt: null,
        // The owning system holds the value now: later syncs bring it themselves.
        hold: 0,
      });
      written++;
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      const last = attempts >= WRITE_BACK_TRIES;
      await repo.setSourceState(app.db, c.id, {
        sourceState: last ? 'failed' : 'pending',
        sourceError: message.slice(0, 500),
        sourceAttempts: attempts,
        sourceNextAt: last ? null : now + BACKOFF_MS * 2 ** (attempts - 1),
      });
      app.log.warn({ correctionId: c.id, attempts }, 'one-table write-back failed');
    }
  }
  return written;
}

/** The job: every minute (and right after an approval on 数据纠错审核), the due write-backs. */
export function defineWriteBackJob(app: FastifyInstance): void {
  app.jobs.define({
    name: WRITE_BACK_JOB,
    title: '一表通纠错写回源系统',
    payload: Type.Object({}),
    cron: '* * * * *',
    async run(ctx) {
      return { written: await processWriteBacks(ctx.app, Date.now()) };
    },
  });
}
