import type { FastifyInstance } from 'fastify';
import { AppError, badInput, notFound } from '@/server/errors';
import { audit } from '@/server/identity/audit';
import type { AuthContext } from '@/server/identity/sessions';
import type { Db } from '@/server/db/dialect';
import { Codes } from '@/shared/errors';
import { getDataTable } from '@/modules/data-tables/server/commands/get-data-table';
import { settleMessages } from '@/modules/messages/server/commands/settle-messages';
import {
  LEVELS,
  WARNING_STATUSES,
  type AckBody,
  type IndicatorBody,
  type IndicatorItem,
  type IndicatorListQuery,
  type IndicatorStatus,
  type Level,
  type Metric,
  type MetricSource,
  type Notified,
  type Threshold,
  type ValuePoint,
  type WarningItem,
  type WarningListQuery,
  type WarningStatus,
} from '../contract';
import { resolveMetric, runResolved } from './aggregate';
import * as repo from './repository';

/** Indicators (back office) and their warnings (owners' pages): validation, permissions, audit. */

const asDb = (q: repo.Conn) => q as unknown as Db;

async function log(q: repo.Conn, auth: AuthContext, action: string, target: string, ip: string, detail?: string) {
  await audit(asDb(q), {
    action: `bi.${action}`,
    result: 'ok',
    actorId: auth.userId,
    actorName: auth.realName,
    target,
    detail: detail ?? null,
    ip,
  });
}

function checkThresholds(ts: readonly Threshold[]): void {
  const seen = new Set<string>();
  for (const t of ts) {
    const k = `${t.bound}:${t.level}`;
    if (seen.has(k)) throw new AppError(Codes.biBadThreshold, 400, '同一方向、同一级别的阈值只能设置一个');
    seen.add(k);
  }
  const uppers = ts.filter((t) => t.bound === 'upper').map((t) => t.value);
  const lowers = ts.filter((t) => t.bound === 'lower').map((t) => t.value);
  if (uppers.length && lowers.length && Math.max(...lowers) >= Math.min(...uppers))
    throw new AppError(Codes.biBadThreshold, 400, '下限阈值必须小于上限阈值');
}

/** Every server-side check of an indicator; answers the metric's table code. */
async function validate(app: FastifyInstance, q: repo.Conn, b: IndicatorBody, id?: number): Promise<void> {
  if (b.metric.dimension) throw badInput('指标的取值是一个数，不能按维度分组');
  await resolveMetric(app, q, b.metric);
  checkThresholds(b.thresholds);
  const owners = await repo.activeStaff(q, b.ownerIds);
  if (owners.length !== new Set(b.ownerIds).size) throw new AppError(Codes.biBadOwner, 400);
  if (await repo.codeTaken(q, b.code, id)) throw new AppError(Codes.biIndicatorCodeTaken, 409);
}

const fields = (b: IndicatorBody, at: number) => ({
  name: b.name.trim(),
  code: b.code,
  description: b.description.trim(),
  metric: JSON.stringify(b.metric),
  tableCode: b.metric.table,
  unit: b.unit.trim(),
  thresholds: JSON.stringify(b.thresholds),
  at,
});

export async function saveIndicator(
  app: FastifyInstance,
  auth: AuthContext,
  b: IndicatorBody & { id?: number },
  ip: string,
): Promise<{ id: number }> {
  return app.db.transaction().execute(async (trx) => {
    const now = Date.now();
    if (b.id && !(await repo.indicatorById(trx, b.id))) throw notFound('指标不存在');
    await validate(app, trx, b, b.id);
    let id = b.id;
    if (id) await repo.updateIndicator(trx, id, fields(b, now));
    else id = await repo.insertIndicator(trx, { ...fields(b, now), createdBy: auth.userId });
    await repo.setOwners(trx, id, b.ownerIds);
    await log(trx, auth, b.id ? 'indicator.update' : 'indicator.create', `bi_indicator:${id}`, ip, b.code);
    return { id };
  });
}

export async function setIndicatorStatus(
  app: FastifyInstance,
  auth: AuthContext,
  id: number,
  status: IndicatorStatus,
  ip: string,
): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    if (!(await repo.indicatorById(trx, id))) throw notFound('指标不存在');
    await repo.setStatus(trx, id, status, Date.now());
    await log(trx, auth, status === 'active' ? 'indicator.activate' : 'indicator.deactivate', `bi_indicator:${id}`, ip);
  });
}

/** Only an indicator never evaluated: values and warnings are history (deactivate it instead). */
export async function deleteIndicator(app: FastifyInstance, auth: AuthContext, id: number, ip: string): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    const ind = await repo.indicatorById(trx, id);
    if (!ind) throw notFound('指标不存在');
    if (ind.lastEvaluatedAt !== null || (await repo.hasValues(trx, id)))
      throw new AppError(Codes.biIndicatorEvaluated, 409);
    await repo.deleteIndicator(trx, id);
    await log(trx, auth, 'indicator.delete', `bi_indicator:${id}`, ip, ind.code);
  });
}

function toItem(
  r: NonNullable<Awaited<ReturnType<typeof repo.indicatorById>>>,
  owners: IndicatorItem['owners'],
  openLevel: string | undefined,
): IndicatorItem {
  return {
    id: r.id,
    name: r.name,
    code: r.code,
    description: r.description,
    metric: JSON.parse(r.metric) as Metric,
    unit: r.unit,
    owners,
    thresholds: JSON.parse(r.thresholds) as Threshold[],
    status: r.status as IndicatorStatus,
    lastPeriod: r.lastPeriod,
    lastValue: r.lastValue === null ? null : Number(r.lastValue),
    lastEvaluatedAt: r.lastEvaluatedAt === null ? null : Number(r.lastEvaluatedAt),
    lastError: r.lastError,
    openLevel: (openLevel as Level | undefined) ?? null,
    updatedAt: Number(r.updatedAt),
  };
}

export async function listIndicators(q: repo.Conn, f: IndicatorListQuery) {
  const { list, total } = await repo.listIndicators(q, f);
  const ids = list.map((r) => r.id);
  const [owners, levels] = await Promise.all([repo.ownersOf(q, ids), repo.openLevels(q, ids)]);
  return {
    list: list.map((r) => toItem(r, owners.get(r.id) ?? [], levels.get(r.id))),
    total,
    page: f.page,
    pageSize: f.pageSize,
  };
}

export async function indicatorDetail(q: repo.Conn, id: number): Promise<IndicatorItem> {
  const r = await repo.indicatorById(q, id);
  if (!r) throw notFound('指标不存在');
  const [owners, levels] = await Promise.all([repo.ownersOf(q, [id]), repo.openLevels(q, [id])]);
  return toItem(r, owners.get(id) ?? [], levels.get(id));
}

/** A data table's fields for the metric editor (by code). */
export async function metricSource(app: FastifyInstance, code: string): Promise<MetricSource> {
  const def = await getDataTable(app, app.db, code);
  if (!def) throw new AppError(Codes.biUnknownTable, 400, `数据表「${code}」不存在`);
  return {
    code: def.code,
    name: def.name,
    fields: def.fields.map((f) => ({ name: f.name, label: f.label, type: f.type })),
  };
}

/** The metric's series as an indicator evaluates it (preview before saving). */
export async function previewMetric(app: FastifyInstance, metric: Metric) {
  const r = await resolveMetric(app, app.db, metric);
  return runResolved(app.db, r, metric);
}

// --- warnings (owners' pages) ---

/** Administrators see every indicator's warnings; anyone else only those of indicators they own. */
const scopeOf = (auth: AuthContext) => (auth.isAdmin ? null : auth.userId);

export async function listWarnings(q: repo.Conn, auth: AuthContext, f: WarningListQuery) {
  const { list, total } = await repo.listWarnings(q, { userId: scopeOf(auth), ...f });
  const notices = await repo.noticesOf(
    q,
    list.map((w) => w.id),
  );
  const byWarning = new Map<number, Notified[]>();
  for (const n of notices) {
    const l = byWarning.get(n.warningId) ?? [];
    l.push({ userId: n.userId, name: n.userName, at: Number(n.notifiedAt) });
    byWarning.set(n.warningId, l);
  }
  const items: WarningItem[] = list.map((w) => ({
    id: w.id,
    indicatorId: w.indicatorId,
    indicatorName: w.indicatorName,
    unit: w.unit,
    status: (WARNING_STATUSES as readonly string[]).includes(w.status) ? (w.status as WarningStatus) : 'open',
    level: (LEVELS as readonly string[]).includes(w.level) ? (w.level as Level) : 'warning',
    bound: w.bound === 'lower' ? 'lower' : 'upper',
    threshold: Number(w.threshold),
    period: w.period,
    value: Number(w.value),
    latestValue: Number(w.latestValue),
    thresholds: JSON.parse(w.thresholds) as Threshold[],
    openedAt: Number(w.openedAt),
    notified: byWarning.get(w.id) ?? [],
    ackName: w.ackName,
    ackNote: w.ackNote,
    ackAt: w.ackAt === null ? null : Number(w.ackAt),
    closedAt: w.closedAt === null ? null : Number(w.closedAt),
    closeNote: w.closeNote,
  }));
  return { list: items, total, page: f.page, pageSize: f.pageSize };
}

async function mayRead(q: repo.Conn, auth: AuthContext, indicatorId: number): Promise<void> {
  if (auth.isAdmin) return;
  if (!(await repo.isOwner(q, indicatorId, auth.userId))) throw new AppError(Codes.biNotOwner, 403);
}

export async function valueHistory(q: repo.Conn, auth: AuthContext, id: number, limit: number): Promise<ValuePoint[]> {
  if (!(await repo.indicatorById(q, id))) throw notFound('指标不存在');
  await mayRead(q, auth, id);
  const rows = await repo.valueHistory(q, id, limit);
  return rows.map((r) => ({
    period: r.period,
    value: r.value === null ? null : Number(r.value),
    evaluatedAt: Number(r.evaluatedAt),
  }));
}

/** 确认 by an owner (administrators too): the warning stays on record, its messages count as handled. */
export async function acknowledgeWarning(app: FastifyInstance, auth: AuthContext, b: AckBody, ip: string) {
  await app.db.transaction().execute(async (trx) => {
    const w = await repo.warningById(trx, b.id);
    if (!w) throw notFound('预警不存在');
    await mayRead(trx, auth, w.indicatorId);
    const now = Date.now();
    const done = await repo.acknowledge(trx, w.id, {
      userId: auth.userId,
      name: auth.realName,
      note: b.note.trim(),
      at: now,
    });
    if (!done) throw new AppError(Codes.biWarningSettled, 409);
    await settleMessages(asDb(trx), [warningSubject(w.id)], now);
    await log(trx, auth, 'warning.acknowledge', `bi_warning:${w.id}`, ip);
  });
}

export const warningSubject = (id: number) => `bi_warning:${id}`;
