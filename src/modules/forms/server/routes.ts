import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ok } from '@/shared/envelope';
import { formatValueInFull } from '@/shared/forms/values';
import type { FormValues } from '@/shared/forms/schema';
import { sendExcel, type ExcelColumn } from '@/server/excel/export';
import {
  DraftListQuery,
  DraftSaveBody,
  FillableQuery,
  FormCreateBody,
  FormHistoryQuery,
  FormIdBody,
  FormListQuery,
  FormOpenQuery,
  FormSaveBody,
  FormVersionQuery,
  MySubmissionsQuery,
  SubmitBody,
  SummaryFormsQuery,
  UnlockBody,
  FORM_PASSWORD_HEADER,
  SummaryQuery,
  UploadQuery,
} from '../contract';
import * as repo from './repository';
import { fillerOf } from './fill-access';
import * as svc from './service';
import { saveFieldUpload } from './commands/save-field-upload';
import { valueFields } from './value-index';

const FORM = '/workflow/api/v1.form';
const FILL = '/workflow/api/v1.formFill';
const DRAFT = '/workflow/api/v1.formDraft';
const SUMMARY = '/workflow/api/v1.formSummary';

const actorOf = (req: FastifyRequest): svc.Actor => ({
  userId: req.auth!.userId,
  username: req.auth!.username,
  realName: req.auth!.realName,
  ip: req.ip,
});

/** A password form's password, from its header (never from the query: addresses end up in logs). */
const passwordOf = (req: FastifyRequest): string | null => {
  const v = req.headers[FORM_PASSWORD_HEADER];
  return typeof v === 'string' && v.length <= 64 ? v : null;
};

/** Beijing time, as the back office shows it. */
const stamp = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

/** Form management: administrators design, publish, disable, copy and delete forms. */
export const formAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admin = { access: 'admin' as const };

  app.get(`${FORM}/list/`, { schema: { querystring: FormListQuery }, config: admin }, async (req) =>
    ok(await repo.listForms(app.db, req.query)),
  );

  app.get(`${FORM}/categories/`, { config: admin }, async () => ok(await repo.listCategories(app.db)));

  app.get(`${FORM}/detail/`, { schema: { querystring: FormIdBody }, config: admin }, async (req) =>
    ok(await svc.getFormDetail(app, req.query.id)),
  );

  app.post(`${FORM}/create/`, { schema: { body: FormCreateBody }, config: admin }, async (req) =>
    ok(await svc.createForm(app, actorOf(req), req.body), '创建成功'),
  );

  app.post(`${FORM}/save/`, { schema: { body: FormSaveBody }, config: admin }, async (req) =>
    ok(await svc.saveForm(app, actorOf(req), req.body), '保存成功'),
  );

  app.post(`${FORM}/publish/`, { schema: { body: FormIdBody }, config: admin }, async (req) =>
    ok(await svc.publishForm(app, actorOf(req), req.body.id), '发布成功'),
  );

  app.post(`${FORM}/disable/`, { schema: { body: FormIdBody }, config: admin }, async (req) => {
    await svc.setFormEnabled(app, actorOf(req), req.body.id, false);
    return ok(null, '已停用');
  });

  app.post(`${FORM}/enable/`, { schema: { body: FormIdBody }, config: admin }, async (req) => {
    await svc.setFormEnabled(app, actorOf(req), req.body.id, true);
    return ok(null, '已启用');
  });

  app.post(`${FORM}/copy/`, { schema: { body: FormIdBody }, config: admin }, async (req) =>
    ok(await svc.copyForm(app, actorOf(req), req.body.id), '复制成功'),
  );

  app.post(`${FORM}/delete/`, { schema: { body: FormIdBody }, config: admin }, async (req) => {
    await svc.deleteForm(app, actorOf(req), req.body.id);
    return ok(null, '删除成功');
  });

  app.get(`${FORM}/version/`, { schema: { querystring: FormVersionQuery }, config: admin }, async (req) =>
    ok(await svc.getVersionSchema(app, req.query.id, req.query.version)),
  );

  app.get(`${FORM}/history/`, { schema: { querystring: FormHistoryQuery }, config: admin }, async (req) =>
    ok(await repo.listHistory(app.db, req.query)),
  );
};

/** Filling: public routes (a public form needs no account) are limited per caller. */
export const formFillRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const session = { access: 'session' as const };
  // Anonymous callers are counted by address, signed-in ones by account (a campus NAT shares one address).
  const limited = {
    access: 'public' as const,
    rateLimit: {
      max: app.config.rateLimits.visit,
      timeWindow: '1 minute',
      keyGenerator: (req: FastifyRequest) => (req.auth ? `user:${req.auth.userId}` : `ip:${req.ip}`),
    },
  };

  app.get(`${FILL}/open/`, { schema: { querystring: FormOpenQuery }, config: limited }, async (req) =>
    ok(await svc.openForm(app, req.auth, req.query, passwordOf(req))),
  );

  // A password form's password is tried here, limited per address like sign-in (LOGIN_RATE_LIMIT a minute).
  app.post(
    `${FILL}/unlock/`,
    {
      schema: { body: UnlockBody },
      config: {
        access: 'public' as const,
        rateLimit: {
          max: app.config.rateLimits.login,
          timeWindow: '1 minute',
          keyGenerator: (req: FastifyRequest) => `ip:${req.ip}`,
        },
      },
    },
    async (req) => ok(await svc.openForm(app, req.auth, { formId: req.body.formId }, req.body.password)),
  );

  app.get(`${FILL}/fillable/`, { schema: { querystring: FillableQuery }, config: session }, async (req) =>
    ok(await repo.listFillable(app.db, req.query, await fillerOf(app.db, req.auth!))),
  );

  app.post(`${FILL}/submit/`, { schema: { body: SubmitBody }, config: limited }, async (req) =>
    ok(await svc.submitForm(app, req.auth, req.ip, req.body, passwordOf(req)), '提交成功'),
  );

  app.post(`${FILL}/upload/`, { schema: { querystring: UploadQuery }, config: limited }, async (req) => {
    const field = await svc.uploadTarget(app, req.auth, req.query.formId, req.query.field, passwordOf(req));
    const ref = await saveFieldUpload(app, req, req.query.formId, field, req.auth?.userId ?? null);
    return ok(ref, '上传成功');
  });

  app.get(`${FILL}/mine/`, { schema: { querystring: MySubmissionsQuery }, config: session }, async (req) =>
    ok(await svc.mySubmissions(app, req.auth!.userId, req.query)),
  );

  app.get(`${FILL}/submission/`, { schema: { querystring: FormIdBody }, config: session }, async (req) =>
    ok(await svc.getSubmission(app, req.auth!, req.query.id)),
  );

  // People are picked through organisation's /user/api/v1.directory/pick/ (formField context, the field's pickScope).
  app.get(`${FILL}/departments/`, { config: session }, async () => ok(await repo.listDepartments(app.db)));
};

/** Server drafts: each user reads and writes only their own. */
export const formDraftRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const session = { access: 'session' as const };

  app.post(`${DRAFT}/save/`, { schema: { body: DraftSaveBody }, config: session }, async (req) =>
    ok(await svc.saveDraft(app, req.auth!, req.body), '草稿已保存'),
  );

  app.get(`${DRAFT}/list/`, { schema: { querystring: DraftListQuery }, config: session }, async (req) =>
    ok(await repo.listDrafts(app.db, req.auth!.userId, req.query)),
  );

  app.get(`${DRAFT}/detail/`, { schema: { querystring: FormIdBody }, config: session }, async (req) =>
    ok(await svc.getDraft(app, req.auth!, req.query.id)),
  );

  app.post(`${DRAFT}/delete/`, { schema: { body: FormIdBody }, config: session }, async (req) => {
    await svc.deleteDraft(app, req.auth!, req.body.id);
    return ok(null, '删除成功');
  });
};

/** Summaries: the approval centre's and the back office's pages; the service narrows users to the forms they manage. */
export const formSummaryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const readers = {
    access: { any: ['formSummary', 'formSummaryDetail', 'formSummaryAdmin', 'formSummaryAdminDetail'] },
  };

  app.get(`${SUMMARY}/forms/`, { schema: { querystring: SummaryFormsQuery }, config: readers }, async (req) =>
    ok(await svc.listSummaryForms(app, req.auth!, req.query)),
  );

  app.get(`${SUMMARY}/list/`, { schema: { querystring: SummaryQuery }, config: readers }, async (req) =>
    ok(await svc.summaryList(app, req.auth!, req.query)),
  );

  app.get(`${SUMMARY}/export/`, { schema: { querystring: SummaryQuery }, config: readers }, async (req, reply) => {
    const { form, schema, rows } = await svc.summaryExport(app, req.auth!, actorOf(req), req.query);
    const fields = schema ? valueFields(schema) : [];
    const valuesOf = (() => {
      // Each row's JSON is parsed once for all its cells.
      let last: repo.SummaryRow | null = null;
      let parsed: FormValues = {};
      return (r: repo.SummaryRow) => {
        if (r !== last) {
          last = r;
          parsed = JSON.parse(r.values) as FormValues;
        }
        return parsed;
      };
    })();
    const columns: ExcelColumn<repo.SummaryRow>[] = [
      ...fields.map((f) => ({
        header: f.label || f.id,
        width: 20,
        value: (r: repo.SummaryRow) => formatValueInFull(f, valuesOf(r)[f.id]),
      })),
      { header: '提交人', width: 12, value: (r) => r.submitter.name },
      { header: '学工号', width: 16, value: (r) => r.submitter.userNo },
      { header: '提交时间', width: 20, value: (r) => stamp(r.submittedAt) },
      { header: '版本', width: 8, value: (r) => `v${r.version}` },
    ];
    const safeName = form.name.replace(/[\\/:*?"<>|]/g, '_');
    return sendExcel(reply, {
      filename: `${safeName}-汇总-${stamp(Date.now()).slice(0, 10)}.xlsx`,
      sheet: '汇总',
      columns,
      rows,
    });
  });
};
