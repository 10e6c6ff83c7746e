import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '@/shared/envelope';
import { MAX_ID } from '@/shared/ids';
import { PageFields } from '@/shared/paging';
import {
  AssignBody,
  CareBody,
  DecideBody,
  DormHistoryQuery,
  FollowBody,
  IdQuery,
  PageQuery,
  ReplyBody,
  RequestBody,
  RequestListQuery,
  RuleQuery,
  RuleSaveBody,
  UnfollowBody,
  VisitBody,
  WarningListQuery,
} from '../contract';
import * as repo from './repository';
import * as svc from './service';
import * as tasks from './task-service';
import { noScope } from './scope';

const W = '/warning/api/v1.warning';
const T = '/warning/api/v1.warningTask';

/** Route names (menu permissions) of the ten lists; the phone pages reach the same calls. */
export const LIST_ROUTES = [
  'absentWarning',
  'studyWarning',
  'lateBackWarning',
  'unBackWarning',
  'disContactWarning',
  'solitaryWarning',
  'goDormitory',
  'leaveConfig',
  'dormHistory',
  'preciseFunding',
];
const TASK_ROUTES = [
  'taskWarning',
  'taskWarningReport',
  'taskWarningAssist',
  'taskWarningUnfollow',
  'taskFocusOn',
  'taskFocusOnReport',
  'taskFocusOnAssist',
  'taskFocusOnUnfollow',
];
const lists = { access: { any: LIST_ROUTES } };
const taskAccess = { access: { any: TASK_ROUTES } };
const both = { access: { any: [...new Set([...LIST_ROUTES, ...TASK_ROUTES])] } };

export const warningRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Also for the approval centre's 预警任务 holders: the phone opens that tile on the lists page, and a
  // staff member without students then reads 0x00000881 there rather than being signed out by 0x00000010.
  app.get(`${W}/list/`, { schema: { querystring: WarningListQuery }, config: both }, async (req) =>
    ok(await svc.listWarnings(app.db, req.auth!, req.query, req.ip)),
  );
  app.get(`${W}/detail/`, { schema: { querystring: IdQuery }, config: both }, async (req) =>
    ok(await svc.warningDetail(app.db, req.auth!, req.query.id, req.ip)),
  );
  app.get(`${W}/rule/`, { schema: { querystring: RuleQuery }, config: lists }, async (req) => {
    await svc.scopeFor(app.db, req.auth!);
    return ok(await svc.ruleOf(app.db, req.query.list));
  });
  app.post(`${W}/rule/save/`, { schema: { body: RuleSaveBody }, config: lists }, async (req) => {
    const s = await svc.scopeFor(app.db, req.auth!);
    await svc.saveRule(app.db, s, req.body.list, req.body.params, Date.now());
    return ok(null);
  });
  /** 立即重算 (学工处): the same job the schedule runs, queued now. */
  app.post(`${W}/recompute/`, { config: lists }, async (req) => {
    const s = await svc.scopeFor(app.db, req.auth!);
    if (!s.all) throw noScope();
    await app.jobs.runNow('early-warning.recompute');
    return ok(null);
  });
  app.post(`${W}/care/`, { schema: { body: CareBody }, config: both }, async (req) => {
    await svc.recordCare(app.db, req.auth!, req.body, Date.now());
    return ok(null);
  });
  app.get(`${W}/assignees/`, { schema: { querystring: IdQuery }, config: lists }, async (req) =>
    ok(await svc.assignOptions(app.db, req.auth!, req.query.id)),
  );
  app.post(`${W}/assign/`, { schema: { body: AssignBody }, config: lists }, async (req) => {
    await svc.assign(app.db, req.auth!, req.body.warningId, req.body.assigneeId, Date.now());
    return ok(null);
  });
  app.get(`${W}/visits/`, { schema: { querystring: PageQuery }, config: lists }, async (req) => {
    const s = await svc.scopeFor(app.db, req.auth!);
    return ok({ ...(await repo.visitPage(app.db, s, req.query)), page: req.query.page, pageSize: req.query.pageSize });
  });
  app.post(`${W}/visit/`, { schema: { body: VisitBody }, config: both }, async (req) => {
    await svc.recordVisit(app.db, req.auth!, req.body, Date.now());
    return ok(null);
  });
  app.get(`${W}/leaves/`, { schema: { querystring: PageQuery }, config: lists }, async (req) => {
    const s = await svc.scopeFor(app.db, req.auth!);
    return ok({ ...(await repo.leavePage(app.db, s, req.query)), page: req.query.page, pageSize: req.query.pageSize });
  });
  app.get(`${W}/dormHistory/`, { schema: { querystring: DormHistoryQuery }, config: lists }, async (req) =>
    ok(await svc.dormHistory(app.db, req.auth!, req.query, app)),
  );
};

export const taskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    `${T}/assigned/`,
    {
      schema: {
        querystring: Type.Object({
          ...PageFields,
          status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('closed'), Type.Literal('escalated')])),
        }),
      },
      config: taskAccess,
    },
    async (req) => {
      const page = await repo.assignedPage(app.db, req.auth!.userId, req.query);
      return ok({
        list: page.list.map((w) => ({
          id: w.id,
          list: w.list,
          studentNo: w.studentNo,
          studentName: w.studentName,
          collegeName: w.collegeName ?? '',
          period: w.period,
          reason: w.reason,
          status: w.status,
          detectedAt: Number(w.detectedAt),
        })),
        total: page.total,
        page: req.query.page,
        pageSize: req.query.pageSize,
      });
    },
  );
  app.get(`${T}/follows/`, { schema: { querystring: Type.Object(PageFields) }, config: taskAccess }, async (req) =>
    ok({
      ...(await repo.followPage(app.db, req.auth!.userId, req.query)),
      page: req.query.page,
      pageSize: req.query.pageSize,
    }),
  );
  app.post(`${T}/follow/`, { schema: { body: FollowBody }, config: both }, async (req) =>
    ok({ id: await tasks.follow(app.db, req.auth!, req.body, Date.now()) }),
  );
  app.get(`${T}/requests/`, { schema: { querystring: RequestListQuery }, config: taskAccess }, async (req) => {
    const s = await svc.scopeFor(app.db, req.auth!);
    return ok({
      ...(await tasks.withMyTasks(app.db, req.auth!.userId, await repo.requestPage(app.db, s, req.query))),
      page: req.query.page,
      pageSize: req.query.pageSize,
    });
  });
  app.post(`${T}/request/`, { schema: { body: RequestBody }, config: taskAccess }, async (req) =>
    ok({ id: await tasks.createRequest(app.db, req.auth!, req.body, Date.now()) }),
  );
  app.post(
    `${T}/unfollow/`,
    {
      schema: {
        body: Type.Object({
          source: Type.Union([Type.Literal('warning'), Type.Literal('focus')]),
          refId: Type.Integer({ minimum: 1, maximum: MAX_ID }),
          reason: UnfollowBody.properties.reason,
        }),
      },
      config: taskAccess,
    },
    async (req) => ok({ id: await tasks.requestUnfollow(app.db, req.auth!, req.body, Date.now()) }),
  );
  app.post(`${T}/decide/`, { schema: { body: DecideBody }, config: taskAccess }, async (req) => {
    await tasks.decide(app.db, req.auth!, req.body, Date.now());
    return ok(null);
  });
  app.post(`${T}/reply/`, { schema: { body: ReplyBody }, config: taskAccess }, async (req) => {
    await tasks.reply(app.db, req.auth!, req.body, Date.now());
    return ok(null);
  });
  app.get(`${T}/departments/`, { config: taskAccess }, async () =>
    ok(
      await app.db
        .selectFrom('department')
        .select(['id', 'name', 'kind'])
        .where('kind', 'in', ['college', 'office'])
        .orderBy('kind', 'desc')
        .orderBy('code')
        .execute(),
    ),
  );
};
