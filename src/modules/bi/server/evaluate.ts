import type { FastifyInstance } from 'fastify';
import { AppError } from '@/server/errors';
import type { Db } from '@/server/db/dialect';
import { getSetting, putSetting } from '@/server/identity/settings';
import { changeFingerprint } from '@/modules/data-tables/server/commands/get-change-versions';
import { sendMessage } from '@/modules/messages/server/commands/send-message';
import { LEVEL_LABELS, LEVELS, type Metric, type Threshold } from '../contract';
import { chinaDate, resolveMetric, runResolved } from './aggregate';
import * as repo from './repository';
import { warningSubject } from './service';

/**
 * Evaluation of the active indicators (the job runner calls it hourly and after syncs): the metric's
 * series is stored as values per period (upsert: a rerun refreshes), the newest period is judged
 * against the thresholds, a breach opens one warning (the owners are told once), and a value back
 * within bounds closes it. Each indicator is its own transaction, so one broken metric (a dropped
 * table) does not stop the others: its error is kept on the indicator.
 */

/** Without a window, a grained indicator keeps this many periods up to the newest row. */
export const DEFAULT_PERIODS = 30;
const FINGERPRINT_KEY = 'bi.indicatorDataFingerprint';
export const WARNING_PAGE = '/web/bi/indicatorWarningDetails';

export interface Breach {
  bound: 'upper' | 'lower';
  threshold: number;
  level: (typeof LEVELS)[number];
}

/** The most severe threshold a value crosses (upper: above it; lower: below it), or null. */
export function breachOf(value: number, thresholds: readonly Threshold[]): Breach | null {
  let best: Breach | null = null;
  for (const t of thresholds) {
    const crossed = t.bound === 'upper' ? value > t.value : value < t.value;
    if (!crossed) continue;
    if (!best || LEVELS.indexOf(t.level) > LEVELS.indexOf(best.level))
      best = { bound: t.bound, threshold: t.value, level: t.level };
  }
  return best;
}

const fmt = (v: number, unit: string) => `${Number.isInteger(v) ? v : v.toFixed(2)}${unit ? ` ${unit}` : ''}`;

export interface EvaluateResult {
  evaluated: number;
  failed: number;
  opened: number;
  closed: number;
  messages: number;
}

type Indicator = Awaited<ReturnType<typeof repo.activeIndicators>>[number];

async function evaluateOne(app: FastifyInstance, ind: Indicator, now: number, res: EvaluateResult): Promise<void> {
  const metric = JSON.parse(ind.metric) as Metric;
  const grained = !!(metric.grain && metric.timeField);
  const run: Metric =
    grained && !metric.window
      ? { ...metric, window: { lastPeriods: DEFAULT_PERIODS } }
      : { ...metric, dimension: null };
  let series: { period: string; value: number | null }[];
  try {
    const resolved = await resolveMetric(app, app.db, run);
    const out = await runResolved(app.db, resolved, run);
    series = grained
      ? out.rows.map((r) => ({ period: r.period!, value: r.value }))
      : [{ period: chinaDate(now), value: out.rows[0]?.value ?? null }];
  } catch (e) {
    if (!(e instanceof AppError)) app.log.error({ err: e, indicator: ind.id }, 'bi indicator evaluation failed');
    const message = e instanceof AppError ? e.message : '计算失败';
    await repo.recordEvaluation(app.db, ind.id, {
      lastPeriod: ind.lastPeriod,
      lastValue: ind.lastValue,
      lastError: message,
      at: now,
    });
    res.failed++;
    return;
  }
  const latest = series.at(-1) ?? null;
  const thresholds = JSON.parse(ind.thresholds) as Threshold[];
  await app.db.transaction().execute(async (trx) => {
    await repo.lockIndicator(trx, ind.id);
    await repo.upsertValues(trx, ind.id, series, now);
    await repo.recordEvaluation(trx, ind.id, {
      lastPeriod: latest?.period ?? null,
      lastValue: latest?.value ?? null,
      lastError: '',
      at: now,
    });
    // Nothing to judge (no rows in the window, sum of nothing): the warning state stays as it is.
    if (!latest || latest.value === null) return;
    const value = latest.value;
    const live = await repo.liveWarning(trx, ind.id);
    const b = breachOf(value, thresholds);
    if (b && !live) {
      const wid = await repo.insertWarning(trx, { indicatorId: ind.id, ...b, period: latest.period, value, at: now });
      const owners = (await repo.ownersOf(trx, [ind.id])).get(ind.id) ?? [];
      const side = b.bound === 'upper' ? '高于上限' : '低于下限';
      res.messages += await sendMessage(trx as unknown as Db, {
        userIds: owners.map((o) => o.id),
        kind: 'notice',
        title: `指标${LEVEL_LABELS[b.level]}：${ind.name}`,
        body: `${ind.name}（${latest.period}）为 ${fmt(value, ind.unit)}，${side} ${fmt(b.threshold, ind.unit)}。请在“指标预警”中查看并确认。`,
        link: WARNING_PAGE,
        subject: warningSubject(wid),
        at: now,
      });
      await repo.insertNotices(
        trx,
        wid,
        owners.map((o) => ({ userId: o.id, name: o.name })),
        now,
      );
      res.opened++;
    } else if (b && live) {
      await repo.refreshWarning(trx, live.id, { latestValue: value, ...b });
    } else if (!b && live) {
      await repo.recoverWarning(trx, live, {
        latestValue: value,
        at: now,
        note: `${latest.period} 的值 ${fmt(value, ind.unit)} 已回到阈值以内，自动关闭`,
      });
      if (live.status === 'open') res.closed++;
    }
  });
  res.evaluated++;
}

/** Evaluates every active indicator now. */
export async function evaluateAll(app: FastifyInstance, now = Date.now()): Promise<EvaluateResult> {
  const res: EvaluateResult = { evaluated: 0, failed: 0, opened: 0, closed: 0, messages: 0 };
  for (const ind of await repo.activeIndicators(app.db)) await evaluateOne(app, ind, now, res);
  return res;
}

/**
 * The "after sync" check: the change versions of the tables the active indicators read (data-tables
 * bumps them with every row write); when they moved since the last evaluation, every active
 * indicator is evaluated.
 */
export async function evaluateIfChanged(app: FastifyInstance, now = Date.now()): Promise<EvaluateResult | null> {
  const codes = (await repo.activeIndicators(app.db)).map((i) => i.tableCode);
  const fp = await changeFingerprint(app, app.db, codes);
  if ((await getSetting<string>(app.db, FINGERPRINT_KEY)) === fp) return null;
  const res = await evaluateAll(app, now);
  await putSetting(app.db, FINGERPRINT_KEY, fp);
  return res;
}
