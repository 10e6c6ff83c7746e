import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '@/shared/envelope';
import { EventSaveBody, IdBody, RangeQuery, SchoolListQuery, SchoolSaveBody } from '../contract';
import * as repo from './repository';
import * as svc from './service';

const MINE = '/portal/api/v1.calendar';
const SCHOOL = '/portal/api/v1.schoolCalendar';

/** A person's calendar: what they see, their events, their subscription. */
export const calendarRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const user = { access: { any: ['calendar'] } };
  app.get(`${MINE}/events/`, { schema: { querystring: RangeQuery }, config: user }, async (req) =>
    ok(await svc.calendarOf(app.db, req.auth!, req.query)),
  );
  app.post(`${MINE}/save/`, { schema: { body: EventSaveBody }, config: user }, async (req) =>
    ok({ id: await svc.saveEvent(app.db, req.auth!, req.body) }, '日程已保存'),
  );
  app.post(`${MINE}/delete/`, { schema: { body: IdBody }, config: user }, async (req) => {
    await svc.deleteEvent(app.db, req.auth!, req.body.id);
    return ok(null, '日程已删除');
  });
  app.get(`${MINE}/feed/`, { config: user }, async (req) => ok(await svc.feedStatus(app.db, req.auth!.userId)));
  app.post(`${MINE}/feed/create/`, { config: user }, async (req) =>
    ok(await svc.createFeed(app.db, req.auth!.userId, `${req.protocol}://${req.host}`), '订阅链接已生成'),
  );
  app.post(`${MINE}/feed/revoke/`, { config: user }, async (req) => {
    await svc.revokeFeed(app.db, req.auth!.userId);
    return ok(null, '订阅链接已停用');
  });

  // The subscription itself: a phone's calendar app fetches it without a session, the token is the key.
  app.get(
    `${svc.FEED_PATH}/:file`,
    {
      schema: { params: Type.Object({ file: Type.String({ pattern: '^[A-Za-z0-9_-]{20,64}\\.ics$' }) }) },
      config: { access: 'public' },
    },
    async (req, reply) => {
      const text = await svc.feedText(app.db, req.params.file.slice(0, -4));
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(text);
    },
  );
};

/** Back office: the school calendar (terms, holidays, exams). */
export const schoolRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admin = { access: { any: ['schoolCalendar'] } };
  app.get(`${SCHOOL}/list/`, { schema: { querystring: SchoolListQuery }, config: admin }, async (req) =>
    ok({ ...(await repo.schoolPage(app.db, req.query)), page: req.query.page, pageSize: req.query.pageSize }),
  );
  app.post(`${SCHOOL}/save/`, { schema: { body: SchoolSaveBody }, config: admin }, async (req) =>
    ok({ id: await svc.saveSchool(app, req.body) }, '校历已保存'),
  );
  app.post(`${SCHOOL}/delete/`, { schema: { body: IdBody }, config: admin }, async (req) => {
    await svc.deleteSchool(app, req.body.id);
    return ok(null, '已删除');
  });
};
