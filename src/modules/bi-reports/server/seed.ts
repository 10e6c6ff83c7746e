import type { DemoSeed } from '@/server/db/seed/module-seeds';
import { CANTEEN_MONTHLY, STUDENTS_BY_COLLEGE, TEMPLATES } from './templates';
import * as repo from './repository';

/** The roles the demo's published reports are for: every staff member (e.g. `teacher`) and the school's leaders. */
const AUDIENCE_ROLES = ['staff', 'school_leader'];

/**
 * The three templates, and two reports made from them and published to 教职工服务平台's staff and
 * leaders. The data tables fill in the background after the first start; the reports read them
 * when run. The back office's 报表管理 goes under BI's submenu beside 指标管理.
 */
export const demoSeed: DemoSeed = async ({ tx, adminId, now, platformId }) => {
  for (const t of TEMPLATES)
    await repo.insertReport(tx, {
      name: t.name,
      description: t.description,
      tableCode: t.design.table,
      design: JSON.stringify(t.design),
      isTemplate: 1,
      at: now,
      createdBy: adminId,
    });

  const staff = platformId.get('staff');
  const roles = await tx.selectFrom('role').select('id').where('code', 'in', AUDIENCE_ROLES).execute();
  const published = [
    { ...STUDENTS_BY_COLLEGE, name: '各学院学生人数' },
    { ...CANTEEN_MONTHLY, name: '食堂月度消费汇总' },
  ];
  for (const [i, t] of published.entries()) {
    const id = await repo.insertReport(tx, {
      name: t.name,
      description: t.description,
      tableCode: t.design.table,
      design: JSON.stringify(t.design),
      isTemplate: 0,
      at: now + i + 1,
      createdBy: adminId,
    });
    if (staff === undefined || !roles.length) continue;
    await repo.setAudience(
      tx,
      id,
      [staff],
      roles.map((r) => r.id),
    );
    await repo.setStatus(tx, id, 'published', now + i + 1);
  }

  // 报表管理 beside 指标管理 under 插件 → BI (the catalogue makes a module's single entry a top node).
  const parent = await tx
    .selectFrom('menu')
    .select('id')
    .where('scope', '=', 'cms')
    .where('name', '=', 'module:bi')
    .executeTakeFirst();
  if (parent) {
    const last = await tx
      .selectFrom('menu')
      .select((eb) => eb.fn.max('sort').as('s'))
      .where('parentId', '=', parent.id)
      .executeTakeFirst();
    await tx
      .updateTable('menu')
      .set({ parentId: parent.id, sort: Number(last?.s ?? 0) + 1 })
      .where('scope', '=', 'cms')
      .where('name', '=', 'biReportManage')
      .execute();
  }
};
