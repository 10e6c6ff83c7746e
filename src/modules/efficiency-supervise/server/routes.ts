import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '@/shared/envelope';
import { sendExcel } from '@/server/excel/export';
import {
  EscalateBody,
  ExportQuery,
  GroupQuery,
  OPEN_KIND_LABELS,
  OverviewQuery,
  TaskQuery,
  TrendQuery,
  UrgeBody,
} from '../contract';
import * as svc from './service';

const S = '/workflow/api/v1.supervise';

/** The menu entry opens every call (the phone page is reached through it); the scope is checked in the service. */
export const SUPERVISE_ROUTES = ['efficiencySupervise'];

const stamp = (ms: number | null) =>
  ms === null ? '' : new Date(ms + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
const hoursPast = (dueAt: number, now: number) => Math.round(((now - dueAt) / 3_600_000) * 10) / 10;

export const superviseRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const config = { access: { any: SUPERVISE_ROUTES } };
  app.get(`${S}/scope/`, { config }, async (req) => ok(await svc.scopeInfo(app.db, req.auth!)));
  app.get(`${S}/overview/`, { schema: { querystring: OverviewQuery }, config }, async (req) =>
    ok(await svc.overview(app.db, req.auth!, req.query, Date.now())),
  );
  app.get(`${S}/tasks/`, { schema: { querystring: TaskQuery }, config }, async (req) =>
    ok(await svc.taskPage(app.db, req.auth!, req.query, Date.now())),
  );
  app.get(`${S}/groups/`, { schema: { querystring: GroupQuery }, config }, async (req) =>
    ok(await svc.groups(app.db, req.auth!, req.query, Date.now())),
  );
  app.get(`${S}/trend/`, { schema: { querystring: TrendQuery }, config }, async (req) =>
    ok(await svc.trend(app.db, req.auth!, req.query, Date.now())),
  );
  app.post(`${S}/urge/`, { schema: { body: UrgeBody }, config }, async (req) => {
    await svc.urge(app, req.auth!, req.body.taskId);
    return ok(null, '已催办');
  });
  app.post(`${S}/escalate/`, { schema: { body: EscalateBody }, config }, async (req) => {
    const answer = await svc.escalate(app, req.auth!, req.body.taskId, req.body.note?.trim() ?? '');
    return ok(answer, `已上报：${answer.leaders.join('、')}`);
  });
  app.get(`${S}/export/`, { schema: { querystring: ExportQuery }, config }, async (req, reply) => {
    const now = Date.now();
    const { kind, ...filters } = req.query;
    // The scope is checked before the file starts (a refusal is an ordinary coded answer).
    const f = await svc.exportFilter(app.db, req.auth!, filters);
    const label = OPEN_KIND_LABELS[req.query.kind];
    return sendExcel(reply, {
      filename: `效能督查-${label}审批.xlsx`,
      sheet: label,
      columns: [
        { header: '审批事项', width: 36, value: (r) => r.title },
        { header: '流程', width: 18, value: (r) => r.processName },
        { header: '环节', width: 16, value: (r) => r.nodeName },
        { header: '承办人', width: 10, value: (r) => r.assigneeName },
        { header: '工号', width: 12, value: (r) => r.assigneeNo },
        { header: '部门', width: 20, value: (r) => r.departmentName },
        { header: '申请人', width: 10, value: (r) => r.applicantName },
        { header: '到达时间', width: 18, value: (r) => stamp(r.createdAt) },
        { header: '办理时限', width: 18, value: (r) => stamp(r.dueAt) },
        {
          header: req.query.kind === 'overdue' ? '超期(小时)' : '剩余(小时)',
          width: 12,
          value: (r) => (req.query.kind === 'overdue' ? hoursPast(r.dueAt, now) : -hoursPast(r.dueAt, now)),
        },
        { header: '最近催办', width: 18, value: (r) => stamp(r.lastUrgedAt) },
        {
          header: '上报领导',
          width: 18,
          value: (r) => (r.escalatedAt ? `${stamp(r.escalatedAt)} ${r.escalatedTo}` : ''),
        },
      ],
      rows: svc.exportRows(app.db, f, kind, now),
    });
  });
};
