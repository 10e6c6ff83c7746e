import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { badInput } from '@/server/errors';
import { saveUpload } from '@/server/uploads/store';
import { IMAGE_KINDS } from '@/server/uploads/sniff';
import { ok } from '@/shared/envelope';
import { okResponse, PageOf } from '@/shared/response-schema';
import {
  CardHandleBody,
  CardOfficeQuery,
  CardRequestBody,
  CardTxnQuery,
  ContactBindBody,
  ContactCodeBody,
  FavoriteAddBody,
  FavoriteCheckQuery,
  FavoriteListQuery,
  FavoriteRemoveBody,
  FootprintListQuery,
  FootprintRecordBody,
  LoanQuery,
  RenewBody,
  SalaryMonthQuery,
  SalaryVerifyBody,
  ScienceQuery,
  SessionRevokeBody,
  SIGNATURE_MAX_BYTES,
  UC,
  USER,
  WeekQuery,
  MyInfo,
  PersonalInfo,
  HomeSummary,
  FavoriteRow,
  FootprintRow,
} from '../contract';
import * as account from './account';
import * as card from './card';
import * as library from './library';
import { me } from './me';
import * as personal from './personal';
import * as repo from './repository';
import * as salary from './salary';
import * as timetable from './timetable';

const page = (name: string, ...more: string[]) => ({ access: { any: [name, ...more] } });

/**
 * The personal centre's calls. Each page's data opens to that page's route name (the menu grant);
 * every read is keyed by the caller's own account, so no id in a request can reach another
 * person's data. Payslip answers are never stored by a browser or the service worker.
 */
export const userCenterRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const session = { access: 'session' as const };

  // --- spec §7: the user's own account ---
  app.get(`${USER}/getMyInfo/`, { schema: { response: okResponse(MyInfo) }, config: session }, async (req) =>
    ok(account.myInfo(await me(req))),
  );
  app.get(
    `${USER}/getPersonalInfo/`,
    { schema: { response: okResponse(PersonalInfo) }, config: session },
    async (req) => ok(await account.personalInfo(app, await me(req))),
  );
  app.get(`${USER}/getMyPic/`, { config: session }, async (req) => ok({ url: (await me(req)).avatar }));
  app.post(`${USER}/upload_signature/`, { config: session }, async (req) => {
    const file = await req.file();
    if (!file) throw badInput('请选择签名图片', { field: 'file' });
    const m = await me(req);
    const saved = await saveUpload(app, file, {
      purpose: 'signature',
      accept: IMAGE_KINDS,
      maxBytes: SIGNATURE_MAX_BYTES,
      isPublic: false,
      ownerId: m.id,
    });
    await repo.putSignature(app.db, m.id, saved.url, Date.now());
    return ok({ url: saved.url }, '签名已保存');
  });
  app.get(`${USER}/get_signature/`, { config: session }, async (req) =>
    ok(await repo.signatureOf(app.db, req.auth!.userId)),
  );

  // --- home, favourites, footprints ---
  const HOME = page('myHomepage', 'mobileMyHomepage');
  app.get(`${UC}/home/`, { schema: { response: okResponse(HomeSummary) }, config: HOME }, async (req) =>
    ok(await personal.home(app, await me(req))),
  );

  app.get(
    `${UC}/favorite/list/`,
    { schema: { querystring: FavoriteListQuery, response: okResponse(PageOf(FavoriteRow)) }, config: session },
    async (req) =>
      ok({
        ...(await repo.favoritePage(app.db, req.auth!.userId, req.query)),
        page: req.query.page,
        pageSize: req.query.pageSize,
      }),
  );
  app.get(`${UC}/favorite/check/`, { schema: { querystring: FavoriteCheckQuery }, config: session }, async (req) =>
    ok({ favorite: await repo.isFavorite(app.db, req.auth!.userId, req.query.kind, req.query.refKey) }),
  );
  app.post(`${UC}/favorite/add/`, { schema: { body: FavoriteAddBody }, config: session }, async (req) => {
    await repo.addFavorite(app.db, req.auth!.userId, req.body, Date.now());
    return ok(null, '已收藏');
  });
  app.post(`${UC}/favorite/remove/`, { schema: { body: FavoriteRemoveBody }, config: session }, async (req) => {
    await repo.removeFavorite(app.db, req.auth!.userId, req.body.kind, req.body.refKey);
    return ok(null, '已取消收藏');
  });

  app.post(`${UC}/footprint/record/`, { schema: { body: FootprintRecordBody }, config: session }, async (req) =>
    ok(await personal.recordVisits(app, req.auth!.userId, req.body)),
  );
  const FOOT = page('myFootprint', 'mobileMyFootprint');
  app.get(
    `${UC}/footprint/list/`,
    { schema: { querystring: FootprintListQuery, response: okResponse(PageOf(FootprintRow)) }, config: FOOT },
    async (req) =>
      ok({
        ...(await personal.footprints(app, req.auth!.userId, req.query)),
        page: req.query.page,
        pageSize: req.query.pageSize,
      }),
  );
  app.post(`${UC}/footprint/clear/`, { config: FOOT }, async (req) =>
    ok({ deleted: await repo.clearFootprints(app.db, req.auth!.userId) }, '足迹已清空'),
  );

  // --- smart card ---
  const CARD = page('mySmartCard', 'mobileMySmartCard', 'myHomepage');
  app.get(`${UC}/card/info/`, { config: CARD }, async (req) => ok(await card.cardInfo(app, await me(req))));
  app.get(`${UC}/card/txns/`, { schema: { querystring: CardTxnQuery }, config: CARD }, async (req) =>
    ok(await card.cardTxns(app, await me(req), req.query)),
  );
  app.get(`${UC}/card/monthly/`, { config: CARD }, async (req) => ok(await card.cardMonthly(app, await me(req))));
  app.get(`${UC}/card/requests/`, { config: CARD }, async (req) =>
    ok(await repo.myCardRequests(app.db, req.auth!.userId, 20)),
  );
  app.post(`${UC}/card/request/`, { schema: { body: CardRequestBody }, config: CARD }, async (req) =>
    ok(
      await card.requestCard(app, await me(req), req.body.kind, req.body.reason, req.ip),
      '申请已提交，请等待卡务中心处理',
    ),
  );
  const OFFICE = page('cardOfficeRequests');
  app.get(`${UC}/cardOffice/list/`, { schema: { querystring: CardOfficeQuery }, config: OFFICE }, async (req) => {
    await card.assertCardOffice(app, req.auth!.userId, req.auth!.isAdmin);
    return ok({ ...(await card.officeList(app, req.query)), page: req.query.page, pageSize: req.query.pageSize });
  });
  app.post(`${UC}/cardOffice/handle/`, { schema: { body: CardHandleBody }, config: OFFICE }, async (req) => {
    const handler = await card.assertCardOffice(app, req.auth!.userId, req.auth!.isAdmin);
    await card.handleRequest(app, handler, req.body, req.ip);
    return ok(null, '已处理');
  });

  // --- salary: never cached ---
  const SALARY = page('mySalary', 'mobileMySalary');
  app.register(async (s) => {
    s.addHook('onSend', async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      reply.header('pragma', 'no-cache');
    });
    s.get(`${UC}/salary/status/`, { config: SALARY }, async (req) =>
      ok(await salary.salaryStatus(app, req, await me(req))),
    );
    s.post(
      `${UC}/salary/verify/`,
      {
        schema: { body: SalaryVerifyBody },
        config: { ...SALARY, rateLimit: { max: app.config.rateLimits.login, timeWindow: '1 minute' } },
      },
      async (req) =>
        ok(await salary.verify(app, req, await me(req), (req.body as { password: string }).password), '验证通过'),
    );
    s.get(`${UC}/salary/detail/`, { schema: { querystring: SalaryMonthQuery }, config: SALARY }, async (req) =>
      ok(await salary.payslip(app, req, await me(req), (req.query as { month: string }).month)),
    );
  });

  // --- library ---
  const BOOK = page('myBookBorrow', 'mobileMyBookBorrow');
  app.get(`${UC}/library/loans/`, { schema: { querystring: LoanQuery }, config: BOOK }, async (req) =>
    ok(await library.loans(app, await me(req), req.query)),
  );
  app.post(`${UC}/library/renew/`, { schema: { body: RenewBody }, config: BOOK }, async (req) =>
    ok(await library.renew(app, await me(req), req.body.loanId, req.ip), '续借成功'),
  );

  // --- timetable and its iCalendar feed ---
  const TT = page('myTimetable', 'mobileMyTimetable');
  app.get(`${UC}/timetable/week/`, { schema: { querystring: WeekQuery }, config: TT }, async (req) =>
    ok(await timetable.timetableWeek(app, await me(req), req.query.week)),
  );
  app.get(`${UC}/ical/info/`, { config: TT }, async (req) => ok(await timetable.icalInfo(app, await me(req))));
  app.post(`${UC}/ical/reset/`, { config: TT }, async (req) =>
    ok(await timetable.resetIcal(app, await me(req)), '已生成新的订阅链接'),
  );
  app.post(`${UC}/ical/revoke/`, { config: TT }, async (req) => {
    await timetable.revokeIcal(app, await me(req));
    return ok(null, '订阅链接已停用');
  });
  app.get(
    `${UC}/ical/:file`,
    {
      schema: { params: Type.Object({ file: Type.String({ pattern: '^[A-Za-z0-9_-]{32}\\.ics$' }) }) },
      config: { access: 'public' },
    },
    async (req, reply) => {
      const body = await timetable.icalFeed(app, req.params.file.slice(0, -4));
      reply.header('cache-control', 'no-store');
      return reply.type('text/calendar; charset=utf-8').send(body);
    },
  );

  // --- research ---
  app.get(
    `${UC}/science/list/`,
    { schema: { querystring: ScienceQuery }, config: page('myScience', 'mobileMyScience') },
    async (req) => ok(await personal.science(app, await me(req), req.query)),
  );

  // --- account settings ---
  const SET = page('accountSettings', 'mobileAccountSettings');
  app.post(
    `${UC}/contact/code/`,
    { schema: { body: ContactCodeBody }, config: { ...SET, rateLimit: { max: 5, timeWindow: '1 minute' } } },
    async (req) =>
      ok(await account.sendContactCode(app, await me(req), req.body.channel, req.body.target), '验证码已发送'),
  );
  app.post(`${UC}/contact/bind/`, { schema: { body: ContactBindBody }, config: SET }, async (req) =>
    ok(await account.bindContact(app, await me(req), req.body.channel, req.body.code, req.ip), '绑定成功'),
  );
  app.get(`${UC}/sessions/`, { config: SET }, async (req) => ok(await account.sessions(app, req)));
  app.post(`${UC}/sessions/revoke/`, { schema: { body: SessionRevokeBody }, config: SET }, async (req) => {
    await account.signOutElsewhere(app, req, req.body.id);
    return ok(null, '已退出该设备');
  });
};
