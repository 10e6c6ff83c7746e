import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { openDb } from '../db/dialect';
import { migrateToLatest } from '../db/migrate';
import { createDataTable } from '@/modules/data-tables/server/commands/create-data-table';
import type { DataTableField } from '@/modules/data-tables/server/commands/get-data-table';
import { recomputeAll } from '@/modules/early-warning/server/service';

/**
 * 学生预警 at scale (issue 22): `recomputeAll` (every list: leave, the seven SQL rules, the upserts)
 * for `students` students over a term of gate passages (out and in every day, one in seven back
 * late) and canteen payments (two a day), against a bare aggregate over the same two tables
 * (count per student of each) in the same run. Data generated in SQL, not row by row.
 */
export interface EarlyWarningBenchResult {
  students: number;
  days: number;
  gateRows: number;
  cardRows: number;
  seedSeconds: number;
  recomputeSeconds: number;
  bareSeconds: number;
  warnings: number;
}

const DAY = 86_400_000;
const field = (name: string, type: DataTableField['type'], indexed = false): DataTableField => ({
  name,
  label: name,
  type,
  required: false,
  indexed,
  visibility: 'all',
  description: '',
  sort: 0,
});

export async function benchEarlyWarning(students = 30_000, days = 120): Promise<EarlyWarningBenchResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ew-bench-'));
  const { db } = openDb({ databaseUrl: null, sqliteFile: path.join(dir, 'bench.db') });
  const app = { db } as unknown as FastifyInstance;
  try {
    await migrateToLatest(db);
    const make = (code: string, fields: DataTableField[]) =>
      createDataTable(
        app,
        db,
        { code, name: code, description: '', fields, uniqueKey: [], ownerDepartmentId: null, scopeField: null },
        null,
      );
    await make('mj_gate_event', [
      field('event_id', 'integer'),
      field('student_no', 'string', true),
      field('student_name', 'string'),
      field('unit_id', 'integer'),
      field('building_id', 'integer'),
      field('gate_id', 'integer'),
      field('direction', 'string'),
      field('method', 'string'),
      field('occurred_at', 'datetime', true),
    ]);
    await make('ykt_txn', [
      field('txn_id', 'integer'),
      field('holder_no', 'string', true),
      field('holder_name', 'string'),
      field('unit_id', 'integer'),
      field('merchant_name', 'string'),
      field('kind', 'string'),
      field('amount', 'decimal'),
      field('occurred_at', 'datetime', true),
    ]);
    const t0 = performance.now();
    const now = Date.now();
    const start = Math.floor(now / DAY) * DAY - days * DAY;
    const no = (n: string) => sql.raw(`'S' || substr('000000' || (${n}), -6)`);
    await sql`insert into app_user (username, password_hash, real_name, user_no, kind, is_admin, status,
        must_change_pwd, failed_count, created_at, updated_at)
      with recursive seq(n) as (select 0 union all select n + 1 from seq where n < ${students - 1})
      select 'ew' || n, 'x', '学生' || n, ${no('n')}, 'student', 0, 'active', 0, 0, ${now}, ${now} from seq`.execute(
      db,
    );
    // Per student and day: out at 08:00 (+ up to 50 min), back at 21:00 — one in seven at 23:40 (晚归).
    await sql`insert into dt_mj_gate_event (_version, _created_at, _updated_at, event_id, student_no, student_name,
        unit_id, building_id, gate_id, direction, method, occurred_at)
      with recursive seq(n) as (select 0 union all select n + 1 from seq where n < ${students * days - 1})
      select 1, ${now}, ${now}, n * 2 + k, ${no(`n % ${students}`)}, '学生' || (n % ${students}), 1, 1, 11,
        case k when 0 then 'out' else 'in' end, '刷卡',
        ${start} + (n / ${students}) * ${DAY} + case k
          when 0 then 28800000 + (n % 50) * 60000
          else case when n % 7 = 0 then 85200000 else 75600000 end end
      from seq cross join (select 0 as k union all select 1)`.execute(db);
    // Two canteen meals a day: lunch at 12:00, supper at 17:30 (one in eleven off-peak at 15:00), 4–15 元.
    await sql`insert into dt_ykt_txn (_version, _created_at, _updated_at, txn_id, holder_no, holder_name, unit_id,
        merchant_name, kind, amount, occurred_at)
      with recursive seq(n) as (select 0 union all select n + 1 from seq where n < ${students * days - 1})
      select 1, ${now}, ${now}, n * 2 + k, ${no(`n % ${students}`)}, '学生' || (n % ${students}), 1, '第一食堂',
        'canteen', -(4 + (n % 12)), ${start} + (n / ${students}) * ${DAY} + case k
          when 0 then 43200000 else case when n % 11 = 0 then 54000000 else 63000000 end end
      from seq cross join (select 0 as k union all select 1)`.execute(db);
    const seedSeconds = (performance.now() - t0) / 1000;

    const t1 = performance.now();
    const res = await recomputeAll(app, now);
    const recomputeSeconds = (performance.now() - t1) / 1000;
    const t2 = performance.now();
    await sql`select student_no, count(*) from dt_mj_gate_event group by student_no`.execute(db);
    await sql`select holder_no, count(*), sum(amount) from dt_ykt_txn group by holder_no`.execute(db);
    const bareSeconds = (performance.now() - t2) / 1000;
    return {
      students,
      days,
      gateRows: students * days * 2,
      cardRows: students * days * 2,
      seedSeconds,
      recomputeSeconds,
      bareSeconds,
      warnings: Object.values(res.counts).reduce((a, b) => a + (b ?? 0), 0),
    };
  } finally {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// Run alone: STUDENTS=3000 DAYS=30 npx tsx src/server/bench/early-warning.ts
if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const r = await benchEarlyWarning(Number(process.env.STUDENTS ?? 30_000), Number(process.env.DAYS ?? 120));
  console.log(JSON.stringify({ ...r, ratio: r.recomputeSeconds / r.bareSeconds }));
}
