import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ok } from '@/shared/envelope';
import { badInput, notAuthenticated } from '@/server/errors';
import { saveUpload } from '@/server/uploads/store';
import { IMAGE_KINDS } from '@/server/uploads/sniff';
import { publishedProcessesOfForm } from '@/modules/workflow/server/commands/instances';
import {
  AdminItemQuery,
  CatalogueQuery,
  FavoriteBody,
  IdBody,
  ItemSaveBody,
  LimitQuery,
  OrderBody,
  ProcessesQuery,
  RulesBody,
  SERVICE_HALL_LIMITS,
  SpecialSaveBody,
  type AffairLink,
  type ItemCard,
  type UploadedFile,
} from '../contract';
import * as repo from './repository';
import * as svc from './service';
import { viewerOf, type Viewer } from './viewer';

export const ITEM = '/affairs/api/v1.item';
export const AFFAIRS = '/affairs/api/v1.affairs';
export const TOOL = '/affairs/api/v1.serviceTool';

const actorOf = (req: FastifyRequest): svc.Actor => ({
  userId: req.auth!.userId,
  name: req.auth!.realName || req.auth!.username,
  ip: req.ip,
});

const link = (c: ItemCard): AffairLink => ({
  id: c.id,
  name: c.name,
  departmentName: c.departmentName,
  modes: c.modes,
  path: c.path,
});

/** The public faces: catalogue, guide, top affairs and special services (visitors see public items). */
export const publicRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const pub = { access: 'public' as const };
  const session = { access: 'session' as const };
  const viewer = (req: FastifyRequest) => viewerOf(app.db, req.auth);
  const signedIn = async (req: FastifyRequest): Promise<Viewer> => {
    const v = await viewer(req);
    if (!v) throw notAuthenticated('请先登录');
    return v;
  };

  app.get(`${ITEM}/list/`, { schema: { querystring: CatalogueQuery }, config: pub }, async (req) => {
    const v = req.query.favorites ? await signedIn(req) : await viewer(req);
    return ok(await repo.catalogue(app.db, v, req.query));
  });
  app.get(`${ITEM}/facets/`, { config: pub }, async (req) => ok(await repo.facets(app.db, await viewer(req))));
  app.get(`${ITEM}/detail/`, { schema: { querystring: IdBody }, config: pub }, async (req) =>
    ok(await svc.guide(app.db, await viewer(req), req.query.id)),
  );
  app.post(`${ITEM}/apply/`, { schema: { body: IdBody }, config: session }, async (req) =>
    ok(await svc.apply(app, await signedIn(req), req.body.id)),
  );
  app.post(`${ITEM}/favorite/`, { schema: { body: FavoriteBody }, config: session }, async (req) => {
    await svc.setFavorite(app, await signedIn(req), req.body.id, req.body.on);
    return ok(null, req.body.on ? '已收藏' : '已取消收藏');
  });

  // Spec section 7: topAffairs (most used items the caller may see) and specifiedAffairs (special services).
  app.get(`${AFFAIRS}/topAffairs/`, { schema: { querystring: LimitQuery }, config: pub }, async (req) =>
    ok((await repo.topItems(app.db, await viewer(req), req.query.limit ?? 8)).map(link)),
  );
  app.get(`${AFFAIRS}/specifiedAffairs/`, { config: pub }, async () => ok(await svc.specialCards(app.db)));
  app.get(`${AFFAIRS}/special/`, { schema: { querystring: IdBody }, config: pub }, async (req) =>
    ok(await svc.specialDetail(app.db, await viewer(req), req.query.id)),
  );
  app.get(`${AFFAIRS}/myFrequent/`, { schema: { querystring: LimitQuery }, config: session }, async (req) =>
    ok((await repo.frequentItems(app.db, await signedIn(req), req.query.limit ?? 8)).map(link)),
  );
};

const UploadKind = Type.Object({ kind: Type.Union([Type.Literal('template'), Type.Literal('image')]) });

/** The back office (服务工具): items, their rules, special services. Administrators only. */
export const toolRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admin = { access: 'admin' as const };

  app.get(`${TOOL}/list/`, { schema: { querystring: AdminItemQuery }, config: admin }, async (req) =>
    ok(await repo.adminList(app.db, req.query)),
  );
  app.get(`${TOOL}/detail/`, { schema: { querystring: IdBody }, config: admin }, async (req) =>
    ok(await svc.adminDetail(app.db, req.query.id)),
  );
  app.post(`${TOOL}/save/`, { schema: { body: ItemSaveBody }, config: admin }, async (req) =>
    ok(await svc.saveItem(app, actorOf(req), req.body), '保存成功'),
  );
  app.post(`${TOOL}/publish/`, { schema: { body: IdBody }, config: admin }, async (req) => {
    await svc.setStatus(app, actorOf(req), req.body.id, 'published');
    return ok(null, '发布成功');
  });
  app.post(`${TOOL}/withdraw/`, { schema: { body: IdBody }, config: admin }, async (req) => {
    await svc.setStatus(app, actorOf(req), req.body.id, 'withdrawn');
    return ok(null, '已撤回');
  });
  app.post(`${TOOL}/copy/`, { schema: { body: IdBody }, config: admin }, async (req) =>
    ok(await svc.copyItem(app, actorOf(req), req.body.id), '已复制为草稿'),
  );
  app.post(`${TOOL}/order/`, { schema: { body: OrderBody }, config: admin }, async (req) => {
    await svc.orderItems(app, actorOf(req), req.body.items);
    return ok(null, '排序已保存');
  });
  app.post(`${TOOL}/rules/`, { schema: { body: RulesBody }, config: admin }, async (req) => {
    await svc.saveRules(app, actorOf(req), req.body);
    return ok(null, '权限已保存');
  });
  app.get(`${TOOL}/ruleOptions/`, { config: admin }, async () => ok(await repo.ruleOptions(app.db)));
  app.get(`${TOOL}/processes/`, { schema: { querystring: ProcessesQuery }, config: admin }, async (req) =>
    ok(await publishedProcessesOfForm(app.db, req.query.formId)),
  );
  app.post(`${TOOL}/upload/`, { schema: { querystring: UploadKind }, config: admin }, async (req) => {
    if (!req.isMultipart()) throw badInput('请选择要上传的文件', { field: 'file' });
    const image = req.query.kind === 'image';
    const maxBytes = image ? SERVICE_HALL_LIMITS.imageBytes : SERVICE_HALL_LIMITS.templateBytes;
    const file = await req.file({ limits: { fileSize: maxBytes + 1, files: 1 } });
    if (!file) throw badInput('请选择要上传的文件', { field: 'file' });
    // Public: templates, maps and banners are read by visitors.
    const saved = await saveUpload(app, file, {
      purpose: image ? svc.PURPOSE.image : svc.PURPOSE.template,
      accept: image ? IMAGE_KINDS : ['pdf', 'docx', 'xlsx', 'zip'],
      maxBytes,
      isPublic: true,
      ownerId: req.auth!.userId,
    });
    const answer: UploadedFile = { id: saved.id, url: saved.url, name: saved.name };
    return ok(answer, '上传成功');
  });

  app.get(`${TOOL}/special/list/`, { config: admin }, async () => ok(await svc.adminSpecials(app.db)));
  app.post(`${TOOL}/special/save/`, { schema: { body: SpecialSaveBody }, config: admin }, async (req) =>
    ok(await svc.saveSpecial(app, actorOf(req), req.body), '保存成功'),
  );
  app.post(`${TOOL}/special/delete/`, { schema: { body: IdBody }, config: admin }, async (req) => {
    await svc.deleteSpecial(app, actorOf(req), req.body.id);
    return ok(null, '删除成功');
  });
};
