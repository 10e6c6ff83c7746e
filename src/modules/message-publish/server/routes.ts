import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { AppError, badInput } from '@/server/errors';
import { saveUpload } from '@/server/uploads/store';
import { Codes } from '@/shared/errors';
import { ok } from '@/shared/envelope';
import {
  Audience,
  IdBody,
  IdQuery,
  ReleaseBody,
  ReleaseListQuery,
  TemplateBody,
  TemplateListQuery,
  UnreadQuery,
} from '../contract';
import { ATTACHMENT_PURPOSE } from './repository';
import * as svc from './service';

const T = '/message/api/v1.publishTemplate';
const R = '/message/api/v1.publish';

/** The pages of 消息发布 (web for office staff, cms for administrators): any of them opens the API. */
export const PUBLISHER_ROUTES = [
  'PublishMessageIndex',
  'TemplateLibrary',
  'MyRelease',
  'publishMessageDetail',
  'cmsPublishMessage',
  'cmsTemplateLibrary',
  'cmsMyRelease',
  'cmsPublishMessageDetail',
];

const actorOf = (req: FastifyRequest): svc.Actor => ({ userId: req.auth!.userId, isAdmin: req.auth!.isAdmin });

export const messagePublishRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const publisher = { access: { any: PUBLISHER_ROUTES } };

  app.get(`${T}/list/`, { schema: { querystring: TemplateListQuery }, config: publisher }, async (req) =>
    ok(await svc.listTemplates(app, actorOf(req), req.query)),
  );
  app.get(`${T}/categories/`, { config: publisher }, async () => ok(await svc.templateCategories(app)));
  app.post(`${T}/save/`, { schema: { body: TemplateBody }, config: publisher }, async (req) =>
    ok(await svc.saveTemplate(app, actorOf(req), req.body), '保存成功'),
  );
  app.post(`${T}/delete/`, { schema: { body: IdBody }, config: publisher }, async (req) => {
    await svc.deleteTemplate(app, actorOf(req), req.body.id);
    return ok(null, '删除成功');
  });

  app.get(`${R}/audienceOptions/`, { config: publisher }, async () => ok(await svc.audienceOptions(app)));
  app.post(`${R}/audienceCount/`, { schema: { body: Audience }, config: publisher }, async (req) =>
    ok(await svc.countAudience(app, req.body)),
  );
  app.post(`${R}/recipientList/`, { config: publisher }, async (req) => {
    const file = await req.file();
    if (!file) throw new AppError(Codes.messageRecipientList, 400, '请选择名单文件（.xlsx）');
    return ok(await svc.readRecipientList(app, file.file));
  });
  app.post(`${R}/attachment/`, { config: publisher }, async (req) => {
    const file = await req.file();
    if (!file) throw badInput('请选择附件', { field: 'file' });
    const saved = await saveUpload(app, file, {
      purpose: ATTACHMENT_PURPOSE,
      accept: ['pdf', 'docx', 'xlsx', 'zip', 'png', 'jpeg', 'gif', 'webp'],
      maxBytes: 20 * 1024 * 1024,
      isPublic: false,
      ownerId: req.auth!.userId,
    });
    return ok({ id: saved.id, name: saved.name, size: saved.size, url: saved.url }, '上传成功');
  });

  app.post(`${R}/create/`, { schema: { body: ReleaseBody }, config: publisher }, async (req) => {
    const r = await svc.createRelease(app, actorOf(req), req.body);
    return ok(r, r.status === 'approving' ? '已提交审批，通过后发布' : '发布成功');
  });
  app.get(`${R}/mine/`, { schema: { querystring: ReleaseListQuery }, config: publisher }, async (req) =>
    ok(await svc.listReleases(app, actorOf(req), req.query)),
  );
  app.get(`${R}/detail/`, { schema: { querystring: IdQuery }, config: publisher }, async (req) =>
    ok(await svc.releaseDetail(app, actorOf(req), req.query.id)),
  );
  app.get(`${R}/unread/`, { schema: { querystring: UnreadQuery }, config: publisher }, async (req) =>
    ok(await svc.unreadList(app, actorOf(req), req.query)),
  );
  app.post(`${R}/withdraw/`, { schema: { body: IdBody }, config: publisher }, async (req) =>
    ok(await svc.withdrawRelease(app, actorOf(req), req.body.id), '已撤回'),
  );

  // A recipient (any signed-in user the release was sent to) reads it in full.
  app.get(`${R}/view/`, { schema: { querystring: IdQuery }, config: { access: 'session' } }, async (req) =>
    ok(await svc.viewRelease(app, actorOf(req), req.query.id)),
  );
};
