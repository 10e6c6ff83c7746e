import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getSetting } from '@/server/identity/settings';
import { ok } from '@/shared/envelope';
import {
  CopyBody,
  ExportQuery,
  IdBody,
  IdQuery,
  OptionsQuery,
  PreviewBody,
  PublishBody,
  REPORT_LIMITS,
  ReportListQuery,
  ReportSaveBody,
  RunBody,
  SourceQuery,
  ViewListQuery,
} from '../contract';
import { exportPages } from './export-rows';
import { sendReportExcel } from './export-excel';
import { pdfFont, sendReportPdf } from './export-pdf';
import { paramConditions } from './report-query';
import * as svc from './service';

const R = '/bi/api/v1.report';
const V = '/bi/api/v1.reportView';

/** 报表管理 (back office); the viewers' pages (web list and detail; administrators preview from 报表管理). */
const manage = { access: { any: ['biReportManage'] } };
const view = { access: { any: ['biReport', 'biReportDetail', 'mobileBiReport', 'biReportManage'] } };

/** The university's name for a PDF's head: the front title of the organisation settings, without the platform word. */
async function schoolName(db: Parameters<typeof getSetting>[0]): Promise<string> {
  const logo = await getSetting<{ front?: { title?: string } }>(db, 'org.logo');
  const title = logo?.front?.title?.trim() || '';
  return title.replace(/综合服务平台$/, '') || '综合服务平台';
}

const stamp = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 16).replace(/[-:T]/g, '');

export const biReportsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(`${R}/list/`, { schema: { querystring: ReportListQuery }, config: manage }, async (req) =>
    ok(await svc.listReports(app.db, req.query)),
  );
  app.get(`${R}/detail/`, { schema: { querystring: IdQuery }, config: manage }, async (req) =>
    ok(await svc.reportDetail(app.db, req.query.id)),
  );
  app.post(`${R}/save/`, { schema: { body: ReportSaveBody }, config: manage }, async (req) =>
    ok(await svc.saveReport(app, req.auth!, req.body, req.ip)),
  );
  /** 复制, and 从模板新建 (the copy of a template is a draft). */
  app.post(`${R}/copy/`, { schema: { body: CopyBody }, config: manage }, async (req) =>
    ok(await svc.copyReport(app, req.auth!, req.body, req.ip)),
  );
  app.post(`${R}/publish/`, { schema: { body: PublishBody }, config: manage }, async (req) => {
    await svc.publishReport(app, req.auth!, req.body, req.ip);
    return ok(null);
  });
  app.post(`${R}/deactivate/`, { schema: { body: IdBody }, config: manage }, async (req) => {
    await svc.deactivateReport(app, req.auth!, req.body.id, req.ip);
    return ok(null);
  });
  app.post(`${R}/delete/`, { schema: { body: IdBody }, config: manage }, async (req) => {
    await svc.deleteReport(app, req.auth!, req.body.id, req.ip);
    return ok(null);
  });
  app.get(`${R}/source/`, { schema: { querystring: SourceQuery }, config: manage }, async (req) =>
    ok(await svc.reportSource(app, req.query.table)),
  );
  app.get(`${R}/audience/`, { config: manage }, async () => ok(await svc.audienceChoices(app.db)));
  app.post(`${R}/preview/`, { schema: { body: PreviewBody }, config: manage }, async (req) =>
    ok(await svc.preview(app, req.body)),
  );

  app.get(`${V}/list/`, { schema: { querystring: ViewListQuery }, config: view }, async (req) =>
    ok(await svc.listVisible(app.db, app, req.auth!, req.query)),
  );
  app.get(`${V}/detail/`, { schema: { querystring: IdQuery }, config: view }, async (req) =>
    ok(await svc.viewDetail(app, req.auth!, req.query.id)),
  );
  app.get(`${V}/options/`, { schema: { querystring: OptionsQuery }, config: view }, async (req) =>
    ok(await svc.paramOptions(app, req.auth!, req.query.id, req.query.param)),
  );
  app.post(`${V}/run/`, { schema: { body: RunBody }, config: view }, async (req) =>
    ok(await svc.run(app, req.auth!, req.body)),
  );

  app.get(`${V}/exportExcel/`, { schema: { querystring: ExportQuery }, config: view }, async (req, reply) => {
    const { report, resolved } = await svc.resolvedReport(app, req.auth!, req.query.id);
    const params = svc.parseExportParams(req.query.params);
    await svc.checkExportSize(app, resolved, paramConditions(resolved, params).where, REPORT_LIMITS.excelRows);
    const { first, rows } = await exportPages(app.db, resolved, {
      title: report.name,
      params,
      rowCap: REPORT_LIMITS.excelRows,
    });
    return sendReportExcel(reply, {
      filename: `${report.name}-${stamp()}.xlsx`,
      title: report.name,
      columns: first.columns,
      params: first.params,
      rows,
    });
  });

  app.get(`${V}/exportPdf/`, { schema: { querystring: ExportQuery }, config: view }, async (req, reply) => {
    // The font first: without it nothing else is worth reading.
    const font = pdfFont(app.config.biReportPdfFont);
    const { report, resolved } = await svc.resolvedReport(app, req.auth!, req.query.id);
    const params = svc.parseExportParams(req.query.params);
    await svc.checkExportSize(app, resolved, paramConditions(resolved, params).where, REPORT_LIMITS.pdfRows);
    const { first, rows } = await exportPages(app.db, resolved, {
      title: report.name,
      params,
      rowCap: REPORT_LIMITS.pdfRows,
    });
    return sendReportPdf(reply, {
      font,
      filename: `${report.name}-${stamp()}.pdf`,
      school: await schoolName(app.db),
      title: report.name,
      columns: first.columns,
      params: first.params,
      rows,
    });
  });
};
