import type { Tx } from '@/server/db/seed/batch';
import type { Metric } from '../contract';
import type { Widget, WidgetType } from '../dashboard-contract';
import * as repo from './dashboard-repository';

/**
 * The demo's dashboards over the synced card transactions (`ykt_txn`: amount < 0 is spending) and
 * library loans: 一卡通消费概览 (published to the staff platform's 教职工 role) with a drill target
 * 商户消费明细, and a draft. They draw as soon as the first syncs have filled the tables.
 */

const metric = (m: Partial<Metric>): Metric => ({
  table: 'ykt_txn',
  aggregation: 'count',
  measure: null,
  filters: [{ field: 'amount', op: 'lt', value: 0 }],
  dimension: null,
  timeField: 'occurred_at',
  grain: null,
  window: { lastPeriods: 30 },
  ...m,
});

let n = 0;
const widget = (
  type: WidgetType,
  title: string,
  pos: [x: number, y: number, w: number, h: number],
  m: Metric,
  more: Partial<Widget> = {},
): Widget => ({
  id: `w${++n}`,
  type,
  title,
  x: pos[0],
  y: pos[1],
  w: pos[2],
  h: pos[3],
  metric: m,
  options: {},
  drillDashboardId: null,
  ...more,
});

function drillWidgets(): Widget[] {
  n = 0;
  return [
    widget('kpi', '近30天消费笔数', [0, 0, 4, 2], metric({}), { options: { unit: '笔' } }),
    widget('kpi', '近30天消费人数', [4, 0, 4, 2], metric({ aggregation: 'countDistinct', measure: 'holder_no' }), {
      options: { unit: '人' },
    }),
    widget('kpi', '近30天平均单笔金额', [8, 0, 4, 2], metric({ aggregation: 'avg', measure: 'amount' }), {
      options: { unit: '元' },
    }),
    widget('line', '每日消费笔数', [0, 2, 8, 5], metric({ grain: 'day' }), { options: { unit: '笔' } }),
    widget('funnel', '消费类别', [8, 2, 4, 5], metric({ dimension: 'kind' })),
    widget(
      'scatter',
      '每周消费金额（元，负数为支出）',
      [0, 7, 12, 4],
      metric({ aggregation: 'sum', measure: 'amount', grain: 'week', window: { lastPeriods: 12 } }),
    ),
  ];
}

function overviewWidgets(drillId: number): Widget[] {
  n = 0;
  return [
    widget('kpi', '近30天消费笔数', [0, 0, 3, 2], metric({}), { options: { unit: '笔' } }),
    widget('kpi', '近30天消费人数', [3, 0, 3, 2], metric({ aggregation: 'countDistinct', measure: 'holder_no' }), {
      options: { unit: '人' },
    }),
    widget('gauge', '最近一天消费笔数', [6, 0, 3, 4], metric({ window: { lastPeriods: 1 } }), {
      options: { unit: '笔', max: 12000 },
    }),
    widget('filter', '按类别筛选', [9, 0, 3, 2], metric({ dimension: 'kind' })),
    widget('line', '每日消费笔数', [0, 2, 6, 5], metric({ grain: 'day' }), { options: { unit: '笔' } }),
    widget('bar', '各商户消费笔数', [6, 4, 6, 5], metric({ dimension: 'merchant_name' }), {
      options: { unit: '笔', limit: 15 },
      drillDashboardId: drillId,
    }),
    widget('pie', '消费类别占比', [0, 7, 4, 5], metric({ dimension: 'kind' })),
    widget(
      'table',
      '各商户平均单笔金额（元）',
      [4, 9, 4, 5],
      metric({ aggregation: 'avg', measure: 'amount', dimension: 'merchant_name' }),
      {
        options: { unit: '元', limit: 20 },
      },
    ),
    widget('bar', '每周消费笔数', [8, 9, 4, 5], metric({ grain: 'week', window: { lastPeriods: 8 } }), {
      options: { unit: '笔' },
    }),
  ];
}

function loanWidgets(): Widget[] {
  n = 0;
  const loan = (m: Partial<Metric>): Metric =>
    metric({ table: 'tsg_loan', filters: [], timeField: null, window: null, ...m });
  return [
    widget('kpi', '借阅记录', [0, 0, 4, 2], loan({}), { options: { unit: '条' } }),
    widget('pie', '借阅状态', [4, 0, 8, 5], loan({ dimension: 'status' })),
  ];
}

async function add(
  tx: Tx,
  d: { name: string; description: string; theme: 'light' | 'dark'; widgets: Widget[] },
  publish: { platformIds: number[]; roleCodes: string[]; adminId: number } | null,
  now: number,
): Promise<number> {
  const widgets = JSON.stringify(d.widgets);
  const id = await repo.insertDashboard(tx, { ...d, widgets, createdBy: null, at: now });
  if (publish) {
    await repo.insertVersion(tx, {
      dashboardId: id,
      version: 1,
      name: d.name,
      description: d.description,
      theme: d.theme,
      widgets,
      publishedBy: publish.adminId,
      publishedName: '系统管理员',
      at: now,
    });
    await repo.setAudience(tx, id, publish.platformIds, publish.roleCodes);
    await repo.markPublished(tx, id, 1, false, now);
  }
  return id;
}

export async function seedDashboards(tx: Tx, adminId: number, staffPlatform: number | undefined, now: number) {
  const audience = { platformIds: staffPlatform === undefined ? [] : [staffPlatform], roleCodes: ['staff'], adminId };
  const drill = await add(
    tx,
    {
      name: '商户消费明细',
      description: '一卡通消费的下钻页：从「一卡通消费概览」点击商户后打开，显示该商户近30天的消费。',
      theme: 'light',
      widgets: drillWidgets(),
    },
    audience,
    now,
  );
  await add(
    tx,
    {
      name: '一卡通消费概览',
      description:
        '校园卡近30天的消费笔数、人数、商户与类别分布。点击柱形、扇区或表格行筛选其他图表；选中商户后可下钻到商户消费明细。',
      theme: 'light',
      widgets: overviewWidgets(drill),
    },
    audience,
    now + 1,
  );
  await add(
    tx,
    {
      name: '图书借阅概览',
      description: '借阅记录与状态分布（草稿，尚未发布）。',
      theme: 'dark',
      widgets: loanWidgets(),
    },
    null,
    now + 2,
  );
}
