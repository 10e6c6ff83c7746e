import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@/server/errors';
import { checkUserPassword } from '@/modules/auth/server/commands/check-password';
import { Codes } from '@/shared/errors';
import { SALARY_UNLOCK_MS, type Payslip, type SalaryStatus } from '../contract';
import { msOrNull, num, personRows, str } from './campus-data';
import * as repo from './repository';

/**
 * 我的工资: the months are listed freely, amounts only within five minutes of the password
 * re-entered in this session (kept server-side per session token, so another tab or device
 * must verify itself).
 */
export async function salaryStatus(app: FastifyInstance, req: FastifyRequest, m: repo.Me): Promise<SalaryStatus> {
  const r = await personRows(app, app.db, 'salary', m.userNo, {
    orderBy: { field: 'pay_month', desc: true },
    pageSize: 36,
  });
  return {
    months: r.list.map((x) => str(x.pay_month)),
    unlockedUntil: await repo.unlockedUntil(app.db, req.auth!.tokenHash, m.id, Date.now()),
  };
}

export async function verify(app: FastifyInstance, req: FastifyRequest, m: repo.Me, encPassword: string) {
  await checkUserPassword(app, req, req.auth!, encPassword);
  const until = Date.now() + SALARY_UNLOCK_MS;
  await repo.putUnlock(app.db, req.auth!.tokenHash, m.id, until);
  return { unlockedUntil: until };
}

export async function payslip(
  app: FastifyInstance,
  req: FastifyRequest,
  m: repo.Me,
  month: string,
): Promise<Payslip | null> {
  if (!(await repo.unlockedUntil(app.db, req.auth!.tokenHash, m.id, Date.now())))
    throw new AppError(Codes.userCenterVerifyRequired, 403);
  const slip = (
    await personRows(app, app.db, 'salary', m.userNo, { filter: { eq: { pay_month: month } }, pageSize: 1 })
  ).list[0];
  if (!slip) return null;
  const items = await personRows(app, app.db, 'salaryItem', m.userNo, {
    filter: { eq: { payslip_id: slip.payslip_id } },
    orderBy: { field: 'item_id', desc: false },
    pageSize: 100,
  });
  return {
    month,
    gross: num(slip.gross_pay),
    deductions: num(slip.deductions),
    net: num(slip.net_pay),
    paidAt: msOrNull(slip.paid_at),
    items: items.list.map((i) => ({ item: str(i.item), kind: str(i.kind), amount: num(i.amount) })),
  };
}
