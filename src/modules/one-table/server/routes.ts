import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '@/shared/envelope';
import { badInput } from '@/server/errors';
import { authorisedRouteNames } from '@/server/identity/menus';
import { keysetRows, sendExcel } from '@/server/excel/export';
import { saveUpload } from '@/server/uploads/store';
import {
  CORRECTION_STATE_LABELS,
  DecideBody,
  LayoutQuery,
  LayoutSaveBody,
  MineQuery,
  MyDataQuery,
  ResolveBody,
  RevealBody,
  SubmitBody,
  TodoQuery,
  WRITE_STATE_LABELS,
} from '../contract';
import { pendingTasksOf } from '@/modules/workflow/server/commands/instances';
import * as repo from './repository';
import * as svc from './service';
import { correctionProcesses } from './correction-flow';

const P = '/data/api/v1.oneTable';

/** The person's own pages (every platform's 一表通 entries). */
export const PERSON_ROUTES = ['myDataCenter', 'errorCorrectionPage', 'errorCorrectionRecord', 'mobileMyData'] as const;
/** The owning departments' approval page: decide requests, look at a person's data in scope. */
export const DECIDER_ROUTES = ['oneTable'] as const;

export const oneTableRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const person = { access: { any: [...PERSON_ROUTES, ...DECIDER_ROUTES] } };
  const decider = { access: { any: [...DECIDER_ROUTES] } };
  const manage = { access: { any: ['oneTablePageManage'] } };

  /** Staff may look at another person only with the approval page (their role) — scope is checked in the service. */
  const mayViewOthers = async (req: Parameters<typeof svc.actorOf>[0]) =>
    req.auth!.isAdmin || (await authorisedRouteNames(app.db, req.auth!)).has('oneTable');

  app.get(`${P}/layout/`, { schema: { querystring: LayoutQuery }, config: manage }, async (req) =>
    ok(await svc.layoutOf(app.db, req.query.audience)),
  );
  app.post(`${P}/layout/save/`, { schema: { body: LayoutSaveBody }, config: manage }, async (req) => {
    await svc.saveLayout(app, svc.actorOf(req), req.body.audience, req.body.groups);
    return ok(null, '保存成功');
  });

  app.get(`${P}/myData/`, { schema: { querystring: MyDataQuery }, config: person }, async (req) =>
    ok(await svc.myData(app, svc.actorOf(req), req.query.userNo, await mayViewOthers(req))),
  );
  app.post(`${P}/reveal/`, { schema: { body: RevealBody }, config: person }, async (req) =>
    ok(await svc.reveal(app, svc.actorOf(req), req.body, await mayViewOthers(req))),
  );

  app.post(`${P}/evidence/`, { config: person }, async (req) => {
    if (!req.isMultipart()) throw badInput('请选择要上传的文件', { field: 'file' });
    const maxBytes = 10 * 1024 * 1024;
    const file = await req.file({ limits: { fileSize: maxBytes + 1, files: 1 } });
    if (!file) throw badInput('请选择要上传的文件', { field: 'file' });
    const saved = await saveUpload(app, file, {
      purpose: 'one-table:evidence',
      accept: ['png', 'jpeg', 'gif', 'webp', 'pdf'],
      maxBytes,
      isPublic: false,
      ownerId: req.auth!.userId,
    });
    return ok({ id: saved.id, name: saved.name, url: saved.url }, '上传成功');
  });
  app.post(`${P}/correction/submit/`, { schema: { body: SubmitBody }, config: person }, async (req) =>
    ok(await svc.submit(app, svc.actorOf(req), req.body), '已提交，等待数据负责部门审核'),
  );
  app.get(`${P}/correction/mine/`, { schema: { querystring: MineQuery }, config: person }, async (req) => {
    const page = await repo.listCorrections(
      app.db,
      { applicantId: req.auth!.userId, state: req.query.state },
      req.query,
    );
    return ok({ ...page, list: await svc.withFlow(app, page.list, []) });
  });

  app.get(`${P}/correction/todo/`, { schema: { querystring: TodoQuery }, config: decider }, async (req) => {
    const actor = svc.actorOf(req);
    const departments = await svc.deciderScope(app, actor);
    // My approval tasks (any process, any department) and my department's requests (their history).
    const tasks = await pendingTasksOf(app.db, actor.userId, { limit: 5000 });
    const page = await repo.listCorrections(
      app.db,
      {
        departments,
        orInstances: tasks.map((t) => t.instanceId),
        state: req.query.state,
        tableCode: req.query.tableCode,
      },
      req.query,
    );
    return ok({ ...page, list: await svc.withFlow(app, await svc.withConflicts(app, page.list), tasks) });
  });
  app.get(`${P}/processes/`, { schema: { querystring: Type.Object({}) }, config: manage }, async () =>
    ok(await correctionProcesses(app.db)),
  );
  const decided = (c: { state: string }) => (c.state === 'approved' ? '已通过，数据已更新' : '已同意，等待后续审批');
  app.post(`${P}/correction/approve/`, { schema: { body: DecideBody }, config: decider }, async (req) => {
    const item = await svc.decideCorrection(app, svc.actorOf(req), req.body, true);
    return ok(item, decided(item));
  });
  app.post(`${P}/correction/resolveConflict/`, { schema: { body: ResolveBody }, config: decider }, async (req) =>
    ok(
      await svc.resolveConflict(app, svc.actorOf(req), req.body),
      req.body.keep === 'source' ? '已采用源系统的值' : '已保留核准值',
    ),
  );
  app.post(`${P}/correction/reject/`, { schema: { body: DecideBody }, config: decider }, async (req) =>
    ok(await svc.decideCorrection(app, svc.actorOf(req), req.body, false), '已驳回'),
  );

  const summaryAccess = { access: { any: ['taskErrorCorrectionSummary', 'oneTableCorrectionSummary'] } };
  app.get(`${P}/summary/`, { schema: { querystring: Type.Object({}) }, config: summaryAccess }, async (req) =>
    ok(await svc.summary(app, svc.actorOf(req))),
  );
  app.get(
    `${P}/summary/export/`,
    { schema: { querystring: Type.Object({}) }, config: summaryAccess },
    async (req, reply) => {
      const departments = await svc.deciderScope(app, svc.actorOf(req));
      const names = new Map<number, string>();
      return sendExcel(reply, {
        filename: '纠错汇总.xlsx',
        sheet: '纠错汇总',
        rows: keysetRows(async (after, limit) => {
          const rows = await repo.correctionsAfter(app.db, departments, after, limit);
          const missing = rows.map((r) => r.ownerDepartmentId).filter((d): d is number => d !== null && !names.has(d));
          for (const [k, v] of await repo.departmentNames(app.db, [...new Set(missing)])) names.set(k, v);
          return rows.map((r) => repo.toItem(r, names));
        }),
        columns: [
          { header: '申请时间', width: 20, value: (c) => svc.beijingTime(c.createdAt) },
          { header: '申请人', width: 12, value: (c) => c.applicantName },
          { header: '学号/工号', width: 14, value: (c) => c.personNo },
          { header: '数据表', width: 16, value: (c) => c.tableName },
          { header: '字段', width: 12, value: (c) => c.fieldLabel },
          { header: '原值', width: 16, value: (c) => c.oldValue },
          { header: '建议值', width: 16, value: (c) => c.newValue },
          { header: '负责部门', width: 16, value: (c) => c.department ?? '' },
          { header: '状态', width: 10, value: (c) => CORRECTION_STATE_LABELS[c.state] },
          { header: '写回', width: 10, value: (c) => WRITE_STATE_LABELS[c.writeState] },
          { header: '审核意见', width: 24, value: (c) => c.answer },
          { header: '处理时间', width: 20, value: (c) => (c.decidedAt === null ? '' : svc.beijingTime(c.decidedAt)) },
        ],
      });
    },
  );

  // Evidence files: the applicant, and deciders of a request that cites the file.
  app.fileReadRules.set('one-table:', async (req, file) => {
    if (!req.auth) return false;
    if (req.auth.isAdmin || file.ownerId === req.auth.userId) return true;
    const scope = await svc.deciderScope(app, svc.actorOf(req));
    const readers = await repo.evidenceReaders(app.db, file.id);
    if (readers.some((r) => r.ownerDepartmentId !== null && (scope ?? []).includes(r.ownerDepartmentId))) return true;
    // An approver of another process (chosen per field) reads it while the request waits for them.
    const instanceIds = readers.map((r) => r.instanceId).filter((x): x is number => x !== null);
    return (await pendingTasksOf(app.db, req.auth.userId, { instanceIds, limit: 1 })).length > 0;
  });
};
