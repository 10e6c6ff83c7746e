import type { FastifyInstance } from 'fastify';
import { DEMO_ACCOUNTS, DEMO_GENERATED_PASSWORD, seedDemo, seedFirstAdmin } from '.';

const ROLE_LABEL: Record<string, string> = {
  admin: '管理员 administrator (/loginAdmin, back office)',
  staff: '教职工 staff (two platforms)',
  student: '学生 student (one platform)',
};

/** The demo accounts as a plain-text table for the console. */
export function demoAccountsTable(): string {
  const rows = [
    ['username', 'password', 'role'],
    ...DEMO_ACCOUNTS.map((a) => [a.username, a.password, ROLE_LABEL[a.kind] ?? a.kind]),
    ['<student/staff no.>', DEMO_GENERATED_PASSWORD, 'any generated student or staff, e.g. 20230100001'],
  ];
  const widths = [0, 1].map((c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map((r) => `  ${r[0]!.padEnd(widths[0]!)}  ${r[1]!.padEnd(widths[1]!)}  ${r[2]}`).join('\n');
}

/**
 * First start on an empty database. Demo mode: seed the demo university and print its
 * accounts. Otherwise: create one administrator with a random password, printed once.
 * Later starts find users and do nothing.
 */
export async function firstStart(app: FastifyInstance, out: (line: string) => void = console.log): Promise<void> {
  if (await app.db.selectFrom('appUser').select('id').limit(1).executeTakeFirst()) return;
  if (app.config.demo) {
    const t = Date.now();
    await seedDemo(app.db, { size: 'full', catalog: app.modules });
    out(`Demo data seeded in ${Date.now() - t} ms (华夏理工大学, DEMO=1). Demo accounts:\n${demoAccountsTable()}`);
    return;
  }
  const password = await seedFirstAdmin(app.db);
  if (password) {
    out(
      [
        'No users yet: created the first administrator. This password is shown only once:',
        `  username: admin   password: ${password}`,
        'Sign in at /loginAdmin; you will be asked to change it.',
      ].join('\n'),
    );
  }
}
