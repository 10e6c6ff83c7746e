import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '@/shared/envelope';
import {
  BookBody,
  CallbackActBody,
  CallbackBody,
  CallbackListQuery,
  DeskQuery,
  IdBody,
  ItemQuery,
  MyBookingsQuery,
  PermitIssueBody,
  PermitListQuery,
  PermitRevokeBody,
  SlotsQuery,
  VerifyQuery,
  WindowListQuery,
  WindowSaveBody,
} from '../contract';
import * as booking from './booking';
import * as callbacks from './callbacks';
import * as permits from './permits';
import * as repo from './repository';
import { actorOf, staffScope } from './scope';

const BOOKING = '/affairs/api/v1.booking';
const CALLBACK = '/affairs/api/v1.callback';
const PERMIT = '/affairs/api/v1.permit';

/** Department staff pages (web) and their back-office twins (cms): who may handle bookings, call-backs and permits. */
export const DESK_ROUTES = ['bookingDesk', 'cmsBookingDesk'] as const;
export const CALLBACK_DESK_ROUTES = ['callbackDesk', 'cmsCallbackDesk'] as const;
export const PERMIT_DESK_ROUTES = ['permitDesk', 'cmsPermitDesk'] as const;
export const WINDOW_ROUTES = ['bookingWindows'] as const;
const STAFF_ROUTES = [...DESK_ROUTES, ...CALLBACK_DESK_ROUTES, ...PERMIT_DESK_ROUTES, ...WINDOW_ROUTES];

const DateQuery = Type.Object({
  date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  windowId: Type.Optional(IdBody.properties.id),
});

/** The applicant's side: booking, call-backs and permits, and the public verification. */
export const applicantRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const session = { access: 'session' as const };
  const open = { access: 'public' as const };

  app.get(`${BOOKING}/overview/`, { schema: { querystring: ItemQuery }, config: open }, async (req) =>
    ok(await booking.overview(app, req.auth, req.query.itemId)),
  );
  app.get(`${BOOKING}/slots/`, { schema: { querystring: SlotsQuery }, config: open }, async (req) =>
    ok(await booking.daySlots(app, req.auth, req.query.itemId, req.query.date)),
  );
  app.post(`${BOOKING}/book/`, { schema: { body: BookBody }, config: session }, async (req) =>
    ok(await booking.book(app, req.auth!, req.body), '预约成功'),
  );
  app.post(`${BOOKING}/cancel/`, { schema: { body: IdBody }, config: session }, async (req) => {
    await booking.cancel(app, req.auth!, req.body.id);
    return ok(null, '已取消预约');
  });
  app.get(`${BOOKING}/mine/`, { schema: { querystring: MyBookingsQuery }, config: session }, async (req) => {
    const now = Date.now();
    const res = await repo.myBookings(app.db, req.auth!.userId, req.query, now);
    const names = await booking.itemNamesOf(
      app.db,
      res.list.map((b) => b.itemId),
    );
    return ok({
      total: res.total,
      list: res.list.map((b) => booking.bookingRow(b, names, now)),
      page: req.query.page,
      pageSize: req.query.pageSize,
    });
  });

  app.get(`${CALLBACK}/item/`, { schema: { querystring: ItemQuery }, config: open }, async (req) =>
    ok(await callbacks.itemBrief(app, req.auth, req.query.itemId)),
  );
  app.post(`${CALLBACK}/create/`, { schema: { body: CallbackBody }, config: session }, async (req) =>
    ok(await callbacks.create(app, req.auth!, req.body), '已提交回电申请'),
  );
  app.get(`${CALLBACK}/mine/`, { schema: { querystring: CallbackListQuery }, config: session }, async (req) =>
    ok(await callbacks.mine(app, req.auth!, req.query)),
  );
  app.get(`${CALLBACK}/detail/`, { schema: { querystring: IdBody }, config: session }, async (req) =>
    ok(await callbacks.detail(app, actorOf(req.auth!), req.query.id)),
  );
  app.post(`${CALLBACK}/cancel/`, { schema: { body: IdBody }, config: session }, async (req) => {
    await callbacks.cancel(app, req.auth!, req.body.id);
    return ok(null, '已撤销');
  });

  app.get(`${PERMIT}/mine/`, { schema: { querystring: PermitListQuery }, config: session }, async (req) =>
    ok(await permits.mine(app, req.auth!, req.query)),
  );
  app.get(`${PERMIT}/document/`, { schema: { querystring: IdBody }, config: session }, async (req) =>
    ok(await permits.document(app, actorOf(req.auth!), req.query.id, `${req.protocol}://${req.host}`)),
  );
  app.get(
    `${PERMIT}/verify/`,
    { schema: { querystring: VerifyQuery }, config: { ...open, rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (req) => ok(await permits.verify(app, req.query.code)),
  );
};

/** Department staff (their department only; administrators every one). */
export const staffRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const anyStaff = { access: { any: STAFF_ROUTES } };
  const desk = { access: { any: DESK_ROUTES } };
  const cbDesk = { access: { any: CALLBACK_DESK_ROUTES } };
  const permitDesk = { access: { any: PERMIT_DESK_ROUTES } };
  const windows = { access: { any: WINDOW_ROUTES } };

  app.get(`${BOOKING}/manage/scope/`, { config: anyStaff }, async (req) =>
    ok(await staffScope(app.db, actorOf(req.auth!))),
  );

  app.get(`${BOOKING}/manage/windows/`, { schema: { querystring: WindowListQuery }, config: windows }, async (req) =>
    ok(await booking.listWindows(app, actorOf(req.auth!), req.query)),
  );
  app.post(`${BOOKING}/manage/saveWindow/`, { schema: { body: WindowSaveBody }, config: windows }, async (req) =>
    ok(await booking.saveWindow(app, actorOf(req.auth!), req.body), '保存成功，已生成预约时段'),
  );
  app.post(`${BOOKING}/manage/deleteWindow/`, { schema: { body: IdBody }, config: windows }, async (req) => {
    await booking.deleteWindow(app, actorOf(req.auth!), req.body.id);
    return ok(null, '删除成功');
  });

  app.get(`${BOOKING}/manage/desk/`, { schema: { querystring: DeskQuery }, config: desk }, async (req) => {
    const now = Date.now();
    const res = await booking.desk(app, actorOf(req.auth!), req.query);
    const names = await booking.itemNamesOf(
      app.db,
      res.list.map((b) => b.itemId),
    );
    return ok({ ...res, list: res.list.map((b) => booking.bookingRow(b, names, now, true)) });
  });
  app.get(`${BOOKING}/manage/daySlots/`, { schema: { querystring: DateQuery }, config: desk }, async (req) =>
    ok(await booking.deskSummary(app, actorOf(req.auth!), req.query.date, req.query.windowId)),
  );
  app.post(`${BOOKING}/manage/attend/`, { schema: { body: IdBody }, config: desk }, async (req) => {
    await booking.attend(app, actorOf(req.auth!), req.body.id);
    return ok(null, '已签到');
  });

  app.get(`${CALLBACK}/manage/list/`, { schema: { querystring: CallbackListQuery }, config: cbDesk }, async (req) =>
    ok(await callbacks.workList(app, actorOf(req.auth!), req.query)),
  );
  app.post(`${CALLBACK}/manage/act/`, { schema: { body: CallbackActBody }, config: cbDesk }, async (req) => {
    await callbacks.act(app, actorOf(req.auth!), req.body);
    return ok(null, '已保存');
  });

  app.get(`${PERMIT}/manage/list/`, { schema: { querystring: PermitListQuery }, config: permitDesk }, async (req) =>
    ok(await permits.staffList(app, actorOf(req.auth!), req.query)),
  );
  app.post(`${PERMIT}/manage/issue/`, { schema: { body: PermitIssueBody }, config: permitDesk }, async (req) =>
    ok(await permits.issueByHand(app, actorOf(req.auth!), req.body), '已签发'),
  );
  app.post(`${PERMIT}/manage/revoke/`, { schema: { body: PermitRevokeBody }, config: permitDesk }, async (req) => {
    await permits.revoke(app, actorOf(req.auth!), req.body.id, req.body.reason);
    return ok(null, '已撤销');
  });
};
