import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '@/shared/envelope';
import { IdQuery, SourceQuery } from '../contract';
import {
  DashboardIdBody,
  DashboardListQuery,
  DashboardSaveBody,
  DataBody,
  PreviewDataBody,
  PublishBody,
  RestoreBody,
  ViewListQuery,
} from '../dashboard-contract';
import { dashboardData } from './dashboard-data';
import * as svc from './dashboard-service';
import { metricSource } from './service';

const D = '/bi/api/v1.dashboard';
const V = '/bi/api/v1.dashboardView';

/** 仪表板管理 (back office) — guarded like 指标管理: the page's route name. */
const manage = { access: { any: ['biDashboard'] } };

export const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(`${D}/list/`, { schema: { querystring: DashboardListQuery }, config: manage }, async (req) =>
    ok(await svc.listDashboards(app.db, req.query)),
  );
  app.get(`${D}/detail/`, { schema: { querystring: IdQuery }, config: manage }, async (req) =>
    ok(await svc.dashboardDetail(app.db, req.query.id)),
  );
  app.post(`${D}/save/`, { schema: { body: DashboardSaveBody }, config: manage }, async (req) =>
    ok(await svc.saveDashboard(app, req.auth!, req.body, req.ip)),
  );
  app.post(`${D}/publish/`, { schema: { body: PublishBody }, config: manage }, async (req) =>
    ok(await svc.publishDashboard(app, req.auth!, req.body, req.ip)),
  );
  app.post(`${D}/deactivate/`, { schema: { body: DashboardIdBody }, config: manage }, async (req) => {
    await svc.deactivateDashboard(app, req.auth!, req.body.id, req.ip);
    return ok(null);
  });
  app.post(`${D}/delete/`, { schema: { body: DashboardIdBody }, config: manage }, async (req) => {
    await svc.deleteDashboard(app, req.auth!, req.body.id, req.ip);
    return ok(null);
  });
  app.post(`${D}/copy/`, { schema: { body: DashboardIdBody }, config: manage }, async (req) =>
    ok(await svc.copyDashboard(app, req.auth!, req.body.id, req.ip)),
  );
  app.get(`${D}/versions/`, { schema: { querystring: IdQuery }, config: manage }, async (req) =>
    ok(await svc.listVersions(app.db, req.query.id)),
  );
  app.post(`${D}/restore/`, { schema: { body: RestoreBody }, config: manage }, async (req) => {
    await svc.restoreVersion(app, req.auth!, req.body.id, req.body.version, req.ip);
    return ok(null);
  });
  app.get(`${D}/audienceOptions/`, { config: manage }, async () => ok(await svc.audienceOptions(app.db)));
  app.get(`${D}/options/`, { config: manage }, async () => ok(await svc.drillOptions(app.db)));
  app.get(`${D}/source/`, { schema: { querystring: SourceQuery }, config: manage }, async (req) =>
    ok(await metricSource(app, req.query.table)),
  );
  /** The designer's live preview of unsaved widgets (each checked like a save). */
  app.post(`${D}/preview/`, { schema: { body: PreviewDataBody }, config: manage }, async (req) => {
    await svc.validateWidgets(app, app.db, req.body.widgets);
    return ok(await dashboardData(app, app.db, req.body.widgets, req.body.filters));
  });

  // Viewers: the list needs a session; a dashboard and its data are public when published so (the service checks).
  app.get(`${V}/list/`, { schema: { querystring: ViewListQuery }, config: { access: 'session' } }, async (req) =>
    ok(await svc.visibleList(app.db, req.auth!, req.query)),
  );
  app.get(`${V}/detail/`, { schema: { querystring: IdQuery }, config: { access: 'public' } }, async (req) =>
    ok(await svc.viewDashboard(app.db, req.auth, req.query.id)),
  );
  app.post(`${V}/data/`, { schema: { body: DataBody }, config: { access: 'public' } }, async (req) => {
    const v = await svc.viewableVersion(app.db, req.auth, req.body.id);
    return ok(await dashboardData(app, app.db, JSON.parse(v.widgets), req.body.filters));
  });
};
