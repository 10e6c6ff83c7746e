import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Insertable } from 'kysely';
import { openDb, type Db } from '../db/dialect';
import { migrateToLatest } from '../db/migrate';
import { seedDemo } from '../db/seed';
import { taskList } from '@/modules/workflow/server/repository';
import type { WfTaskTable } from '@/modules/workflow/server/tables';

/**
 * The approval centre's pending list at scale (issue 6): a temp SQLite database with the small demo
 * seed and `total` tasks, of which the measured approver always holds the same 200 pending (and 200
 * dealt) — everyone else's grow with `total`. Page 1 (20 rows and the count, the SQL the list
 * route runs) is timed; with the (assignee, status, created_at desc, id desc) index its cost
 * depends on the approver's own tasks, not on the table's size.
 */
export interface WorkflowTasksResult {
  total: number;
  seedSeconds: number;
  /** Median ms of page 1 of the approver's pending list. */
  medianMs: number;
  p95Ms: number;
}

const CHUNK = 500;
const MINE = 200;

async function seedTasks(db: Db, total: number): Promise<number> {
  const now = Date.now();
  const users = (await db.selectFrom('appUser').select('id').orderBy('id').execute()).map((u) => u.id);
  const me = users[0]!;
  const others = users.slice(1);
  const form = await db.selectFrom('form').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
  const sub = await db
    .selectFrom('formSubmission')
    .select('id')
    .where('formId', '=', form.id)
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  const process = await db
    .selectFrom('wfProcess')
    .select(['id', 'latestVersion'])
    .where('formId', '=', form.id)
    .executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    // 1,000 instances the tasks hang on (foreign keys on).
    const instances: number[] = [];
    for (let i = 0; i < 1000; i += 1) {
      const { id } = await trx
        .insertInto('wfInstance')
        .values({
          processId: process.id,
          version: process.latestVersion!,
          formId: form.id,
          submissionId: sub.id,
          kind: 'normal',
          parentId: null,
          editValues: null,
          editDiff: null,
          title: `压测申请 ${i}`,
          applicantId: others[i % others.length]!,
          applicantName: '压测',
          status: 'running',
          currentNodes: '',
          state: '{}',
          recordToken: `bench-${i}-${now}`,
          rowVersion: 0,
          activationSeq: 1,
          startedAt: now,
          updatedAt: now,
          endedAt: null,
          lastUrgedAt: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      instances.push(id);
    }
    let rows: Insertable<WfTaskTable>[] = [];
    const flush = async () => {
      if (rows.length) await trx.insertInto('wfTask').values(rows).execute();
      rows = [];
    };
    for (let i = 0; i < total; i += 1) {
      const mine = i < MINE * 2;
      const pending = mine ? i < MINE : i % 10 === 0;
      const createdAt = now - (total - i) * 1000;
      rows.push({
        instanceId: instances[i % instances.length]!,
        nodeId: 'approve',
        nodeName: '审批',
        activation: 1,
        seq: 0,
        assigneeId: mine ? me : others[i % others.length]!,
        assigneeName: '压测',
        delegatedFrom: null,
        status: pending ? 'pending' : 'approved',
        batchApprove: 0,
        formId: form.id,
        title: `压测申请 ${i}`,
        applicantName: '压测',
        createdAt,
        dueAt: null,
        handledAt: pending ? null : createdAt + 500,
      });
      if (rows.length === CHUNK) await flush();
    }
    await flush();
  });
  return me;
}

export async function benchWorkflowTasks(total: number, samples = 200): Promise<WorkflowTasksResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wf-bench-'));
  const { db } = openDb({ databaseUrl: null, sqliteFile: path.join(dir, 'bench.db') });
  try {
    await migrateToLatest(db);
    await seedDemo(db, { size: 'small' });
    const t0 = performance.now();
    const me = await seedTasks(db, total);
    const seedSeconds = (performance.now() - t0) / 1000;
    const q = { type: 'dsp' as const, page: 1, pageSize: 20 };
    for (let i = 0; i < 20; i += 1) await taskList(db, me, q, Date.now());
    const times: number[] = [];
    for (let i = 0; i < samples; i += 1) {
      const s = performance.now();
      const page = await taskList(db, me, q, Date.now());
      times.push(performance.now() - s);
      if (page.total !== MINE || page.list.length !== 20)
        throw new Error(`unexpected page: total ${page.total}, rows ${page.list.length}`);
    }
    times.sort((a, b) => a - b);
    return {
      total,
      seedSeconds,
      medianMs: times[Math.floor(times.length / 2)]!,
      p95Ms: times[Math.floor(times.length * 0.95)]!,
    };
  } finally {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
