import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '@/shared/envelope';
import { badInput } from '@/server/errors';
import { sendExcel } from '@/server/excel/export';
import { saveUpload } from '@/server/uploads/store';
import { UPLOAD_MAX_BYTES } from '@/server/uploads/plugin';
import {
  ExportQuery,
  FileQuery,
  HallQuery,
  IdBody,
  IdQuery,
  KIND_LABELS,
  kindOfMime,
  LinkCreateBody,
  LinkListQuery,
  MineQuery,
  RecordQuery,
  SaveBody,
  ShareInfoQuery,
  ShareOpenBody,
  StatsQuery,
  type ResourceKind,
  type UploadAnswer,
} from '../contract';
import * as repo from './repository';
import * as svc from './service';
import { sendRange } from './send-range';

const RES = '/resource/api/v1.resource';
const LINK = '/resource/api/v1.resourceLink';
const STATS = '/resource/api/v1.resourceStats';
const SHARE = '/resource/api/v1.share';

/** Releasing pages: what a publisher's calls open to. */
const PUBLISHER = ['release', 'releaseList', 'linkGeneration', 'record'];

/** The hall, a resource's preview and favourites (permission `resource`), and the file behind a ticket. */
export const hallRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const hall = { access: { any: ['resource', ...PUBLISHER] } };
  app.get(`${RES}/hall/`, { schema: { querystring: HallQuery }, config: hall }, async (req) =>
    ok(await repo.hallPage(app.db, await svc.viewerOf(app.db, req.auth!.userId), req.query)),
  );
  app.get(`${RES}/options/`, { config: hall }, async () => ok(await repo.options(app.db)));
  app.post(`${RES}/open/`, { schema: { body: IdBody }, config: hall }, async (req) =>
    ok(await svc.open(app.db, req.auth!.userId, req.body.id)),
  );
  app.post(`${RES}/favorite/`, { schema: { body: IdBody }, config: hall }, async (req) => {
    await svc.favorite(app.db, req.auth!.userId, req.body.id, true);
    return ok(null, '已收藏');
  });
  app.post(`${RES}/unfavorite/`, { schema: { body: IdBody }, config: hall }, async (req) => {
    await svc.favorite(app.db, req.auth!.userId, req.body.id, false);
    return ok(null, '已取消收藏');
  });
  // The ticket is the capability (a preview's <iframe>/<video> cannot send the Authorization header).
  app.get(`${RES}/file/`, { schema: { querystring: FileQuery }, config: { access: 'public' } }, async (req, reply) =>
    sendRange(app, req, reply, await svc.ticketResource(app.db, req.query.ticket, Date.now())),
  );
};

/** Upload, save, release and my releases (permissions `release`, `releaseList`), access records (`record`). */
export const publisherRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const pub = { access: { any: ['release', 'releaseList'] } };
  app.post(`${RES}/upload/`, { config: pub }, async (req) => {
    const file = await req.file();
    if (!file) throw badInput('请选择要上传的文件', { field: 'file' });
    const saved = await saveUpload(app, file, {
      purpose: 'resource',
      accept: ['pdf', 'docx', 'xlsx', 'png', 'jpeg', 'gif', 'webp', 'mp4', 'webm'],
      maxBytes: UPLOAD_MAX_BYTES,
      isPublic: false,
      ownerId: req.auth!.userId,
    });
    const answer: UploadAnswer = {
      id: saved.id,
      name: saved.name,
      mime: saved.mime,
      size: saved.size,
      kind: kindOfMime(saved.mime),
    };
    return ok(answer, '上传成功');
  });
  app.post(`${RES}/save/`, { schema: { body: SaveBody }, config: pub }, async (req) =>
    ok(await svc.save(app.db, req.auth!.userId, req.body), '已保存'),
  );
  app.get(`${RES}/get/`, { schema: { querystring: IdQuery }, config: pub }, async (req) =>
    ok(await svc.editView(app.db, req.auth!.userId, req.query.id)),
  );
  app.get(`${RES}/mine/`, { schema: { querystring: MineQuery }, config: { access: { any: PUBLISHER } } }, async (req) =>
    ok(await repo.minePage(app.db, req.auth!.userId, req.query)),
  );
  app.post(`${RES}/release/`, { schema: { body: IdBody }, config: pub }, async (req) => {
    await svc.setStatus(app.db, req.auth!.userId, req.body.id, 'released');
    return ok(null, '已发布');
  });
  app.post(`${RES}/withdraw/`, { schema: { body: IdBody }, config: pub }, async (req) => {
    await svc.setStatus(app.db, req.auth!.userId, req.body.id, 'draft');
    return ok(null, '已撤回为草稿');
  });
  app.post(`${RES}/delete/`, { schema: { body: IdBody }, config: pub }, async (req) => {
    await svc.remove(app.db, req.auth!.userId, req.body.id);
    return ok(null, '已删除');
  });
  app.get(
    `${RES}/records/`,
    { schema: { querystring: RecordQuery }, config: { access: { any: ['record'] } } },
    async (req) => ok(await repo.recordPage(app.db, req.auth!.userId, req.query)),
  );
};

/** Shareable links of my resources: list and history, create, revoke. */
export const linkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const links = { access: { any: ['linkGeneration', 'releaseList'] } };
  app.get(`${LINK}/list/`, { schema: { querystring: LinkListQuery }, config: links }, async (req) =>
    ok(await repo.linkPage(app.db, req.auth!.userId, req.query, Date.now())),
  );
  app.post(`${LINK}/create/`, { schema: { body: LinkCreateBody }, config: links }, async (req) =>
    ok(await svc.createLink(app.db, req.auth!.userId, req.body), '分享链接已生成'),
  );
  app.post(`${LINK}/revoke/`, { schema: { body: IdBody }, config: links }, async (req) => {
    await svc.revokeLink(app.db, req.auth!.userId, req.body.id);
    return ok(null, '链接已撤销');
  });
};

/** The three reports and their export (permission `statistics`). */
export const statsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const stats = { access: { any: ['statistics'] } };
  app.get(`${STATS}/report/`, { schema: { querystring: StatsQuery }, config: stats }, async (req) =>
    ok(await repo.stats(app.db, req.query)),
  );
  app.get(`${STATS}/export/`, { schema: { querystring: ExportQuery }, config: stats }, async (req, reply) => {
    const s = await repo.stats(app.db, req.query);
    type Row = { a: string; b: string | number; c: number; d: number };
    async function* rows(list: Row[]) {
      yield* list;
    }
    const spec = {
      resource: {
        title: '资源报表',
        headers: ['分类', '名称', '资源数', '访问次数'],
        list: [
          ...s.byKind.map((r) => ({
            a: '类型',
            b: KIND_LABELS[r.name as ResourceKind] ?? r.name,
            c: r.count,
            d: r.views,
          })),
          ...s.byDepartment.map((r) => ({ a: '部门', b: r.name, c: r.count, d: r.views })),
        ],
      },
      access: {
        title: '访问报表',
        headers: ['日期', '预览', '下载', '链接访问'],
        list: s.access.map((r) => ({ a: r.day, b: r.view, c: r.download, d: r.link })),
      },
      label: {
        title: '标签报表',
        headers: ['标签', '', '资源数', '访问次数'],
        list: s.labels.map((r) => ({ a: r.name, b: '', c: r.count, d: r.views })),
      },
    }[req.query.report];
    const keys = ['a', 'b', 'c', 'd'] as const;
    return sendExcel<Row>(reply, {
      filename: `${spec.title}.xlsx`,
      sheet: spec.title,
      columns: spec.headers
        .map((header, i) => ({ header, key: keys[i]! }))
        .filter((c) => c.header)
        .map((c) => ({ header: c.header, width: 20, value: (r: Row) => r[c.key] })),
      rows: rows(spec.list),
    });
  });
};

/** A visitor opening a shareable link: no sign-in; the password check is rate limited per address. */
export const shareRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(`${SHARE}/info/`, { schema: { querystring: ShareInfoQuery }, config: { access: 'public' } }, async (req) =>
    ok(await svc.shareInfo(app.db, req.query.token)),
  );
  app.post(
    `${SHARE}/open/`,
    {
      schema: { body: ShareOpenBody },
      config: { access: 'public', rateLimit: { max: app.config.rateLimits.login, timeWindow: '1 minute' } },
    },
    async (req) => ok(await svc.shareOpen(app.db, req.body.token, req.body.password)),
  );
};
