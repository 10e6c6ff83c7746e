import type { DemoSeed } from '@/server/db/seed/module-seeds';
import { grantPagesToRoles } from '@/server/db/seed/role-pages';
import type { Metric, Threshold } from '../contract';
import { seedDashboards } from './dashboard-seed';
import * as repo from './repository';

/** The role that reaches 指标预警 (web and phone): indicator owners; administrators give it to new ones. */
export const OWNER_ROLE = 'bi_indicator_owner';

interface DemoIndicator {
  name: string;
  code: string;
  description: string;
  metric: Metric;
  unit: string;
  owners: string[];
  thresholds: Threshold[];
}

const metric = (m: Partial<Metric> & Pick<Metric, 'table'>): Metric => ({
  aggregation: 'count',
  measure: null,
  filters: [],
  dimension: null,
  timeField: null,
  grain: null,
  window: null,
  ...m,
});

const LI_GANGYI = '19910267'; // 后勤保障处: campus card and dorm access
const CAO_XINGGUO = '19920243'; // 教务处: attendance
const FU_RUOXIAO = '19920300'; // 图书馆: loans

/**
 * Indicators over the demo's synced data tables. The tables fill in the background after the first
 * start; the after-sync job evaluates the indicators once they hold rows, so a fresh demo shows values
 * with history and the breaches' open warnings (the demo's last weeks: absences above 150 a week for 教务处, the Sunday canteen count below 5,000 for 后勤保障处).
 */
export const DEMO_INDICATORS: DemoIndicator[] = [
  {
    name: '每周课堂缺勤人次',
    code: 'jw_absence_weekly',
    description: '课堂考勤异常中“缺勤”的人次，按上课日期每周统计；超过上限说明旷课增多，需要教务处关注。',
    metric: metric({
      table: 'jw_attendance',
      filters: [{ field: 'status', op: 'eq', value: '缺勤' }],
      timeField: 'class_date',
      grain: 'week',
      window: { lastPeriods: 12 },
    }),
    unit: '人次',
    owners: [CAO_XINGGUO],
    thresholds: [
      { bound: 'upper', value: 150, level: 'warning' },
      { bound: 'upper', value: 300, level: 'critical' },
    ],
  },
  {
    name: '每周课堂迟到人次',
    code: 'jw_late_weekly',
    description: '课堂考勤异常中“迟到”的人次，按上课日期每周统计。',
    metric: metric({
      table: 'jw_attendance',
      filters: [{ field: 'status', op: 'eq', value: '迟到' }],
      timeField: 'class_date',
      grain: 'week',
      window: { lastPeriods: 12 },
    }),
    unit: '人次',
    owners: [CAO_XINGGUO],
    thresholds: [{ bound: 'upper', value: 160, level: 'warning' }],
  },
  {
    name: '食堂日消费笔数',
    code: 'ykt_canteen_daily',
    description: '校园卡在食堂的消费笔数，按交易时间每天统计；低于下限可能是刷卡机或同步出了问题。',
    metric: metric({
      table: 'ykt_txn',
      filters: [{ field: 'kind', op: 'eq', value: 'canteen' }],
      timeField: 'occurred_at',
      grain: 'day',
      window: { lastPeriods: 30 },
    }),
    unit: '笔',
    owners: [LI_GANGYI],
    thresholds: [
      { bound: 'lower', value: 5000, level: 'warning' },
      { bound: 'upper', value: 9000, level: 'info' },
    ],
  },
  {
    name: '每周宿舍门禁通行人次',
    code: 'mj_gate_weekly',
    description: '宿舍楼门禁的进出记录数，按通行时间每周统计。',
    metric: metric({ table: 'mj_gate_event', timeField: 'occurred_at', grain: 'week', window: { lastPeriods: 12 } }),
    unit: '人次',
    owners: [LI_GANGYI],
    thresholds: [
      { bound: 'lower', value: 20000, level: 'warning' },
      { bound: 'upper', value: 80000, level: 'info' },
    ],
  },
  {
    name: '逾期未还图书',
    code: 'tsg_overdue_books',
    description: '借阅记录中状态为“逾期未还”的册数（每天取一次当前值）。',
    metric: metric({ table: 'tsg_loan', filters: [{ field: 'status', op: 'eq', value: '逾期未还' }] }),
    unit: '册',
    owners: [FU_RUOXIAO],
    thresholds: [{ bound: 'upper', value: 200, level: 'warning' }],
  },
];

export const demoSeed: DemoSeed = async ({ tx, adminId, now, platformId }) => {
  const nos = [...new Set(DEMO_INDICATORS.flatMap((d) => d.owners))];
  const people = await tx.selectFrom('appUser').select(['id', 'userNo']).where('userNo', 'in', nos).execute();
  const idOf = new Map(people.map((p) => [p.userNo, p.id]));

  const group = await tx.selectFrom('role').select('groupId').where('code', '=', 'staff').executeTakeFirst();
  const role = await tx
    .insertInto('role')
    .values({ groupId: group?.groupId ?? null, code: OWNER_ROLE, name: '指标负责人', sort: 92 })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (people.length)
    await tx
      .insertInto('userRole')
      .values(people.map((p) => ({ userId: p.id, roleId: role.id })))
      .execute();
  const staff = platformId.get('staff');
  if (staff !== undefined) await tx.insertInto('platformRole').values({ platformId: staff, roleId: role.id }).execute();
  await grantPagesToRoles(tx, ['indicatorWarningDetails'], [role.id]);
  // The BI submenu holds 仪表板 for every role of the staff platform besides the owners' 指标预警.
  const staffRoles =
    staff === undefined
      ? []
      : await tx.selectFrom('platformRole').select('roleId').where('platformId', '=', staff).execute();
  await grantPagesToRoles(tx, ['module:bi'], [...new Set([role.id, ...staffRoles.map((r) => r.roleId)])]);
  await seedDashboards(tx, adminId, staff, now);

  for (const d of DEMO_INDICATORS) {
    const owners = d.owners.flatMap((no) => (idOf.has(no) ? [idOf.get(no)!] : []));
    if (!owners.length) continue;
    const id = await repo.insertIndicator(tx, {
      name: d.name,
      code: d.code,
      description: d.description,
      metric: JSON.stringify(d.metric),
      tableCode: d.metric.table,
      unit: d.unit,
      thresholds: JSON.stringify(d.thresholds),
      createdBy: adminId,
      at: now,
    });
    await repo.setOwners(tx, id, owners);
  }
};
