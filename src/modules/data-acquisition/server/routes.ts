import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ok } from '@/shared/envelope';
import { keysetRows, sendExcel } from '@/server/excel/export';
import { MAX_ID } from '@/shared/ids';
import { PageFields } from '@/shared/paging';
import {
  ApproveBody,
  ApproveListQuery,
  CollabQuery,
  FillBody,
  IdBody,
  MineQuery,
  PART_STATE_LABELS,
  PeopleQuery,
  ProgressQuery,
  RECORD_STATE_LABELS,
  RecordsQuery,
  RejectBody,
  RemindBody,
  TaskListQuery,
  TaskSaveBody,
} from '../contract';
import * as repo from './repository';
import * as svc from './service';
import * as fill from './fill';
import * as approve from './approve';

const TASK = '/data/api/v1.acquisition';
const FILL = '/data/api/v1.acquisitionFill';
const APPROVE = '/data/api/v1.fillApprove';

/** Pages of task owners: who may create and manage collection tasks (their own; administrators every one). */
export const OWNER_ROUTES = [
  'acquisitionTask',
  'taskCreation',
  'publishPreview',
  'taskProgress',
  'collaborativeTasks',
] as const;

const actorOf = (req: FastifyRequest): svc.Actor => ({
  userId: req.auth!.userId,
  name: req.auth!.realName || req.auth!.username,
  isAdmin: req.auth!.isAdmin,
});

const stamp = (ms: number | null) => (ms === null ? '' : svc.beijing(ms));

/** Task owners: create, preview, publish, follow progress, remind, export. */
export const taskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const owner = { access: { any: [...OWNER_ROUTES] } };

  app.get(`${TASK}/list/`, { schema: { querystring: TaskListQuery }, config: owner }, async (req) => {
    const a = actorOf(req);
    return ok(await repo.listTasks(app.db, a.isAdmin ? null : a.userId, req.query));
  });
  app.get(`${TASK}/detail/`, { schema: { querystring: IdBody }, config: owner }, async (req) =>
    ok(await svc.taskDetail(app, actorOf(req), req.query.id)),
  );
  app.post(`${TASK}/save/`, { schema: { body: TaskSaveBody }, config: owner }, async (req) =>
    ok(await svc.saveTask(app, actorOf(req), req.body), '保存成功'),
  );
  app.get(`${TASK}/preview/`, { schema: { querystring: IdBody }, config: owner }, async (req) =>
    ok(await svc.previewTask(app, actorOf(req), req.query.id)),
  );
  app.post(`${TASK}/publish/`, { schema: { body: IdBody }, config: owner }, async (req) =>
    ok(await svc.publishTask(app, actorOf(req), req.body.id), '发布成功'),
  );
  app.post(`${TASK}/close/`, { schema: { body: IdBody }, config: owner }, async (req) => {
    await svc.closeTask(app, actorOf(req), req.body.id);
    return ok(null, '任务已结束');
  });
  app.post(`${TASK}/delete/`, { schema: { body: IdBody }, config: owner }, async (req) => {
    await svc.deleteTask(app, actorOf(req), req.body.id);
    return ok(null, '删除成功');
  });
  app.get(`${TASK}/progress/`, { schema: { querystring: ProgressQuery }, config: owner }, async (req) => {
    await svc.ownTask(app.db, actorOf(req), req.query.id);
    await approve.settle(app, { taskId: req.query.id });
    return ok(await repo.progressList(app.db, req.query));
  });
  app.get(`${TASK}/collab/`, { schema: { querystring: CollabQuery }, config: owner }, async (req) =>
    ok(await svc.collabProgress(app, actorOf(req), req.query.id, req.query)),
  );
  app.post(`${TASK}/remind/`, { schema: { body: RemindBody }, config: owner }, async (req) => {
    const r = await svc.remind(app, actorOf(req), req.body);
    return ok(r, r.people ? `已提醒 ${r.people} 人` : '所有人都已提交');
  });
  // The progress list as a spreadsheet, streamed in keyset pages (same filters as progress/).
  app.get(
    `${TASK}/export/`,
    { schema: { querystring: Type.Omit(ProgressQuery, Object.keys(PageFields) as never) }, config: owner },
    async (req, reply) => {
      const t = await svc.ownTask(app.db, actorOf(req), req.query.id);
      const q = { ...req.query, page: 1, pageSize: 1 };
      return sendExcel(reply, {
        filename: `${t.title}-填报进度.xlsx`,
        sheet: '填报进度',
        columns: [
          { header: '记录', width: 20, value: (r) => r.recordLabel },
          { header: '填报人', width: 12, value: (r) => r.userName },
          { header: '学工号', width: 14, value: (r) => r.userNo },
          { header: '部门', width: 20, value: (r) => r.department },
          { header: '本人填报', width: 10, value: (r) => PART_STATE_LABELS[r.part] },
          { header: '记录状态', width: 10, value: (r) => RECORD_STATE_LABELS[r.recordState] },
          { header: '提交时间', width: 18, value: (r) => stamp(r.submittedAt) },
          { header: '最近提醒', width: 18, value: (r) => stamp(r.remindedAt) },
        ],
        rows: keysetRows((after, limit) => repo.progressAfter(app.db, q as never, after, limit)),
      });
    },
  );
  app.get(`${TASK}/people/`, { schema: { querystring: PeopleQuery }, config: owner }, async (req) =>
    ok(await svc.peopleOptions(app, req.query)),
  );
  app.get(`${TASK}/table/`, { schema: { querystring: IdBody }, config: owner }, async (req) =>
    ok(await svc.targetTable(app, req.query.id)),
  );
  app.get(
    `${TASK}/processes/`,
    { schema: { querystring: Type.Object({ formId: Type.Integer({ minimum: 1, maximum: MAX_ID }) }) }, config: owner },
    async (req) => ok(await svc.processOptions(app, req.query.formId)),
  );
};

/**
 * Fillers (`session`): the service checks that the assignment is the caller's, since a task can
 * reach a person whose platform menu lacks the page (as the workflow's task routes).
 */
export const fillRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const session = { access: 'session' as const };
  app.get(`${FILL}/mine/`, { schema: { querystring: MineQuery }, config: session }, async (req) =>
    ok(await repo.mine(app.db, req.auth!.userId, req.query)),
  );
  app.get(
    `${FILL}/open/`,
    {
      schema: { querystring: Type.Object({ assignmentId: Type.Integer({ minimum: 1, maximum: MAX_ID }) }) },
      config: session,
    },
    async (req) => {
      const as = await repo.findAssignment(app.db, req.query.assignmentId);
      if (as && as.userId === req.auth!.userId) await approve.settle(app, { recordIds: [as.recordId] });
      return ok(await fill.openFill(app, actorOf(req), req.query.assignmentId));
    },
  );
  app.post(`${FILL}/save/`, { schema: { body: FillBody }, config: session }, async (req) =>
    ok(await fill.saveFill(app, actorOf(req), req.body), '已暂存'),
  );
  app.post(`${FILL}/submit/`, { schema: { body: FillBody }, config: session }, async (req) =>
    ok(await fill.submitFill(app, actorOf(req), req.body), '提交成功'),
  );
  app.get(`${FILL}/records/`, { schema: { querystring: RecordsQuery }, config: session }, async (req) =>
    ok(await repo.myRecords(app.db, req.auth!.userId, req.query)),
  );
};

/** The approval centre's fillApprove: 填报审批 (my workflow tasks) and 入库审批 (task owners). */
export const approveRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const session = { access: 'session' as const };
  app.get(`${APPROVE}/fills/`, { schema: { querystring: ApproveListQuery }, config: session }, async (req) =>
    ok(await approve.fillsToApprove(app, actorOf(req), req.query)),
  );
  app.get(`${APPROVE}/writes/`, { schema: { querystring: ApproveListQuery }, config: session }, async (req) =>
    ok(await approve.recordsToWrite(app, actorOf(req), req.query)),
  );
  app.get(`${APPROVE}/record/`, { schema: { querystring: IdBody }, config: session }, async (req) =>
    ok(await approve.recordView(app, actorOf(req), req.query.id)),
  );
  app.post(`${APPROVE}/approve/`, { schema: { body: ApproveBody }, config: session }, async (req) =>
    ok(await approve.approveRecord(app, actorOf(req), req.body), '已同意'),
  );
  app.post(`${APPROVE}/reject/`, { schema: { body: RejectBody }, config: session }, async (req) =>
    ok(await approve.rejectRecord(app, actorOf(req), req.body), req.body.action === 'return' ? '已退回' : '已驳回'),
  );
};
