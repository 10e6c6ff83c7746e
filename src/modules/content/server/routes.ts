import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ok } from '@/shared/envelope';
import { badInput } from '@/server/errors';
import { audit } from '@/server/identity/audit';
import { saveUpload } from '@/server/uploads/store';
import { IMAGE_KINDS } from '@/server/uploads/sniff';
import {
  CONTENT_LIMITS,
  HelpAdminListQuery,
  HelpArticleInput,
  HelpArticleUpdate,
  HelpCategoryInput,
  HelpPublicListQuery,
  IdQuery,
  NoticeAdminListQuery,
  NoticeInput,
  NoticeUpdate,
  type UploadedImage,
} from '../contract';
import * as repo from './repository';
import * as svc from './service';
import { MAX_ID } from '@/shared/ids';

const NOTICE = '/portal/api/v1.notice';
const HELP = '/portal/api/v1.help';

const actorOf = (req: FastifyRequest): svc.Actor => ({
  userId: req.auth!.userId,
  username: req.auth!.username,
  ip: req.ip,
});

/** One image for rich text; public because published content is read without signing in. */
async function uploadContentImage(app: FastifyInstance, req: FastifyRequest, purpose: string): Promise<UploadedImage> {
  if (!req.isMultipart()) throw badInput('请选择要上传的图片', { field: 'file' });
  const file = await req.file();
  if (!file) throw badInput('请选择要上传的图片', { field: 'file' });
  const saved = await saveUpload(app, file, {
    purpose,
    accept: IMAGE_KINDS,
    maxBytes: CONTENT_LIMITS.imageBytes,
    isPublic: true,
    ownerId: req.auth!.userId,
  });
  await audit(app.db, {
    action: 'content_image_uploaded',
    result: 'ok',
    actorId: req.auth!.userId,
    actorName: req.auth!.username,
    target: saved.id,
    detail: `${purpose} ${saved.name} ${saved.size}`,
    ip: req.ip,
  });
  return { id: saved.id, url: saved.url };
}

/** Notices and news for administrators (the public list and detail live in the home module). */
export const noticeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admin = { access: 'admin' as const };

  app.get(`${NOTICE}/adminList/`, { schema: { querystring: NoticeAdminListQuery }, config: admin }, async (req) =>
    ok(await repo.listNoticesForAdmin(app.db, req.query)),
  );

  app.get(`${NOTICE}/adminDetail/`, { schema: { querystring: IdQuery }, config: admin }, async (req) =>
    ok(await svc.getNoticeForAdmin(app, req.query.id)),
  );

  app.post(`${NOTICE}/create/`, { schema: { body: NoticeInput }, config: admin }, async (req) =>
    ok(await svc.createNotice(app, actorOf(req), req.body), '保存成功'),
  );

  app.post(`${NOTICE}/update/`, { schema: { body: NoticeUpdate }, config: admin }, async (req) => {
    await svc.updateNotice(app, actorOf(req), req.body);
    return ok(null, '保存成功');
  });

  app.post(`${NOTICE}/publish/`, { schema: { body: IdQuery }, config: admin }, async (req) => {
    await svc.publishNotice(app, actorOf(req), req.body.id);
    return ok(null, '发布成功');
  });

  app.post(`${NOTICE}/withdraw/`, { schema: { body: IdQuery }, config: admin }, async (req) => {
    await svc.withdrawNotice(app, actorOf(req), req.body.id);
    return ok(null, '已撤回');
  });

  app.post(`${NOTICE}/delete/`, { schema: { body: IdQuery }, config: admin }, async (req) => {
    await svc.deleteNotice(app, actorOf(req), req.body.id);
    return ok(null, '删除成功');
  });

  app.post(`${NOTICE}/uploadImage/`, { config: admin }, async (req) =>
    ok(await uploadContentImage(app, req, 'notice-image'), '上传成功'),
  );
};

/** The help centre: administrators edit it; anyone reads the published articles. */
export const helpRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admin = { access: 'admin' as const };
  const open = { access: 'public' as const };

  // --- administrators ---
  app.get(`${HELP}/categoryList/`, { config: admin }, async () => ok(await repo.listHelpCategories(app.db, false)));

  app.post(`${HELP}/saveCategory/`, { schema: { body: HelpCategoryInput }, config: admin }, async (req) =>
    ok(await svc.saveHelpCategory(app, actorOf(req), req.body), '保存成功'),
  );

  app.post(`${HELP}/deleteCategory/`, { schema: { body: IdQuery }, config: admin }, async (req) => {
    await svc.deleteHelpCategory(app, actorOf(req), req.body.id);
    return ok(null, '删除成功');
  });

  app.get(`${HELP}/articleList/`, { schema: { querystring: HelpAdminListQuery }, config: admin }, async (req) =>
    ok(await repo.listHelpArticles(app.db, req.query)),
  );

  app.get(`${HELP}/articleDetail/`, { schema: { querystring: IdQuery }, config: admin }, async (req) =>
    ok(await svc.getHelpArticle(app, req.query.id, false)),
  );

  app.post(`${HELP}/createArticle/`, { schema: { body: HelpArticleInput }, config: admin }, async (req) =>
    ok(await svc.createHelpArticle(app, actorOf(req), req.body), '保存成功'),
  );

  app.post(`${HELP}/updateArticle/`, { schema: { body: HelpArticleUpdate }, config: admin }, async (req) => {
    await svc.updateHelpArticle(app, actorOf(req), req.body);
    return ok(null, '保存成功');
  });

  app.post(`${HELP}/deleteArticle/`, { schema: { body: IdQuery }, config: admin }, async (req) => {
    await svc.deleteHelpArticle(app, actorOf(req), req.body.id);
    return ok(null, '删除成功');
  });

  app.post(`${HELP}/uploadImage/`, { config: admin }, async (req) =>
    ok(await uploadContentImage(app, req, 'help-image'), '上传成功'),
  );

  // --- everyone (the /web help page is public) ---
  app.get(`${HELP}/categories/`, { config: open }, async () => ok(await repo.listHelpCategories(app.db, true)));

  app.get(`${HELP}/list/`, { schema: { querystring: HelpPublicListQuery }, config: open }, async (req) =>
    ok(await repo.listHelpArticles(app.db, { ...req.query, status: 'published' })),
  );

  app.get(
    `${HELP}/detail/`,
    { schema: { querystring: Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) }) }, config: open },
    async (req) => ok(await svc.getHelpArticle(app, req.query.id, true)),
  );
};
