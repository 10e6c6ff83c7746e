import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ok } from '@/shared/envelope';
import { badInput, notFound } from '@/server/errors';
import { saveUpload } from '@/server/uploads/store';
import { sendUpload } from '@/server/uploads/send-upload';
import {
  AddSignerBody,
  ApplyEditBody,
  ApproveBody,
  BatchApproveBody,
  CommentBody,
  DelegationBody,
  DelegationListQuery,
  DelegationUpdateBody,
  IdBody,
  InstanceIdBody,
  InstanceIdQuery,
  MonitorQuery,
  ProcessCreateBody,
  ProcessIdBody,
  ProcessListQuery,
  InstanceFileQuery,
  ProcessSaveBody,
  RecordQuery,
  StartableQuery,
  RejectBody,
  ResubmitBody,
  StartBody,
  TaskIdQuery,
  TaskListQuery,
  TaskUploadQuery,
  TerminateBody,
  TransferBody,
  ReassignBody,
  TaskCounts,
} from '../contract';
import type { Actor } from './engine';
import { saveFieldUpload } from '@/modules/forms/server/commands/save-field-upload';
import { fillerRoles } from '@/modules/forms/server/commands/form-audience';
import * as repo from './repository';
import { okResponse } from '@/shared/response-schema';
import { TaskListAnswer } from './response-schemas';
import * as svc from './service';

const P = '/workflow/api/v1.process';
const T = '/workflow/api/v1.task';
const I = '/workflow/api/v1.instance';
const M = '/workflow/api/v1.monitor';
const D = '/workflow/api/v1.delegation';

const actorOf = (req: FastifyRequest): Actor => ({
  userId: req.auth!.userId,
  name: req.auth!.realName || req.auth!.username,
  isAdmin: req.auth!.isAdmin,
});

/** Process definitions: administrators only. */
export const processRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admin = { access: 'admin' as const };
  app.get(`${P}/list/`, { schema: { querystring: ProcessListQuery }, config: admin }, async (req) =>
    ok(await repo.listProcesses(app.db, req.query)),
  );
  app.get(`${P}/detail/`, { schema: { querystring: ProcessIdBody }, config: admin }, async (req) =>
    ok(await svc.processDetail(app, req.query.id)),
  );
  app.get(`${P}/versions/`, { schema: { querystring: ProcessIdBody }, config: admin }, async (req) =>
    ok(await repo.listVersions(app.db, req.query.id)),
  );
  app.post(`${P}/create/`, { schema: { body: ProcessCreateBody }, config: admin }, async (req) =>
    ok(await svc.createProcess(app, actorOf(req), req.body), '创建成功'),
  );
  app.post(`${P}/save/`, { schema: { body: ProcessSaveBody }, config: admin }, async (req) =>
    ok(await svc.saveProcess(app, actorOf(req), req.body), '保存成功'),
  );
  app.post(`${P}/publish/`, { schema: { body: ProcessIdBody }, config: admin }, async (req) =>
    ok(await svc.publishProcess(app, actorOf(req), req.body.id), '发布成功'),
  );
  app.post(`${P}/disable/`, { schema: { body: ProcessIdBody }, config: admin }, async (req) => {
    await svc.setProcessEnabled(app, actorOf(req), req.body.id, false);
    return ok(null, '已停用');
  });
  app.post(`${P}/enable/`, { schema: { body: ProcessIdBody }, config: admin }, async (req) => {
    await svc.setProcessEnabled(app, actorOf(req), req.body.id, true);
    return ok(null, '已启用');
  });
};

/**
 * The approval centre. Signed-in callers; the service lets approvers act only on their own tasks
 * and applicants only on their own requests (403 otherwise).
 */
export const taskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const session = { access: 'session' as const };
  app.get(
    `${T}/list/`,
    { schema: { querystring: TaskListQuery, response: okResponse(TaskListAnswer) }, config: session },
    async (req) => ok(await repo.taskList(app.db, req.auth!.userId, req.query, Date.now())),
  );
  app.get(`${T}/counts/`, { schema: { response: okResponse(TaskCounts) }, config: session }, async (req) =>
    ok(await repo.taskCounts(app.db, req.auth!.userId)),
  );
  app.get(`${T}/detail/`, { schema: { querystring: TaskIdQuery }, config: session }, async (req) =>
    ok(await svc.taskView(app, actorOf(req), req.query.taskId)),
  );
  app.post(`${T}/approve/`, { schema: { body: ApproveBody }, config: session }, async (req) => {
    await svc.approve(app, actorOf(req), req.body);
    return ok(null, '已同意');
  });
  app.post(`${T}/reject/`, { schema: { body: RejectBody }, config: session }, async (req) => {
    await svc.reject(app, actorOf(req), req.body);
    return ok(null, '已退回');
  });
  app.post(`${T}/transfer/`, { schema: { body: TransferBody }, config: session }, async (req) => {
    await svc.transfer(app, actorOf(req), req.body);
    return ok(null, '已转交');
  });
  app.post(`${T}/addSigner/`, { schema: { body: AddSignerBody }, config: session }, async (req) => {
    await svc.addSigner(app, actorOf(req), req.body);
    return ok(null, '已加签');
  });
  app.post(`${T}/batchApprove/`, { schema: { body: BatchApproveBody }, config: session }, async (req) =>
    ok(await svc.batchApprove(app, actorOf(req), req.body.taskIds, req.body.comment)),
  );

  app.get(`${P}/startable/`, { schema: { querystring: StartableQuery }, config: session }, async (req) =>
    ok(await repo.startableProcesses(app.db, req.query, await fillerRoles(app.db, req.auth!))),
  );
  app.post(`${I}/start/`, { schema: { body: StartBody }, config: session }, async (req) =>
    ok(await svc.startFromSubmission(app, actorOf(req), req.body.submissionId), '已发起'),
  );
  app.get(`${I}/detail/`, { schema: { querystring: InstanceIdQuery }, config: session }, async (req) =>
    ok(await svc.instanceView(app, actorOf(req), req.query.instanceId)),
  );
  app.post(`${I}/withdraw/`, { schema: { body: InstanceIdBody }, config: session }, async (req) => {
    await svc.withdraw(app, actorOf(req), req.body.instanceId);
    return ok(null, '已撤回');
  });
  app.post(`${I}/resubmit/`, { schema: { body: ResubmitBody }, config: session }, async (req) => {
    await svc.resubmit(app, actorOf(req), req.body.instanceId, req.body.values, req.body.comment);
    return ok(null, '已重新提交');
  });
  app.post(`${I}/urge/`, { schema: { body: InstanceIdBody }, config: session }, async (req) => {
    await svc.urge(app, actorOf(req), req.body.instanceId);
    return ok(null, '已催办');
  });
  app.post(`${I}/comment/`, { schema: { body: CommentBody }, config: session }, async (req) => {
    await svc.comment(app, actorOf(req), req.body);
    return ok(null, '已评论');
  });
  app.post(`${I}/applyForEdit/`, { schema: { body: ApplyEditBody }, config: session }, async (req) =>
    ok(await svc.applyForEdit(app, actorOf(req), req.body), '修改申请已提交'),
  );
  app.get(`${I}/revisions/`, { schema: { querystring: InstanceIdQuery }, config: session }, async (req) =>
    ok(await svc.instanceRevisions(app, actorOf(req), req.query.instanceId)),
  );
  app.get(`${I}/file/`, { schema: { querystring: InstanceFileQuery }, config: session }, async (req, reply) => {
    const row = await svc.instanceFile(app, actorOf(req), req.query.instanceId, req.query.fileId);
    return sendUpload(app, reply, row);
  });
  app.post(`${T}/upload/`, { schema: { querystring: TaskUploadQuery }, config: session }, async (req) => {
    const { formId, field } = await svc.taskUploadTarget(app, actorOf(req), req.query.taskId, req.query.field);
    return ok(await saveFieldUpload(app, req, formId, field, req.auth!.userId), '上传成功');
  });
  app.post(`${I}/upload/`, { schema: { querystring: InstanceIdQuery }, config: session }, async (req) => {
    const inst = await repo.findInstance(app.db, req.query.instanceId);
    if (!inst) throw notFound('审批单不存在');
    if (!(await svc.isParticipant(app.db, inst, actorOf(req)))) throw notFound('审批单不存在');
    if (!req.isMultipart()) throw badInput('请选择要上传的文件', { field: 'file' });
    const maxBytes = 10 * 1024 * 1024;
    const file = await req.file({ limits: { fileSize: maxBytes + 1, files: 1 } });
    if (!file) throw badInput('请选择要上传的文件', { field: 'file' });
    const saved = await saveUpload(app, file, {
      purpose: `workflow:${inst.id}`,
      accept: ['png', 'jpeg', 'gif', 'webp', 'pdf', 'xlsx', 'docx', 'zip'],
      maxBytes,
      isPublic: false,
      ownerId: req.auth!.userId,
    });
    return ok({ id: saved.id, name: saved.name, size: saved.size, url: saved.url }, '上传成功');
  });

  // The public record: one instance by its unguessable token, nothing else.
  app.get(
    '/workflow/api/v1.record/',
    { schema: { querystring: RecordQuery }, config: { access: 'public' } },
    async (req) => ok(await svc.publicRecord(app, req.query.token)),
  );
};

/** Back office: the monitor and delegation rules (administrators). Department leaders are edited in the organization module. */
export const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admin = { access: 'admin' as const };
  app.get(`${M}/list/`, { schema: { querystring: MonitorQuery }, config: admin }, async (req) =>
    ok(await repo.monitorList(app.db, req.query, Date.now())),
  );
  app.get(`${M}/detail/`, { schema: { querystring: InstanceIdQuery }, config: admin }, async (req) =>
    ok(await svc.instanceView(app, actorOf(req), req.query.instanceId)),
  );
  app.post(`${M}/reassign/`, { schema: { body: ReassignBody }, config: admin }, async (req) => {
    await svc.reassign(app, actorOf(req), req.body);
    return ok(null, '已改派');
  });
  app.post(`${M}/terminate/`, { schema: { body: TerminateBody }, config: admin }, async (req) => {
    await svc.terminate(app, actorOf(req), req.body.instanceId, req.body.reason);
    return ok(null, '已终止');
  });

  app.get(`${D}/list/`, { schema: { querystring: DelegationListQuery }, config: admin }, async (req) =>
    ok(await repo.listDelegations(app.db, req.query)),
  );
  app.post(`${D}/create/`, { schema: { body: DelegationBody }, config: admin }, async (req) =>
    ok(await svc.createDelegation(app, actorOf(req), req.body), '创建成功'),
  );
  app.post(`${D}/update/`, { schema: { body: DelegationUpdateBody }, config: admin }, async (req) => {
    await svc.updateDelegation(app, actorOf(req), req.body);
    return ok(null, '保存成功');
  });
  app.post(`${D}/delete/`, { schema: { body: IdBody }, config: admin }, async (req) => {
    await svc.deleteDelegation(app, actorOf(req), req.body.id);
    return ok(null, '删除成功');
  });
};
