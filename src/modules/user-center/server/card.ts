import type { FastifyInstance } from 'fastify';
import { AppError, noPermission, notFound } from '@/server/errors';
import { audit } from '@/server/identity/audit';
import { writeRows } from '@/modules/data-tables/server/commands/write-rows';
import { Codes } from '@/shared/errors';
import type { CardInfo, CardMonth, CardOfficeQuery, CardRequestKind, CardTxn, CardTxnQuery } from '../contract';
import { dayStart, DAY_MS, isoMonth } from './calendar';
import { msOrNull, num, personRows, personSum, str, tableDef } from './campus-data';
import * as repo from './repository';

/** The card's statuses in the card system, and what each request needs. */
const NORMAL = '正常';
const LOST = '挂失';

async function cardRow(app: FastifyInstance, userNo: string) {
  const r = await personRows(app, app.db, 'card', userNo, { pageSize: 1 });
  return r.list[0];
}

export async function cardInfo(app: FastifyInstance, m: repo.Me): Promise<CardInfo | null> {
  const c = await cardRow(app, m.userNo);
  if (!c) return null;
  return {
    cardNo: str(c.card_no),
    status: str(c.status),
    balance: num(c.balance),
    updatedAt: msOrNull(c.updated_at),
    pending: await repo.pendingCardRequest(app.db, m.id),
  };
}

export async function cardTxns(app: FastifyInstance, m: repo.Me, q: CardTxnQuery) {
  const eq: Record<string, unknown> = {};
  if (q.place) eq.merchant_name = q.place;
  if (q.kind) eq.kind = q.kind;
  const range = [
    {
      field: 'occurred_at',
      from: q.from ? dayStart(q.from) : undefined,
      to: q.to ? dayStart(q.to) + DAY_MS : undefined,
    },
  ];
  const r = await personRows(app, app.db, 'txn', m.userNo, {
    filter: { eq, range },
    orderBy: { field: 'occurred_at', desc: true },
    page: q.page,
    pageSize: q.pageSize,
  });
  const list: CardTxn[] = r.list.map((x) => ({
    txnId: num(x.txn_id),
    merchant: str(x.merchant_name),
    kind: str(x.kind),
    amount: num(x.amount),
    balanceAfter: num(x.balance_after),
    occurredAt: num(x.occurred_at),
  }));
  return { list, total: r.total, page: q.page, pageSize: q.pageSize };
}

/** The last six months' spending and top-ups, each month two sums in SQL. */
export async function cardMonthly(app: FastifyInstance, m: repo.Me, now = Date.now()): Promise<CardMonth[]> {
  const months: string[] = [];
  let [y, mo] = isoMonth(now).split('-').map(Number) as [number, number];
  for (let i = 0; i < 6; i++) {
    months.unshift(`${y}-${String(mo).padStart(2, '0')}`);
    mo -= 1;
    if (mo === 0) [y, mo] = [y - 1, 12];
  }
  const nextMonth = (ym: string) => {
    const [a, b] = ym.split('-').map(Number) as [number, number];
    return b === 12 ? `${a + 1}-01` : `${a}-${String(b + 1).padStart(2, '0')}`;
  };
  return Promise.all(
    months.map(async (month) => {
      const range = [{ field: 'occurred_at', from: dayStart(`${month}-01`), to: dayStart(`${nextMonth(month)}-01`) }];
      const [spent, top] = await Promise.all([
        personSum(app, app.db, 'txn', m.userNo, 'amount', { range: [...range, { field: 'amount', to: 0 }] }),
        personSum(app, app.db, 'txn', m.userNo, 'amount', { range: [...range, { field: 'amount', from: 0 }] }),
      ]);
      return {
        month,
        spent: Math.round(-spent.sum * 100) / 100,
        topUp: Math.round(top.sum * 100) / 100,
        count: spent.count + top.count,
      };
    }),
  );
}

/** 挂失 a normal card or 解冻 a lost one: a request the card office decides; one waiting at a time. */
export async function requestCard(app: FastifyInstance, m: repo.Me, kind: CardRequestKind, reason: string, ip: string) {
  const c = await cardRow(app, m.userNo);
  if (!c) throw notFound('未找到您的校园卡');
  const status = str(c.status);
  if ((kind === 'loss' && status !== NORMAL) || (kind === 'unfreeze' && status === NORMAL))
    throw new AppError(
      Codes.userCenterCardWrongState,
      400,
      `校园卡当前为「${status}」，不能申请${kind === 'loss' ? '挂失' : '解冻'}`,
    );
  const id = await app.db.transaction().execute(async (trx) => {
    if (await repo.pendingCardRequest(trx, m.id)) throw new AppError(Codes.userCenterCardRequestPending, 409);
    return repo.insertCardRequest(trx, {
      userId: m.id,
      userNo: m.userNo,
      userName: m.realName,
      cardNo: str(c.card_no),
      kind,
      reason: reason.trim(),
      now: Date.now(),
    });
  });
  await audit(app.db, {
    action: `userCenter.card.${kind}`,
    result: 'ok',
    actorId: m.id,
    actorName: m.username,
    target: String(id),
    ip,
  });
  return { id };
}

/**
 * The card office = the department owning the card data table (后勤保障处 in the demo) and those
 * below it; administrators too.
 */
export async function assertCardOffice(app: FastifyInstance, userId: number, isAdmin: boolean): Promise<repo.Me> {
  const m = await repo.findMe(app.db, userId);
  if (!m) throw noPermission('无权处理校园卡申请');
  if (isAdmin) return m;
  const def = await tableDef(app, app.db, 'card');
  // No card table in the data centre yet (not synced): there is no card office to be.
  if (!def) throw notFound('数据中心尚无校园卡数据');
  // A staff member outside the office is told so on the page; 0x00000010 would sign them out.
  const notOffice = () => new AppError(Codes.userCenterNotCardOffice, 403, '仅卡务中心（校园卡数据的主管部门）可处理');
  if (!def.ownerDepartmentId || m.departmentId === null) throw notOffice();
  const office = await repo.departmentAndBelow(app.db, def.ownerDepartmentId);
  if (!office.includes(m.departmentId)) throw notOffice();
  return m;
}

export const officeList = (app: FastifyInstance, q: CardOfficeQuery) => repo.cardRequestPage(app.db, q);

/** Approving writes the card's new status into the card data table in the same transaction as the decision. */
export async function handleRequest(
  app: FastifyInstance,
  handler: repo.Me,
  b: { id: number; approve: boolean; remark: string },
  ip: string,
) {
  const req = await repo.cardRequestById(app.db, b.id);
  if (!req) throw notFound('申请不存在');
  const def = await tableDef(app, app.db, 'card');
  await app.db.transaction().execute(async (trx) => {
    const n = await repo.decideCardRequest(trx, b.id, {
      status: b.approve ? 'done' : 'rejected',
      remark: b.remark.trim(),
      by: handler.realName,
      now: Date.now(),
    });
    if (!n) throw new AppError(Codes.userCenterCardRequestDecided, 409);
    if (b.approve && def)
      await writeRows(
        app,
        trx,
        def.id,
        [{ card_no: req.cardNo, status: req.kind === 'loss' ? LOST : NORMAL, updated_at: Date.now() }],
        {
          key: ['card_no'],
          actorId: handler.id,
          source: 'edit',
        },
      );
  });
  await audit(app.db, {
    action: 'userCenter.card.handle',
    result: 'ok',
    actorId: handler.id,
    actorName: handler.username,
    target: String(b.id),
    detail: b.approve ? 'approved' : 'rejected',
    ip,
  });
}
