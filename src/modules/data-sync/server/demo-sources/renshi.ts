import type { GenContext } from './context';
import { round2, rngFor } from './random-helpers';
import type { SourceFile } from './sqlite-file';
import { POSTS, staffProfile } from './staff-profile';

/** Monthly base pay by post (岗位工资), yuan. */
const POST_PAY: Record<string, number> = {
  JS01: 6800,
  JS02: 5200,
  JS03: 4100,
  JS04: 3300,
  SY01: 5000,
  SY02: 4000,
  GL01: 6500,
  GL02: 5300,
  GL03: 4300,
  GL04: 3500,
  FD01: 4000,
  GQ01: 3200,
};
/** The twelve months of payslips up to the current one. */
const MONTHS = Array.from({ length: 12 }, (_, i) => {
  const m = 11 + i; // 2025-12 … 2026-11
  return `${2025 + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`;
});

/** Monthly individual income tax on what is left after social insurance and the 5,000 yuan allowance (simplified monthly rates). */
function incomeTax(taxable: number): number {
  const brackets = [
    [80000, 0.45, 15160],
    [55000, 0.35, 7160],
    [35000, 0.3, 4410],
    [25000, 0.25, 2660],
    [12000, 0.2, 1410],
    [3000, 0.1, 210],
    [0, 0.03, 0],
  ] as const;
  if (taxable <= 0) return 0;
  const [, rate, quick] = brackets.find(([floor]) => taxable > floor)!;
  return round2(taxable * rate - quick);
}

/** 人事薪酬系统: units, posts, staff (ID numbers are sensitive), monthly payslips and their items. */
export function writeRenshi(f: SourceFile, ctx: GenContext): void {
  const rng = rngFor('renshi');
  const { staff, colleges, offices } = ctx.people;
  f.table(
    'org_unit',
    `CREATE TABLE org_unit (unit_id INTEGER PRIMARY KEY, unit_code TEXT NOT NULL, name TEXT NOT NULL, kind TEXT NOT NULL)`,
    ['unit_id', 'unit_code', 'name', 'kind'],
    [...colleges, ...offices].map((u) => [u.id, u.code, u.name, u.kind === 'college' ? '教学单位' : '职能部门']),
  );
  f.table(
    'post',
    `CREATE TABLE post (post_code TEXT PRIMARY KEY, name TEXT NOT NULL, category TEXT NOT NULL, level TEXT NOT NULL)`,
    ['post_code', 'name', 'category', 'level'],
    POSTS.map((p) => [p.code, p.name, p.category, p.level]),
  );
  const profiles = staff.map((s) => ({ person: s, profile: staffProfile(s) }));
  f.table(
    'staff',
    `CREATE TABLE staff (staff_no TEXT PRIMARY KEY, name TEXT NOT NULL, gender TEXT NOT NULL, id_card TEXT NOT NULL,
      birth_date TEXT NOT NULL, unit_id INTEGER NOT NULL, unit_name TEXT NOT NULL, category TEXT NOT NULL,
      post_code TEXT NOT NULL, title TEXT NOT NULL, education TEXT NOT NULL, hire_date TEXT NOT NULL,
      status TEXT NOT NULL, updated_at INTEGER NOT NULL)`,
    [
      'staff_no',
      'name',
      'gender',
      'id_card',
      'birth_date',
      'unit_id',
      'unit_name',
      'category',
      'post_code',
      'title',
      'education',
      'hire_date',
      'status',
      'updated_at',
    ],
    profiles.map(({ person: p, profile: x }) => [
      p.userNo,
      p.name,
      p.gender,
      x.idCard,
      x.birthDate,
      p.unit.id,
      p.unit.name,
      x.category,
      x.postCode,
      x.title,
      x.education,
      x.hireDate,
      '在职',
      ctx.asOf,
    ]),
    'CREATE INDEX staff_unit ON staff (unit_id)',
  );

  const slips: unknown[][] = [];
  const items: unknown[][] = [];
  for (const month of MONTHS) {
    const [y, m] = month.split('-').map(Number) as [number, number];
    const paidAt = Date.parse(`${month}-15T10:00:00+08:00`);
    for (const { person: p, profile: x } of profiles) {
      const years = y - Number(x.hireDate.slice(0, 4));
      const post = POST_PAY[x.postCode]!;
      const scale = 1200 + Math.max(0, years) * 95; // 薪级工资 grows with service
      const merit = round2(post * (0.55 + rng.next() * 0.4) + (m === 1 ? post : 0)); // January carries the year-end bonus
      const allowance = 1800 + (x.category === '辅导员' ? 600 : 0);
      const gross = round2(post + scale + merit + allowance);
      const base = post + scale; // contribution base
      const pension = round2(base * 0.08);
      const medical = round2(base * 0.02 + 3);
      const fund = round2(base * 0.12);
      const tax = incomeTax(gross - pension - medical - fund - 5000);
      const net = round2(gross - pension - medical - fund - tax);
      const id = slips.length + 1;
      slips.push([
        id,
        p.userNo,
        p.name,
        p.unit.id,
        p.unit.name,
        month,
        gross,
        round2(pension + medical + fund + tax),
        net,
        paidAt,
      ]);
      for (const [item, kind, amount] of [
        ['岗位工资', '应发', post],
        ['薪级工资', '应发', scale],
        ['绩效工资', '应发', merit],
        ['津贴补贴', '应发', allowance],
        ['养老保险', '扣款', pension],
        ['医疗保险', '扣款', medical],
        ['住房公积金', '扣款', fund],
        ['个人所得税', '扣款', tax],
      ] as const)
        items.push([items.length + 1, id, p.userNo, month, item, kind, amount]);
    }
  }
  f.table(
    'payslip',
    `CREATE TABLE payslip (payslip_id INTEGER PRIMARY KEY, staff_no TEXT NOT NULL, name TEXT NOT NULL,
      unit_id INTEGER NOT NULL, unit_name TEXT NOT NULL, pay_month TEXT NOT NULL, gross_pay REAL NOT NULL,
      deductions REAL NOT NULL, net_pay REAL NOT NULL, paid_at INTEGER NOT NULL, UNIQUE (staff_no, pay_month))`,
    [
      'payslip_id',
      'staff_no',
      'name',
      'unit_id',
      'unit_name',
      'pay_month',
      'gross_pay',
      'deductions',
      'net_pay',
      'paid_at',
    ],
    slips,
    'CREATE INDEX payslip_paid ON payslip (paid_at)',
  );
  f.table(
    'payslip_item',
    `CREATE TABLE payslip_item (item_id INTEGER PRIMARY KEY, payslip_id INTEGER NOT NULL, staff_no TEXT NOT NULL,
      pay_month TEXT NOT NULL, item TEXT NOT NULL, kind TEXT NOT NULL, amount REAL NOT NULL)`,
    ['item_id', 'payslip_id', 'staff_no', 'pay_month', 'item', 'kind', 'amount'],
    items,
    'CREATE INDEX payslip_item_slip ON payslip_item (payslip_id)',
  );
}
