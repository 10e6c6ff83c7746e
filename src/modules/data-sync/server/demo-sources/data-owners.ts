import type { Db } from '@/server/db/dialect';
import { OFFICES } from '@/server/db/seed/university';

/** The offices that own the demo's data tables (university.ts codes). */
export const DATA_OFFICES = ['B02', 'B05', 'B04', 'B08', 'B07', 'B03'] as const;

/**
 * Who that is in the full demo (the README's demo table names them; data-owners.test.ts checks
 * the seed still makes them): 工号 and name per office.
 */
export const DEMO_DATA_OWNERS: Record<(typeof DATA_OFFICES)[number], { userNo: string; realName: string }> = {
  B02: { userNo: '19920243', realName: '曹星国' },
  B05: { userNo: '19900275', realName: '王铭鹏' },
  B04: { userNo: '19910267', realName: '李刚一' },
  B08: { userNo: '19920300', realName: '付若晓' },
  B07: { userNo: '19910291', realName: '王颖' },
  B03: { userNo: '19880321', realName: '沈数清' },
};

export interface DataOwner {
  departmentId: number;
  departmentName: string;
  /** The office's data owner account: its first staff member by 工号 (README's demo table). */
  userId: number | null;
  userNo: string | null;
  realName: string | null;
}

/**
 * Each data office and its data owner: the staff member with the lowest 工号 in the office. The
 * seed is deterministic, so this is the same person on every demo install (README names them).
 */
export async function dataOwners(db: Db): Promise<Map<string, DataOwner>> {
  const codes = OFFICES.filter((o) => (DATA_OFFICES as readonly string[]).includes(o.code)).map((o) => o.code);
  const depts = await db.selectFrom('department').select(['id', 'code', 'name']).where('code', 'in', codes).execute();
  const out = new Map<string, DataOwner>();
  for (const d of depts) {
    const u = await db
      .selectFrom('appUser')
      .select(['id', 'userNo', 'realName'])
      .where('departmentId', '=', d.id)
      .where('kind', '=', 'staff')
      .where('status', '=', 'active')
      .orderBy('userNo')
      .limit(1)
      .executeTakeFirst();
    out.set(d.code, {
      departmentId: d.id,
      departmentName: d.name,
      userId: u?.id ?? null,
      userNo: u?.userNo ?? null,
      realName: u?.realName ?? null,
    });
  }
  return out;
}
