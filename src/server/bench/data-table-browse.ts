import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { openDb } from '../db/dialect';
import { migrateToLatest } from '../db/migrate';
import type { AuthContext } from '../identity/sessions';
import { createDataTable } from '@/modules/data-tables/server/commands/create-data-table';
import { browse } from '@/modules/data-tables/server/service';

/**
 * The department data centre's browse at scale (issue 16): page 1 of a data table of `total` rows,
 * through the same service call as GET /data/api/v1.dataRows/list/ (rows + count), in id order and
 * sorted by an indexed column. The total of an unfiltered table is the row count every write keeps
 * in data_table (no counting); the page itself is an indexed LIMIT. A filtered page counts at most
 * 10,000 matches (then shows "10,000+"), not measured here.
 */
export interface DataTableBrowseResult {
  total: number;
  seedSeconds: number;
  medianMs: number;
  p95Ms: number;
  sortedMedianMs: number;
}

export async function benchDataTableBrowse(total: number, samples = 200): Promise<DataTableBrowseResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dt-bench-'));
  const { db } = openDb({ databaseUrl: null, sqliteFile: path.join(dir, 'bench.db') });
  try {
    await migrateToLatest(db);
    const def = await createDataTable(
      { db } as unknown as FastifyInstance,
      db,
      {
        code: 'bench_cards',
        name: '一卡通流水',
        description: '',
        fields: [
          {
            name: 'stu_no',
            label: '学号',
            type: 'string',
            required: true,
            indexed: true,
            visibility: 'all',
            description: '',
            sort: 0,
          },
          {
            name: 'amount',
            label: '金额',
            type: 'decimal',
            required: false,
            indexed: false,
            visibility: 'all',
            description: '',
            sort: 1,
          },
          {
            name: 'place',
            label: '地点',
            type: 'string',
            required: false,
            indexed: false,
            visibility: 'all',
            description: '',
            sort: 2,
          },
          {
            name: 'paid_at',
            label: '时间',
            type: 'datetime',
            required: false,
            indexed: true,
            visibility: 'all',
            description: '',
            sort: 3,
          },
        ],
        uniqueKey: [],
        ownerDepartmentId: null,
        scopeField: null,
      },
      null,
    );
    const t0 = performance.now();
    const now = Date.now();
    // Generated in SQL: the bench measures reading, not our writer.
    await sql`insert into dt_bench_cards (_version, _created_at, _updated_at, stu_no, amount, place, paid_at)
      with recursive seq(n) as (select 1 union all select n + 1 from seq where n < ${total})
      select 1, ${now}, ${now}, '2026' || substr('000000' || (n % 20000), -6), (n % 5000) / 100.0, '第' || (n % 7) || '食堂', ${now} - n * 1000 from seq`.execute(
      db,
    );
    // Written around the data-tables writer, so its kept row count is set here as the writer would.
    await sql`update data_table set row_count = ${total} where id = ${def.id}`.execute(db);
    const seedSeconds = (performance.now() - t0) / 1000;
    const app = { db } as unknown as FastifyInstance;
    const auth = { userId: 1, isAdmin: true } as AuthContext;
    const time = async (q: Parameters<typeof browse>[2]) => {
      for (let i = 0; i < 20; i += 1) await browse(app, auth, q);
      const times: number[] = [];
      for (let i = 0; i < samples; i += 1) {
        const s = performance.now();
        const page = await browse(app, auth, q);
        times.push(performance.now() - s);
        if (page.list.length !== 20) throw new Error(`unexpected page: ${page.list.length} rows`);
      }
      return times.sort((a, b) => a - b);
    };
    const plain = await time({ id: def.id, page: 1, pageSize: 20 });
    const sorted = await time({ id: def.id, page: 1, pageSize: 20, sortField: 'paid_at', sortOrder: 'desc' });
    return {
      total,
      seedSeconds,
      medianMs: plain[Math.floor(plain.length / 2)]!,
      p95Ms: plain[Math.floor(plain.length * 0.95)]!,
      sortedMedianMs: sorted[Math.floor(sorted.length / 2)]!,
    };
  } finally {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// Run alone: npx tsx src/server/bench/data-table-browse.ts
if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const small = await benchDataTableBrowse(1000);
  const large = await benchDataTableBrowse(Number(process.env.N ?? 1_000_000));
  console.log(
    JSON.stringify({
      small,
      large,
      ratio: large.medianMs / small.medianMs,
      sortedRatio: large.sortedMedianMs / small.sortedMedianMs,
    }),
  );
}
