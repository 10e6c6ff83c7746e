import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ok } from '@/shared/envelope';
import { PageFields } from '@/shared/paging';
import {
  AccessLogQuery,
  AppBody,
  ApplicationListQuery,
  ApplyBody,
  DatasetBody,
  DatasetListQuery,
  DecideBody,
  IdBody,
  OPEN_API_PREFIX,
  OpenParams,
  OpenQuery,
  SupplementBody,
  TaskListQuery,
  ThemeBody,
} from '../contract';
import * as svc from './service';

const S = '/data/api/v1.dataShare';

/** The staff pages of 数据共享 (教职工服务平台): any of them opens the applicant's API. */
export const STAFF_ROUTES = ['dataSharingApps', 'dataSharingCatalog', 'myApplyFor', 'batchApplication'];
export const TASK_ROUTES = ['taskDataShare', 'taskDataShareSupplement'];
const CMS_ROUTES = ['cmsDataShareTheme', 'cmsDataShareDataset'];

const actorOf = (req: FastifyRequest): svc.Actor => ({
  userId: req.auth!.userId,
  isAdmin: req.auth!.isAdmin,
  realName: req.auth!.realName,
});

export const dataSharingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const staff = { access: { any: STAFF_ROUTES } };
  const reader = { access: { any: [...STAFF_ROUTES, ...CMS_ROUTES] } };
  const admin = { access: 'admin' as const };
  // Administrators too: with nobody holding 数据共享管理员 the approvals fall to them (approval.ts).
  const tasks = { access: { any: [...TASK_ROUTES, ...CMS_ROUTES] } };

  // themes and the catalogue
  app.get(`${S}/themes/`, { config: reader }, async () => ok(await svc.listThemes(app)));
  app.get(`${S}/catalog/`, { schema: { querystring: DatasetListQuery }, config: reader }, async (req) =>
    ok(await svc.listDatasets(app, req.query, true)),
  );

  // back office
  app.post(`${S}/theme/save/`, { schema: { body: ThemeBody }, config: admin }, async (req) =>
    ok(await svc.saveTheme(app, req.body), '保存成功'),
  );
  app.post(`${S}/theme/delete/`, { schema: { body: IdBody }, config: admin }, async (req) => {
    await svc.deleteTheme(app, req.body.id);
    return ok(null, '删除成功');
  });
  app.get(`${S}/datasets/`, { schema: { querystring: DatasetListQuery }, config: admin }, async (req) =>
    ok(await svc.listDatasets(app, req.query, false)),
  );
  app.post(`${S}/dataset/save/`, { schema: { body: DatasetBody }, config: admin }, async (req) =>
    ok(await svc.saveDataset(app, req.body), '保存成功'),
  );

  // consumer apps
  app.get(
    `${S}/apps/`,
    { schema: { querystring: Type.Object({ ...PageFields, all: Type.Boolean({ default: false }) }) }, config: staff },
    async (req) => ok(await svc.listApps(app, actorOf(req), req.query)),
  );
  app.post(`${S}/app/create/`, { schema: { body: AppBody }, config: staff }, async (req) =>
    ok(await svc.createApp(app, actorOf(req), req.body), '创建成功，请立即保存密钥'),
  );
  app.post(`${S}/app/rotate/`, { schema: { body: IdBody }, config: staff }, async (req) =>
    ok(await svc.rotateSecret(app, actorOf(req), req.body.id), '已重置密钥，旧密钥立即失效'),
  );
  app.post(`${S}/app/disable/`, { schema: { body: IdBody }, config: staff }, async (req) => {
    await svc.setAppStatus(app, actorOf(req), req.body.id, 'disabled');
    return ok(null, '已停用');
  });
  app.post(`${S}/app/enable/`, { schema: { body: IdBody }, config: staff }, async (req) => {
    await svc.setAppStatus(app, actorOf(req), req.body.id, 'active');
    return ok(null, '已启用');
  });
  app.get(`${S}/app/log/`, { schema: { querystring: AccessLogQuery }, config: staff }, async (req) =>
    ok(await svc.accessLog(app, actorOf(req), req.query)),
  );

  // applications
  app.post(`${S}/apply/`, { schema: { body: ApplyBody }, config: staff }, async (req) =>
    ok(await svc.apply(app, actorOf(req), req.body), '已提交审批'),
  );
  app.post(`${S}/supplement/`, { schema: { body: SupplementBody }, config: staff }, async (req) =>
    ok(await svc.supplement(app, actorOf(req), req.body), '已提交补充字段申请'),
  );
  app.get(`${S}/mine/`, { schema: { querystring: ApplicationListQuery }, config: staff }, async (req) =>
    ok(await svc.myApplications(app, actorOf(req), req.query)),
  );
  app.post(
    `${S}/revoke/`,
    { schema: { body: IdBody }, config: { access: { any: [...STAFF_ROUTES, ...TASK_ROUTES] } } },
    async (req) => {
      await svc.revokeGrant(app, actorOf(req), req.body.id);
      return ok(null, '已撤销授权');
    },
  );

  // approval centre
  app.get(`${S}/tasks/`, { schema: { querystring: TaskListQuery }, config: tasks }, async (req) =>
    ok(await svc.taskList(app, actorOf(req), req.query)),
  );
  app.post(`${S}/decide/`, { schema: { body: DecideBody }, config: tasks }, async (req) => {
    await svc.decide(app, actorOf(req), req.body);
    return ok(null, req.body.approve ? '已同意' : '已驳回');
  });

  // the data API: public, authenticated by the app's key and signature
  app.get(
    `${OPEN_API_PREFIX}/:datasetCode`,
    { schema: { params: OpenParams, querystring: OpenQuery }, config: { access: 'public' } },
    async (req) => ok(await svc.openRead(app, req, req.params.datasetCode, req.query)),
  );
};
