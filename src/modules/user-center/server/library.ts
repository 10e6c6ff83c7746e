import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '@/server/errors';
import { audit } from '@/server/identity/audit';
import { writeRows } from '@/modules/data-tables/server/commands/write-rows';
import { Codes } from '@/shared/errors';
import { MAX_RENEWALS, type LoanQuery, type LoanRow } from '../contract';
import { dayStart, DAY_MS, isoDay } from './calendar';
import { msOrNull, num, personRows, str } from './campus-data';
import * as repo from './repository';

/** The library's loan periods: students 30 days, staff 90; a renewal adds one period. */
const periodDays = (kind: string) => (kind === 'student' ? 30 : 90);
const ON_LOAN = ['在借', '逾期未还'];
const OVERDUE = '逾期未还';

function toLoan(x: Record<string, unknown>, today: string): LoanRow {
  const returned = x.returned_at !== null && x.returned_at !== undefined;
  const due = str(x.due_date);
  const overdue = !returned && (str(x.status) === OVERDUE || (due !== '' && due < today));
  const renewals = num(x.renewals);
  return {
    loanId: num(x.loan_id),
    title: str(x.title),
    borrowedAt: msOrNull(x.borrowed_at),
    dueDate: due,
    renewals,
    returnedAt: msOrNull(x.returned_at),
    status: overdue && !returned ? OVERDUE : str(x.status),
    overdueDays:
      overdue && !returned
        ? Math.max(num(x.overdue_days), Math.round((dayStart(today) - dayStart(due)) / DAY_MS))
        : num(x.overdue_days),
    fine: num(x.fine),
    overdue,
    renewable: !returned && !overdue && renewals < MAX_RENEWALS,
  };
}

export async function loans(app: FastifyInstance, m: repo.Me, q: LoanQuery, now = Date.now()) {
  const today = isoDay(now);
  const r = await personRows(app, app.db, 'loan', m.userNo, {
    filter: q.scope === 'current' ? { in: { status: ON_LOAN } } : { in: { status: ['已归还', '逾期归还'] } },
    orderBy: q.scope === 'current' ? { field: 'due_date', desc: false } : { field: 'borrowed_at', desc: true },
    page: q.page,
    pageSize: q.pageSize,
  });
  return { list: r.list.map((x) => toLoan(x, today)), total: r.total, page: q.page, pageSize: q.pageSize };
}

export async function loanCounts(app: FastifyInstance, m: repo.Me, now = Date.now()) {
  const today = isoDay(now);
  const r = await personRows(app, app.db, 'loan', m.userNo, { filter: { in: { status: ON_LOAN } }, pageSize: 100 });
  const list = r.list.map((x) => toLoan(x, today));
  return { current: r.total, overdue: list.filter((l) => l.overdue).length };
}

/**
 * Renew one of the caller's loans as the library allows (not returned, not overdue, fewer than
 * MAX_RENEWALS): the new due date goes into the loan table and the renewal is recorded, in one
 * transaction. Another reader's loan id finds nothing (the lookup is by the caller's 读者证号).
 */
export async function renew(app: FastifyInstance, m: repo.Me, loanId: number, ip: string, now = Date.now()) {
  const r = await personRows(app, app.db, 'loan', m.userNo, { filter: { eq: { loan_id: loanId } }, pageSize: 1 });
  const row = r.list[0];
  if (!row || !r.def) throw notFound('借阅记录不存在');
  const loan = toLoan(row, isoDay(now));
  if (loan.returnedAt !== null) throw new AppError(Codes.userCenterRenewDenied, 400, '该书已归还，无需续借');
  if (loan.overdue) throw new AppError(Codes.userCenterRenewDenied, 400, '该书已逾期，请先归还并缴纳滞纳金');
  if (loan.renewals >= MAX_RENEWALS)
    throw new AppError(Codes.userCenterRenewDenied, 400, `续借次数已达上限（${MAX_RENEWALS}次）`);
  const newDue = isoDay(dayStart(loan.dueDate) + periodDays(m.kind) * DAY_MS);
  const def = r.def;
  await app.db.transaction().execute(async (trx) => {
    await writeRows(
      app,
      trx,
      def.id,
      [{ loan_id: loanId, due_date: newDue, renewals: loan.renewals + 1, updated_at: now }],
      {
        key: ['loan_id'],
        actorId: m.id,
        source: 'edit',
      },
    );
    await repo.insertRenewal(trx, { userId: m.id, loanId, oldDue: loan.dueDate, newDue, now });
  });
  await audit(app.db, {
    action: 'userCenter.renew',
    result: 'ok',
    actorId: m.id,
    actorName: m.username,
    target: String(loanId),
    ip,
  });
  return { dueDate: newDue, renewals: loan.renewals + 1 };
}
