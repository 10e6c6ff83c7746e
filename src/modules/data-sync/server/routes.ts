import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '@/shared/envelope';
import { AppError } from '@/server/errors';
import { Codes } from '@/shared/errors';
import {
  SyncEnableBody,
  SyncFieldsQuery,
  SyncIdFields,
  SyncListQuery,
  SyncRunListQuery,
  SyncSaveBody,
  WriteBackSaveBody,
} from '../contract';
import * as repo from './repository';
import * as svc from './service';
import * as writeBack from './write-back';

const SYNC = '/data/api/v1.sync';
const RUN = '/data/api/v1.syncRun';

/** 同步管理 (back office): administrators only, like the rest of publicTool. */
export const syncRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admin = { access: 'admin' as const };
  const actor = (req: FastifyRequest) => req.auth?.userId ?? null;

  app.get(`${SYNC}/list/`, { schema: { querystring: SyncListQuery }, config: admin }, async (req) =>
    ok(await svc.listSyncs(app, req.query)),
  );

  app.get(`${SYNC}/detail/`, { schema: { querystring: SyncIdFields }, config: admin }, async (req) =>
    ok(await svc.syncDetail(app, req.query.id)),
  );

  app.get(`${SYNC}/fields/`, { schema: { querystring: SyncFieldsQuery }, config: admin }, async (req) =>
    ok(await svc.syncFields(app, req.query)),
  );

  app.post(`${SYNC}/create/`, { schema: { body: SyncSaveBody }, config: admin }, async (req) => {
    const id = await svc.createSync(app, app.db, { ...req.body, ownerId: req.body.ownerId ?? null }, actor(req));
    return ok({ id }, '创建成功');
  });

  app.post(`${SYNC}/update/`, { schema: { body: SyncSaveBody }, config: admin }, async (req) => {
    if (req.body.id === undefined) throw new AppError(Codes.inputError, 400, '缺少同步编号', { field: 'id' });
    await svc.updateSync(app, req.body.id, { ...req.body, ownerId: req.body.ownerId ?? null });
    return ok({ id: req.body.id }, '保存成功');
  });

  app.post(`${SYNC}/delete/`, { schema: { body: SyncIdFields }, config: admin }, async (req) => {
    await svc.deleteSync(app, req.body.id);
    return ok(null, '已删除');
  });

  app.post(`${SYNC}/enable/`, { schema: { body: SyncEnableBody }, config: admin }, async (req) => {
    await svc.setSyncEnabled(app, req.body.id, req.body.enabled);
    return ok(null, req.body.enabled ? '已启用' : '已停用');
  });

  app.post(`${SYNC}/run/`, { schema: { body: SyncIdFields }, config: admin }, async (req) => {
    const r = await svc.queueRun(app, req.body.id, 'manual', actor(req));
    if (r.already)
      throw new AppError(Codes.syncAlreadyRunning, 409, '该同步正在运行，请等待本次完成', { runId: r.runId });
    return ok({ runId: r.runId }, '已开始同步');
  });

  // 一表通 write-back settings of a sync (administrators): GET answers the config or null.
  app.get(`${SYNC}/writeBack/`, { schema: { querystring: SyncIdFields }, config: admin }, async (req) =>
    ok(await writeBack.getWriteBack(app, req.query.id)),
  );
  app.post(`${SYNC}/writeBack/`, { schema: { body: WriteBackSaveBody }, config: admin }, async (req) => {
    await writeBack.saveWriteBack(app, req.body.id, req.body.config);
    return ok(null, req.body.config ? '写回设置已保存' : '已关闭写回');
  });

  app.get(`${RUN}/list/`, { schema: { querystring: SyncRunListQuery }, config: admin }, async (req) =>
    ok(await repo.listRuns(app.db, req.query)),
  );

  app.post(`${RUN}/cancel/`, { schema: { body: SyncIdFields }, config: admin }, async (req) => {
    await svc.cancelRun(app, req.body.id);
    return ok(null, '已取消');
  });
};
