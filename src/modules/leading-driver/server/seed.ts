import type { DemoSeed } from '@/server/db/seed/module-seeds';
import { grantPagesToRoles } from '@/server/db/seed/role-pages';

/**
 * 领导驾驶舱's demo part: its two menu entries (and their submenu) go to 校领导 only — the role and
 * the account `leader` are efficiency-supervise's (seeded before this one). The figures are the
 * demo data tables' own, filled by the first syncs; the aggregates follow within five minutes.
 */
export const demoSeed: DemoSeed = async ({ tx }) => {
  const role = await tx.selectFrom('role').select('id').where('code', '=', 'school_leader').executeTakeFirst();
  if (!role) return;
  await grantPagesToRoles(tx, ['leadingDriverIndex', 'teachingOverview', 'module:leading-driver'], [role.id]);
};
