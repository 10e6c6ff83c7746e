import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { openDb } from '../db/dialect';
import { migrateToLatest } from '../db/migrate';
import { createDataTable } from '@/modules/data-tables/server/commands/create-data-table';
import type { DataTableField } from '@/modules/data-tables/contract';
import { home } from '@/modules/user-center/server/personal';
import type { Me } from '@/modules/user-center/server/repository';

/**
 * 个人中心's home data for one user (issue 19): the one aggregate call behind myHomepage (today's
 * classes by enrolment, card balance, loan counts, latest favourites and visits) through the same
 * service as GET /user/api/v1.userCenter/home/, on data tables holding `users` card holders and
 * `txns` card transactions (SQLite). Baseline: the bare indexed lookup of the person's card row.
 */
export interface MyHomepageResult {
  users: number;
  txns: number;
  seedSeconds: number;
  homeMedianMs: number;
  homeP95Ms: number;
  bareMedianMs: number;
}

const field = (name: string, type: DataTableField['type'], indexed = false, sort = 0): DataTableField => ({
  name,
  label: name,
  type,
  required: false,
  indexed,
  visibility: 'all',
  description: '',
  sort,
});

export async function benchMyHomepage(users = 30_000, txns = 1_000_000, samples = 200): Promise<MyHomepageResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uc-bench-'));
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
    await make('ykt_card', [
      field('card_no', 'string'),
      field('holder_no', 'string', true),
      field('status', 'string'),
      field('balance', 'decimal'),
    ]);
    await make('ykt_txn', [
      field('holder_no', 'string', true),
      field('amount', 'decimal'),
      field('merchant_name', 'string'),
      field('kind', 'string'),
      field('occurred_at', 'datetime', true),
    ]);
    await make('jw_enrolment', [
      field('term_code', 'string'),
      field('section_id', 'string'),
      field('student_no', 'string', true),
    ]);
    await make('jw_timetable', [
      field('id', 'integer'),
      field('term_code', 'string', true),
      field('section_id', 'string', true),
      field('teacher_no', 'string', true),
      field('course_name', 'string'),
      field('week_start', 'integer'),
      field('week_end', 'integer'),
      field('weekday', 'integer'),
      field('period_start', 'integer'),
      field('period_end', 'integer'),
      field('room', 'string'),
    ]);
    await make('tsg_loan', [
      field('loan_id', 'integer'),
      field('reader_no', 'string', true),
      field('status', 'string', true),
      field('due_date', 'date'),
    ]);
    const t0 = performance.now();
    const now = Date.now();
    const no = (n: string) => sql.raw(`'S' || substr('000000' || (${n}), -6)`);
    // Generated in SQL: the bench measures reading, not the data-tables writer.
    await sql`insert into dt_ykt_card (_version, _created_at, _updated_at, card_no, holder_no, status, balance)
      with recursive seq(n) as (select 1 union all select n + 1 from seq where n < ${users})
      select 1, ${now}, ${now}, 'C' || n, ${no('n')}, '正常', (n % 30000) / 100.0 from seq`.execute(db);
    await sql`insert into dt_ykt_txn (_version, _created_at, _updated_at, holder_no, amount, merchant_name, kind, occurred_at)
      with recursive seq(n) as (select 1 union all select n + 1 from seq where n < ${txns})
      select 1, ${now}, ${now}, ${no(`n % ${users}`)}, -((n % 2000) / 100.0), '第一食堂', 'canteen', ${now} - n * 1000 from seq`.execute(
      db,
    );
    await sql`insert into dt_jw_enrolment (_version, _created_at, _updated_at, term_code, section_id, student_no)
      with recursive seq(n) as (select 1 union all select n + 1 from seq where n < ${users * 8})
      select 1, ${now}, ${now}, '2026-2027-1', 'SEC' || (n % 2000), ${no(`n % ${users}`)} from seq`.execute(db);
    await sql`insert into dt_jw_timetable (_version, _created_at, _updated_at, id, term_code, section_id, teacher_no, course_name, week_start, week_end, weekday, period_start, period_end, room)
      with recursive seq(n) as (select 0 union all select n + 1 from seq where n < 1999)
      select 1, ${now}, ${now}, n, '2026-2027-1', 'SEC' || n, 'T' || (n % 500), '课程' || n, 1, 16, (n % 5) + 1, ((n % 4) * 2) + 1, ((n % 4) * 2) + 2, '教' || n from seq`.execute(
      db,
    );
    await sql`insert into dt_tsg_loan (_version, _created_at, _updated_at, loan_id, reader_no, status, due_date)
      with recursive seq(n) as (select 1 union all select n + 1 from seq where n < ${users * 3})
      select 1, ${now}, ${now}, n, ${no(`n % ${users}`)}, case when n % 3 = 0 then '已归还' else '在借' end, '2026-12-01' from seq`.execute(
      db,
    );
    const seedSeconds = (performance.now() - t0) / 1000;

    const me = (i: number): Me => ({
      id: 1,
      username: 'bench',
      realName: '测试',
      userNo: `S${String((i % users) + 1).padStart(6, '0')}`,
      kind: 'student',
      departmentId: null,
      department: null,
      phone: null,
      email: null,
      gender: null,
      avatar: null,
    });
    const time = async (fn: (i: number) => Promise<unknown>) => {
      for (let i = 0; i < 20; i += 1) await fn(i * 7919);
      const times: number[] = [];
      for (let i = 0; i < samples; i += 1) {
        const s = performance.now();
        await fn(i * 104_729);
        times.push(performance.now() - s);
      }
      return times.sort((a, b) => a - b);
    };
    const homes = await time(async (i) => {
      const h = await home(app, me(i));
      if (!h.card) throw new Error('no card for the bench user');
    });
    const bare = await time((i) => sql`select balance from dt_ykt_card where holder_no = ${me(i).userNo}`.execute(db));
    return {
      users,
      txns,
      seedSeconds,
      homeMedianMs: homes[Math.floor(homes.length / 2)]!,
      homeP95Ms: homes[Math.floor(homes.length * 0.95)]!,
      bareMedianMs: bare[Math.floor(bare.length / 2)]!,
    };
  } finally {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// Run alone: npx tsx src/server/bench/my-homepage.ts
if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const r = await benchMyHomepage(Number(process.env.USERS ?? 30_000), Number(process.env.N ?? 1_000_000));
  console.log(JSON.stringify({ ...r, ratio: r.homeMedianMs / r.bareMedianMs }));
}
