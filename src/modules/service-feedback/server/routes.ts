import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '@/shared/envelope';
import { keysetRows, sendExcel } from '@/server/excel/export';
import {
  AdminExportQuery,
  AdminListQuery,
  ReplyBody,
  IdQuery,
  ItemReviewsQuery,
  LEVEL_LABELS,
  LabelSaveBody,
  MinePageQuery,
  RECTIFY_STATUS_LABELS,
  RateBody,
  RectifyListQuery,
  RectifyVisitBody,
  SettingsBody,
  StatsExportQuery,
  StatsQuery,
  SUBJECT_KIND_LABELS,
  SummaryQuery,
  type StatsRow,
} from '../contract';
import * as repo from './repository';
import * as svc from './service';

const PUBLIC = '/affairs/api/v1.feedback';
const RECTIFY = '/affairs/api/v1.rectify';
const ADMIN = '/affairs/api/v1.feedbackAdmin';

/** Back-office pages of 好差评 (cms serviceTool group): every admin endpoint opens to any of them. */
export const ADMIN_ROUTES = ['feedbackEvaluation', 'feedbackLabels', 'feedbackStatistics', 'feedbackItemDetails'];

const pct = (r: number) => `${(r * 100).toFixed(1)}%`;
const stamp = (ms: number | null) => (ms === null ? '' : svc.beijing(ms));

/** Public aggregates and the applicant's own ratings. */
export const feedbackRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(`${PUBLIC}/overview/`, { config: { access: 'public' } }, async () => ok(await repo.overview(app.db)));
  app.get(`${PUBLIC}/summary/`, { schema: { querystring: SummaryQuery }, config: { access: 'public' } }, async (req) =>
    ok({
      ...(await repo.summaryPage(app.db, req.query, !req.auth)),
      page: req.query.page,
      pageSize: req.query.pageSize,
    }),
  );
  app.get(
    `${PUBLIC}/itemReviews/`,
    { schema: { querystring: ItemReviewsQuery }, config: { access: 'public' } },
    async (req) => ok(await svc.itemReviews(app.db, req.auth, req.query)),
  );

  const session = { access: 'session' as const };
  app.get(`${PUBLIC}/labels/`, { config: session }, async () => ok(await repo.listLabels(app.db, true)));
  app.get(`${PUBLIC}/pending/`, { schema: { querystring: MinePageQuery }, config: session }, async (req) =>
    ok(await svc.pending(app.db, req.auth!.userId, req.query)),
  );
  app.get(`${PUBLIC}/mine/`, { schema: { querystring: MinePageQuery }, config: session }, async (req) =>
    ok({
      ...(await repo.minePage(app.db, req.auth!.userId, req.query)),
      page: req.query.page,
      pageSize: req.query.pageSize,
    }),
  );
  app.post(`${PUBLIC}/rate/`, { schema: { body: RateBody }, config: session }, async (req) => {
    const r = await svc.rate(app, { id: req.auth!.userId }, req.body);
    return ok(r, r.rectificationId ? '评价成功，已转部门整改' : '评价成功，感谢您的反馈');
  });
};

/** The item's department works on its 差评 (administrators see every department's). */
export const rectifyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const dept = { access: { any: ['feedbackRectify', 'feedbackEvaluation'] } };
  app.get(`${RECTIFY}/list/`, { schema: { querystring: RectifyListQuery }, config: dept }, async (req) => {
    const scope = await svc.rectifyScope(app.db, req.auth!);
    const r = await repo.rectifyPage(app.db, scope, req.query, Date.now());
    return ok({ ...r, page: req.query.page, pageSize: req.query.pageSize });
  });
  app.post(`${RECTIFY}/reply/`, { schema: { body: ReplyBody }, config: dept }, async (req) => {
    await svc.replyRectification(app, req.auth!, req.body);
    return ok(null, '答复已发送给评价人');
  });
  app.post(`${RECTIFY}/visit/`, { schema: { body: RectifyVisitBody }, config: dept }, async (req) => {
    await svc.visitRectification(app, req.auth!, req.body);
    return ok(null, '回访已登记，整改单已办结');
  });
};

/** Back office: evaluations, labels, settings, statistics and exports. */
export const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admin = { access: { any: ADMIN_ROUTES } };
  app.get(`${ADMIN}/list/`, { schema: { querystring: AdminListQuery }, config: admin }, async (req) =>
    ok({ ...(await repo.adminPage(app.db, req.query)), page: req.query.page, pageSize: req.query.pageSize }),
  );
  app.post(`${ADMIN}/reply/`, { schema: { body: ReplyBody }, config: admin }, async (req) => {
    await svc.replyEvaluation(app, req.auth!, req.body.id, req.body.reply);
    return ok(null, '回复成功');
  });
  app.get(`${ADMIN}/export/`, { schema: { querystring: AdminExportQuery }, config: admin }, async (req, reply) =>
    sendExcel(reply, {
      filename: '好差评评价明细.xlsx',
      sheet: '评价明细',
      columns: [
        { header: '评价时间', width: 18, value: (r) => stamp(r.createdAt) },
        { header: '事项', width: 28, value: (r) => r.itemName },
        { header: '部门', width: 18, value: (r) => r.departmentName },
        { header: '办件', width: 30, value: (r) => r.title },
        { header: '类型', width: 10, value: (r) => SUBJECT_KIND_LABELS[r.kind] },
        { header: '评价人', width: 12, value: (r) => r.userName },
        { header: '学工号', width: 14, value: (r) => r.userNo },
        { header: '匿名', width: 8, value: (r) => (r.anonymous ? '是' : '否') },
        { header: '等级', width: 12, value: (r) => LEVEL_LABELS[r.level] ?? '' },
        { header: '标签', width: 24, value: (r) => r.labels.join('、') },
        { header: '评价内容', width: 40, value: (r) => r.comment },
        { header: '回复', width: 40, value: (r) => r.reply },
        {
          header: '整改状态',
          width: 14,
          value: (r) => (r.rectification ? RECTIFY_STATUS_LABELS[r.rectification.status] : ''),
        },
      ],
      rows: keysetRows((after, limit) => repo.adminRowsAfter(app.db, req.query, after, limit)),
    }),
  );

  app.get(`${ADMIN}/labels/`, { config: admin }, async () => ok(await repo.listLabels(app.db, false)));
  app.post(`${ADMIN}/labelSave/`, { schema: { body: LabelSaveBody }, config: admin }, async (req) =>
    ok({ id: await svc.saveLabel(app.db, req.body) }, '保存成功'),
  );
  app.post(`${ADMIN}/labelDelete/`, { schema: { body: IdQuery }, config: admin }, async (req) => {
    await repo.deleteLabel(app.db, req.body.id);
    return ok(null, '删除成功');
  });
  app.get(`${ADMIN}/settings/`, { config: admin }, async () => ok(await svc.settingsOf(app.db)));
  app.post(`${ADMIN}/settings/`, { schema: { body: SettingsBody }, config: admin }, async (req) =>
    ok(await svc.saveSettings(app.db, req.body), '保存成功'),
  );

  app.get(`${ADMIN}/stats/`, { schema: { querystring: StatsQuery }, config: admin }, async (req) => {
    const now = Date.now();
    const [page, overall, rectify] = await Promise.all([
      repo.statsPage(app.db, req.query),
      repo.overview(app.db, req.query),
      repo.rectifyCounts(app.db, req.query, now),
    ]);
    return ok({ ...page, page: req.query.page, pageSize: req.query.pageSize, overall, rectify });
  });
  app.get(`${ADMIN}/statsExport/`, { schema: { querystring: StatsExportQuery }, config: admin }, async (req, reply) => {
    const title = { item: '事项', department: '部门', month: '月份' }[req.query.by];
    async function* groups(): AsyncIterable<StatsRow> {
      for (let page = 1; ; page++) {
        const { list } = await repo.statsPage(app.db, { ...req.query, page, pageSize: 200 });
        yield* list;
        if (list.length < 200) return;
      }
    }
    return sendExcel(reply, {
      filename: `好差评统计-按${title}.xlsx`,
      sheet: `按${title}`,
      columns: [
        { header: title, width: 28, value: (r) => r.name },
        { header: '评价数', width: 10, value: (r) => r.total },
        { header: '平均分', width: 10, value: (r) => r.average },
        { header: '满意率', width: 10, value: (r) => pct(r.satisfiedRate) },
        { header: '差评数', width: 10, value: (r) => r.bad },
        ...[5, 4, 3, 2, 1].map((k) => ({
          header: LEVEL_LABELS[k]!,
          width: 12,
          value: (r: StatsRow) => r.distribution[k - 1] ?? 0,
        })),
      ],
      rows: groups(),
    });
  });
};
