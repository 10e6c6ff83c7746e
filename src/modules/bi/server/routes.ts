import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '@/shared/envelope';
import {
  AckBody,
  HistoryQuery,
  IdBody,
  IdQuery,
  IndicatorListQuery,
  IndicatorSaveBody,
  PreviewBody,
  SetStatusBody,
  SourceQuery,
  StaffQuery,
  WarningListQuery,
} from '../contract';
import { dashboardRoutes } from './dashboard-routes';
import { EVALUATE_JOB } from './jobs';
import * as repo from './repository';
import * as svc from './service';

const I = '/bi/api/v1.indicator';
const M = '/bi/api/v1.metric';
const W = '/bi/api/v1.indicatorWarning';

/** 指标管理 (back office); the warning pages: owners on the web and phone, administrators in the back office. */
const manage = { access: { any: ['biIndicator'] } };
const warnings = { access: { any: ['indicatorWarningDetails', 'biIndicatorWarning'] } };

export const biRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(`${I}/list/`, { schema: { querystring: IndicatorListQuery }, config: manage }, async (req) =>
    ok(await svc.listIndicators(app.db, req.query)),
  );
  app.get(`${I}/detail/`, { schema: { querystring: IdQuery }, config: manage }, async (req) =>
    ok(await svc.indicatorDetail(app.db, req.query.id)),
  );
  app.post(`${I}/save/`, { schema: { body: IndicatorSaveBody }, config: manage }, async (req) =>
    ok(await svc.saveIndicator(app, req.auth!, req.body, req.ip)),
  );
  app.post(`${I}/status/`, { schema: { body: SetStatusBody }, config: manage }, async (req) => {
    await svc.setIndicatorStatus(app, req.auth!, req.body.id, req.body.status, req.ip);
    return ok(null);
  });
  app.post(`${I}/delete/`, { schema: { body: IdBody }, config: manage }, async (req) => {
    await svc.deleteIndicator(app, req.auth!, req.body.id, req.ip);
    return ok(null);
  });
  /** 立即计算: the scheduled job, queued now. */
  app.post(`${I}/evaluate/`, { config: manage }, async () => {
    await app.jobs.runNow(EVALUATE_JOB);
    return ok(null);
  });
  app.get(`${I}/staff/`, { schema: { querystring: StaffQuery }, config: manage }, async (req) => {
    const rows = await repo.searchStaff(app.db, req.query.keyword);
    return ok(rows.map((r) => ({ id: r.id, name: r.realName, userNo: r.userNo, department: r.department ?? '' })));
  });

  app.get(`${M}/source/`, { schema: { querystring: SourceQuery }, config: manage }, async (req) =>
    ok(await svc.metricSource(app, req.query.table)),
  );
  app.post(`${M}/preview/`, { schema: { body: PreviewBody }, config: manage }, async (req) =>
    ok(await svc.previewMetric(app, req.body.metric)),
  );

  app.get(`${W}/list/`, { schema: { querystring: WarningListQuery }, config: warnings }, async (req) =>
    ok(await svc.listWarnings(app.db, req.auth!, req.query)),
  );
  app.get(`${W}/history/`, { schema: { querystring: HistoryQuery }, config: warnings }, async (req) =>
    ok(await svc.valueHistory(app.db, req.auth!, req.query.id, req.query.limit)),
  );
  app.post(`${W}/ack/`, { schema: { body: AckBody }, config: warnings }, async (req) => {
    await svc.acknowledgeWarning(app, req.auth!, req.body, req.ip);
    return ok(null);
  });

  await app.register(dashboardRoutes);
};
