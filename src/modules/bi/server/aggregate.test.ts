import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@/server/test/helper';
import { AppError } from '@/server/errors';
import { Codes } from '@/shared/errors';
import { createDataTable } from '@/modules/data-tables/server/commands/create-data-table';
import { writeRows } from '@/modules/data-tables/server/commands/write-rows';
import type { DataFieldType } from '@/modules/data-tables/server/commands/get-data-table';
import type { Metric } from '../contract';
import { periodsBack, periodStart, runAggregate } from './aggregate';

/*
 * The aggregate layer on a data table made through data-tables' commands: every aggregation, each
 * grain over a date and a datetime field (China time), filters, the window, the dimension's top
 * values plus 其他, and the refusals (unknown table or column, wrong types, an injection attempt).
 */
let app: TestApp;
const at = (date: string, time: string) => Date.parse(`${date}T${time}:00+08:00`);

function field(name: string, type: DataFieldType) {
  return {
    name,
    label: `${name}标签`,
    type,
    required: false,
    indexed: false,
    visibility: 'all' as const,
    description: '',
    sort: 0,
  };
}

const ROWS = [
  // 00:30 Beijing time on 2 Nov is still 1 Nov in UTC: the day must be 2 Nov.
  {
    txn_id: 1,
    holder_no: 'a',
    kind: '食堂',
    amount: 10,
    paid: true,
    occurred_at: at('2026-11-02', '00:30'),
    day: '2026-11-02',
    note: "x' or '1'='1",
  },
  {
    txn_id: 2,
    holder_no: 'a',
    kind: '食堂',
    amount: 20,
    paid: true,
    occurred_at: at('2026-11-02', '12:00'),
    day: '2026-11-02',
    note: '100%',
  },
  {
    txn_id: 3,
    holder_no: 'b',
    kind: '超市',
    amount: 5.5,
    paid: false,
    occurred_at: at('2026-11-08', '23:59'),
    day: '2026-11-08',
    note: null,
  },
  {
    txn_id: 4,
    holder_no: 'c',
    kind: '浴室',
    amount: 4,
    paid: true,
    occurred_at: at('2026-11-09', '08:00'),
    day: '2026-11-09',
    note: 'ok',
  },
  {
    txn_id: 5,
    holder_no: 'b',
    kind: '食堂',
    amount: 30,
    paid: true,
    occurred_at: at('2026-12-01', '09:00'),
    day: '2026-12-01',
    note: '1000',
  },
  {
    txn_id: 6,
    holder_no: 'd',
    kind: '食堂',
    amount: 1,
    paid: true,
    occurred_at: at('2025-12-31', '23:00'),
    day: '2025-12-31',
    note: 'x',
  },
];

const base: Metric = {
  table: 'bi_test_txn',
  aggregation: 'count',
  measure: null,
  filters: [],
  dimension: null,
  timeField: null,
  grain: null,
  window: null,
};
const run = (m: Partial<Metric>) => runAggregate(app, app.db, { ...base, ...m });
const single = async (m: Partial<Metric>) => (await run(m)).rows[0]?.value;
async function refused(m: Partial<Metric>): Promise<string> {
  try {
    await run(m);
  } catch (e) {
    if (e instanceof AppError) return e.code;
    throw e;
  }
  throw new Error('not refused');
}

beforeAll(async () => {
  app = await buildTestApp();
  const def = await createDataTable(
    app,
    app.db,
    {
      code: 'bi_test_txn',
      name: '测试流水',
      description: '',
      fields: [
        field('txn_id', 'integer'),
        field('holder_no', 'string'),
        field('kind', 'string'),
        field('amount', 'decimal'),
        field('paid', 'boolean'),
        field('occurred_at', 'datetime'),
        field('day', 'date'),
        field('note', 'text'),
      ],
      uniqueKey: ['txn_id'],
      ownerDepartmentId: null,
      scopeField: null,
    },
    null,
  );
  await writeRows(app, app.db, def.id, ROWS, { actorId: null, source: 'import' as never });
  // 60 distinct holders for the dimension cap: holder h00 has 60 rows, h59 one.
  const many = await createDataTable(
    app,
    app.db,
    {
      code: 'bi_test_many',
      name: '多值',
      description: '',
      fields: [field('n', 'integer'), field('holder', 'string')],
      uniqueKey: ['n'],
      ownerDepartmentId: null,
      scopeField: null,
    },
    null,
  );
  const rows: Record<string, unknown>[] = [];
  let n = 0;
  for (let h = 0; h < 60; h++)
    for (let k = 0; k < 60 - h; k++) rows.push({ n: n++, holder: `h${String(h).padStart(2, '0')}` });
  await writeRows(app, app.db, many.id, rows, { actorId: null, source: 'import' as never });
});

afterAll(async () => {
  await app.close();
});

describe('aggregations', () => {
  it('count, count of a field, count distinct, sum, avg, min, max', async () => {
    expect(await single({})).toBe(6);
    expect(await single({ measure: 'note' })).toBe(5);
    expect(await single({ aggregation: 'countDistinct', measure: 'holder_no' })).toBe(4);
    expect(await single({ aggregation: 'sum', measure: 'amount' })).toBe(70.5);
    expect(await single({ aggregation: 'avg', measure: 'amount' })).toBe(11.75);
    expect(await single({ aggregation: 'min', measure: 'amount' })).toBe(1);
    expect(await single({ aggregation: 'max', measure: 'txn_id' })).toBe(6);
  });

  it('sum of no rows is empty, count of no rows is 0', async () => {
    const none = [{ field: 'kind', op: 'eq' as const, value: '不存在' }];
    expect(await single({ filters: none })).toBe(0);
    expect(await single({ aggregation: 'sum', measure: 'amount', filters: none })).toBeNull();
  });
});

describe('grains', () => {
  it('day over a datetime field is the China-time day', async () => {
    const r = await run({ timeField: 'occurred_at', grain: 'day' });
    expect(r.rows).toEqual([
      { period: '2025-12-31', dim: null, value: 1 },
      { period: '2026-11-02', dim: null, value: 2 },
      { period: '2026-11-08', dim: null, value: 1 },
      { period: '2026-11-09', dim: null, value: 1 },
      { period: '2026-12-01', dim: null, value: 1 },
    ]);
  });

  it('week (its Monday), month and year over a datetime and a date field', async () => {
    for (const timeField of ['occurred_at', 'day']) {
      const week = await run({ timeField, grain: 'week', aggregation: 'sum', measure: 'amount' });
      // 2 Nov 2026 is a Monday; Sunday 8 Nov is in its week, Monday 9 Nov starts the next.
      expect(week.rows.map((x) => [x.period, x.value])).toEqual([
        ['2025-12-29', 1],
        ['2026-11-02', 35.5],
        ['2026-11-09', 4],
        ['2026-11-30', 30],
      ]);
      const month = await run({ timeField, grain: 'month' });
      expect(month.rows.map((x) => [x.period, x.value])).toEqual([
        ['2025-12', 1],
        ['2026-11', 4],
        ['2026-12', 1],
      ]);
      const year = await run({ timeField, grain: 'year' });
      expect(year.rows.map((x) => [x.period, x.value])).toEqual([
        ['2025', 1],
        ['2026', 5],
      ]);
    }
  });

  it('period helpers agree with the SQL buckets', () => {
    expect(periodStart('2026-11-08', 'week')).toBe('2026-11-02');
    expect(periodStart('2026-11-09', 'week')).toBe('2026-11-09');
    expect(periodsBack('2026-12-01', 'month', 2)).toBe('2026-10-01');
    expect(periodsBack('2026-11-09', 'week', 1)).toBe('2026-11-02');
    expect(periodsBack('2026-01-15', 'year', 1)).toBe('2025-01-01');
  });
});

describe('windows', () => {
  it('a date range, inclusive, on a datetime field', async () => {
    expect(await single({ timeField: 'occurred_at', window: { from: '2026-11-02', to: '2026-11-08' } })).toBe(3);
    expect(await single({ timeField: 'day', window: { from: '2026-11-09' } })).toBe(2);
  });

  it('the last N periods end at the newest row', async () => {
    const r = await run({ timeField: 'occurred_at', grain: 'month', window: { lastPeriods: 2 } });
    expect(r.rows.map((x) => x.period)).toEqual(['2026-11', '2026-12']);
  });
});

describe('filters', () => {
  it('each operator', async () => {
    const f = (field: string, op: Metric['filters'][number]['op'], value?: unknown) =>
      single({ filters: [{ field, op, ...(value === undefined ? {} : { value: value as string }) }] });
    expect(await f('kind', 'eq', '食堂')).toBe(4);
    expect(await f('kind', 'ne', '食堂')).toBe(2);
    expect(await f('amount', 'gt', 10)).toBe(2);
    expect(await f('amount', 'gte', 10)).toBe(3);
    expect(await f('amount', 'lt', '5')).toBe(2);
    expect(await f('amount', 'lte', 5.5)).toBe(3);
    expect(await f('kind', 'in', ['超市', '浴室'])).toBe(2);
    expect(await f('holder_no', 'contains', 'b')).toBe(2);
    expect(await f('note', 'isNull')).toBe(1);
    expect(await f('note', 'notNull')).toBe(5);
    expect(await f('paid', 'eq', false)).toBe(1);
    expect(await f('occurred_at', 'gte', '2026-11-09')).toBe(2);
    expect(await f('day', 'lt', '2026-11-08')).toBe(3);
  });

  it('an injection attempt stays a value, and LIKE wildcards are literal', async () => {
    expect(await single({ filters: [{ field: 'kind', op: 'eq', value: "食堂' or '1'='1" }] })).toBe(0);
    expect(await single({ filters: [{ field: 'note', op: 'eq', value: "x' or '1'='1" }] })).toBe(1);
    expect(await single({ filters: [{ field: 'note', op: 'contains', value: '%' }] })).toBe(1);
    expect(await single({ filters: [{ field: 'note', op: 'contains', value: '_' }] })).toBe(0);
    // The table is still whole.
    expect(await single({})).toBe(6);
  });
});

describe('dimension', () => {
  it('groups by a field, biggest first', async () => {
    const r = await run({ dimension: 'kind', aggregation: 'sum', measure: 'amount' });
    expect(r.rows).toEqual([
      { period: null, dim: '食堂', value: 61 },
      { period: null, dim: '超市', value: 5.5 },
      { period: null, dim: '浴室', value: 4 },
    ]);
  });

  it('keeps the top 50 values and folds the rest into 其他', async () => {
    const r = await run({ table: 'bi_test_many', dimension: 'holder' });
    expect(r.rows).toHaveLength(51);
    expect(r.rows[0]).toEqual({ period: null, dim: 'h00', value: 60 });
    // h50…h59: 10 + 9 + … + 1 rows.
    expect(r.rows.find((x) => x.dim === '其他')?.value).toBe(55);
  });

  it('with a grain: per period and value', async () => {
    const r = await run({ dimension: 'kind', timeField: 'day', grain: 'month' });
    expect(r.rows.filter((x) => x.period === '2026-11')).toEqual([
      { period: '2026-11', dim: '食堂', value: 2 },
      { period: '2026-11', dim: '浴室', value: 1 },
      { period: '2026-11', dim: '超市', value: 1 },
    ]);
  });
});

describe('refusals', () => {
  it('answers coded errors', async () => {
    expect(await refused({ table: 'no_such_table' })).toBe(Codes.biUnknownTable);
    expect(await refused({ filters: [{ field: 'password', op: 'eq', value: 'x' }] })).toBe(Codes.biUnknownField);
    expect(await refused({ dimension: '_id' })).toBe(Codes.biUnknownField);
    expect(await refused({ aggregation: 'sum', measure: 'kind' })).toBe(Codes.biBadMeasure);
    expect(await refused({ aggregation: 'avg', measure: null })).toBe(Codes.biBadMeasure);
    expect(await refused({ aggregation: 'countDistinct', measure: null })).toBe(Codes.biBadMeasure);
    expect(await refused({ filters: [{ field: 'paid', op: 'gt', value: true }] })).toBe(Codes.biBadFilter);
    expect(await refused({ filters: [{ field: 'amount', op: 'eq', value: 'abc' }] })).toBe(Codes.biBadFilter);
    expect(await refused({ filters: [{ field: 'amount', op: 'contains', value: '1' }] })).toBe(Codes.biBadFilter);
    expect(await refused({ filters: [{ field: 'kind', op: 'in', value: [] }] })).toBe(Codes.biBadFilter);
    expect(await refused({ grain: 'day' })).toBe(Codes.biBadTime);
    expect(await refused({ timeField: 'kind', grain: 'day' })).toBe(Codes.biBadTime);
    expect(await refused({ timeField: 'day', window: { from: '2026-12-01', to: '2026-11-01' } })).toBe(Codes.biBadTime);
  });
});
