import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '@/server/errors';
import { audit } from '@/server/identity/audit';
import type { AuthContext } from '@/server/identity/sessions';
import type { Db } from '@/server/db/dialect';
import { Codes } from '@/shared/errors';
import { getDataTable } from '@/modules/data-tables/server/commands/get-data-table';
import {
  REPORT_LIMITS,
  type CopyBody,
  type ParamValue,
  type PublishBody,
  type ReportBody,
  type ReportDesign,
  type ReportItem,
  type ReportListQuery,
  type ReportSource,
  type ReportStatus,
  type ReportViewDetail,
  type ReportViewItem,
  type RunResult,
  type ViewListQuery,
} from '../contract';
import * as repo from './repository';
import { reportSql, resolveDesign, type ResolvedDesign } from './report-query';
import { runReport } from './run';

/** Reports (back office) and their viewers (web, phone): validation, states, audience, audit. */

const asDb = (q: repo.Conn) => q as unknown as Db;

async function log(q: repo.Conn, auth: AuthContext, action: string, id: number, ip: string, detail?: string) {
  await audit(asDb(q), {
    action: `bi.report.${action}`,
    result: 'ok',
    actorId: auth.userId,
    actorName: auth.realName,
    target: `bi_report:${id}`,
    detail: detail ?? null,
    ip,
  });
}

const wrongState = (message: string) => new AppError(Codes.biReportWrongState, 409, message);

async function mustGet(q: repo.Conn, id: number): Promise<repo.ReportRecord> {
  const r = await repo.reportById(q, id);
  if (!r) throw notFound('报表不存在');
  return r;
}

const designOf = (r: repo.ReportRecord) => JSON.parse(r.design) as ReportDesign;

async function toItems(q: repo.Conn, rows: repo.ReportRecord[]): Promise<ReportItem[]> {
  const a = await repo.audienceOf(
    q,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    tableCode: r.tableCode,
    status: r.status as ReportStatus,
    isTemplate: !!r.isTemplate,
    design: designOf(r),
    platforms: a.platforms.filter((p) => p.reportId === r.id).map((p) => ({ id: p.id, name: p.name })),
    roles: a.roles.filter((p) => p.reportId === r.id).map((p) => ({ id: p.id, name: p.name })),
    publishedAt: r.publishedAt === null ? null : Number(r.publishedAt),
    updatedAt: Number(r.updatedAt),
  }));
}

export async function listReports(q: repo.Conn, f: ReportListQuery) {
  const { list, total } = await repo.listReports(q, f);
  return { list: await toItems(q, list), total, page: f.page, pageSize: f.pageSize };
}

export async function reportDetail(q: repo.Conn, id: number): Promise<ReportItem> {
  return (await toItems(q, [await mustGet(q, id)]))[0]!;
}

const values = (b: ReportBody, at: number): repo.ReportValues => ({
  name: b.name.trim(),
  description: b.description.trim(),
  tableCode: b.design.table,
  design: JSON.stringify(b.design),
  isTemplate: b.isTemplate ? 1 : 0,
  at,
});

/** Create or edit: a draft, an inactive report or a template (a published one is deactivated first). */
export async function saveReport(
  app: FastifyInstance,
  auth: AuthContext,
  b: ReportBody & { id?: number },
  ip: string,
): Promise<{ id: number }> {
  return app.db.transaction().execute(async (trx) => {
    const now = Date.now();
    if (b.id) {
      const cur = await mustGet(trx, b.id);
      if (cur.status === 'published') throw wrongState('已发布的报表不能修改，请先停用或复制一份再修改');
      if (b.isTemplate && cur.status !== 'draft') throw wrongState('只有草稿可以设为模板');
    }
    await resolveDesign(app, trx, b.design);
    let id = b.id;
    if (id) await repo.updateReport(trx, id, values(b, now));
    else id = await repo.insertReport(trx, { ...values(b, now), createdBy: auth.userId });
    await log(trx, auth, b.id ? 'update' : 'create', id, ip, b.name);
    return { id };
  });
}

/** 复制 / 从模板新建: a new draft (never a template) with the same design. */
export async function copyReport(app: FastifyInstance, auth: AuthContext, b: CopyBody, ip: string) {
  return app.db.transaction().execute(async (trx) => {
    const src = await mustGet(trx, b.id);
    const name = (b.name?.trim() || `${src.name}（副本）`).slice(0, REPORT_LIMITS.name);
    const now = Date.now();
    const id = await repo.insertReport(trx, {
      name,
      description: src.description,
      tableCode: src.tableCode,
      design: src.design,
      isTemplate: 0,
      at: now,
      createdBy: auth.userId,
    });
    await log(trx, auth, src.isTemplate ? 'from-template' : 'copy', id, ip, `from bi_report:${src.id}`);
    return { id };
  });
}

export async function publishReport(app: FastifyInstance, auth: AuthContext, b: PublishBody, ip: string) {
  await app.db.transaction().execute(async (trx) => {
    const r = await mustGet(trx, b.id);
    if (r.isTemplate) throw wrongState('模板不能发布，请从模板新建报表后发布');
    if (r.status === 'published') throw wrongState('报表已发布');
    // The design may have gone stale since it was saved (a field dropped from the data table).
    await resolveDesign(app, trx, designOf(r));
    const platformIds = [...new Set(b.platformIds)];
    const roleIds = [...new Set(b.roleIds)];
    if ((await repo.existingPlatforms(trx, platformIds)) !== platformIds.length)
      throw new AppError(Codes.biReportBadAudience, 400, '所选平台不存在');
    if ((await repo.existingRoles(trx, roleIds)) !== roleIds.length)
      throw new AppError(Codes.biReportBadAudience, 400, '所选角色不存在');
    await repo.setAudience(trx, r.id, platformIds, roleIds);
    await repo.setStatus(trx, r.id, 'published', Date.now());
    await log(trx, auth, 'publish', r.id, ip, `platforms ${platformIds.join(',')}; roles ${roleIds.join(',')}`);
  });
}

export async function deactivateReport(app: FastifyInstance, auth: AuthContext, id: number, ip: string) {
  await app.db.transaction().execute(async (trx) => {
    const r = await mustGet(trx, id);
    if (r.status !== 'published') throw wrongState('只有已发布的报表可以停用');
    await repo.setStatus(trx, id, 'inactive', Date.now());
    await log(trx, auth, 'deactivate', id, ip);
  });
}

/** Only a draft (or a template): a published or deactivated report has had readers. */
export async function deleteReport(app: FastifyInstance, auth: AuthContext, id: number, ip: string) {
  await app.db.transaction().execute(async (trx) => {
    const r = await mustGet(trx, id);
    if (r.status !== 'draft') throw wrongState('只有草稿可以删除，已发布的报表请停用');
    await repo.deleteReport(trx, id);
    await log(trx, auth, 'delete', id, ip, r.name);
  });
}

export async function reportSource(app: FastifyInstance, code: string): Promise<ReportSource> {
  const def = await getDataTable(app, app.db, code);
  if (!def) throw new AppError(Codes.biReportUnknownTable, 400, `数据表「${code}」不存在`);
  return {
    code: def.code,
    name: def.name,
    fields: def.fields.map((f) => ({ name: f.name, label: f.label, type: f.type })),
  };
}

export const audienceChoices = (q: repo.Conn) => repo.audienceChoices(q);

// --- viewing (web, phone; administrators preview any report) ---

/**
 * The report, when the caller may see it: administrators any; others a published one whose audience
 * they are in (403 otherwise, the same answer whether it exists or not).
 */
export async function viewable(q: repo.Conn, auth: AuthContext, id: number): Promise<repo.ReportRecord> {
  if (auth.isAdmin) return mustGet(q, id);
  if (!(await repo.maySee(q, id, auth.userId))) throw new AppError(Codes.biReportNoAccess, 403);
  return mustGet(q, id);
}

export async function listVisible(q: repo.Conn, app: FastifyInstance, auth: AuthContext, f: ViewListQuery) {
  const { list, total } = await repo.listVisible(q, auth.userId, f);
  const names = new Map<string, string>();
  for (const code of new Set(list.map((r) => r.tableCode)))
    names.set(code, (await getDataTable(app, q, code))?.name ?? code);
  const items: ReportViewItem[] = list.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    tableName: names.get(r.tableCode) ?? r.tableCode,
    publishedAt: r.publishedAt === null ? null : Number(r.publishedAt),
  }));
  return { list: items, total, page: f.page, pageSize: f.pageSize };
}

export async function viewDetail(app: FastifyInstance, auth: AuthContext, id: number): Promise<ReportViewDetail> {
  const r = await viewable(app.db, auth, id);
  const resolved = await resolveDesign(app, app.db, designOf(r));
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    tableName: resolved.def.name,
    params: resolved.params.map((p) => ({ ...p.param, fieldType: p.field.type })),
  };
}

/** A viewable report resolved against its table (a stale design answers its coded refusal). */
export async function resolvedReport(app: FastifyInstance, auth: AuthContext, id: number) {
  const r = await viewable(app.db, auth, id);
  return { report: r, resolved: await resolveDesign(app, app.db, designOf(r)) };
}

export async function run(
  app: FastifyInstance,
  auth: AuthContext,
  b: { id: number; params: Record<string, ParamValue>; page: number; pageSize: number },
): Promise<RunResult> {
  const { report, resolved } = await resolvedReport(app, auth, b.id);
  return runReport(app.db, resolved, { ...b, title: report.name, rowCap: REPORT_LIMITS.pageRows });
}

export async function preview(
  app: FastifyInstance,
  b: { design: ReportDesign; params: Record<string, ParamValue>; page: number; pageSize: number },
): Promise<RunResult> {
  const resolved = await resolveDesign(app, app.db, b.design);
  return runReport(app.db, resolved, { ...b, title: '预览', rowCap: REPORT_LIMITS.pageRows });
}

/** A select parameter's choices: the field's distinct values. */
export async function paramOptions(app: FastifyInstance, auth: AuthContext, id: number, name: string) {
  const { resolved } = await resolvedReport(app, auth, id);
  const p = resolved.params.find((x) => x.param.name === name);
  if (!p) throw new AppError(Codes.biReportBadParam, 400, `报表没有名为「${name}」的参数`);
  const vals = await reportSql(app.db, resolved, []).distinctValues(p.field, REPORT_LIMITS.options);
  return vals.map((v) => String(v));
}

/** Parameters of an export link (JSON text in the query): an object of texts or lists of texts. */
export function parseExportParams(text: string | undefined): Record<string, ParamValue> {
  if (!text) return {};
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new AppError(Codes.biReportBadParam, 400, '报表参数格式不正确');
  }
  if (!v || typeof v !== 'object' || Array.isArray(v))
    throw new AppError(Codes.biReportBadParam, 400, '报表参数格式不正确');
  const out: Record<string, ParamValue> = {};
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    const ok =
      (typeof x === 'string' && x.length <= 200) ||
      (Array.isArray(x) &&
        x.length <= REPORT_LIMITS.inValues &&
        x.every((y) => typeof y === 'string' && y.length <= 200));
    if (!ok || !/^[a-z][a-z0-9_]{0,29}$/.test(k)) throw new AppError(Codes.biReportBadParam, 400, '报表参数格式不正确');
    out[k] = x as ParamValue;
  }
  return out;
}

/** Refuses an export bigger than its limit before anything is streamed. */
export async function checkExportSize(
  app: FastifyInstance,
  r: ResolvedDesign,
  where: Parameters<typeof reportSql>[2],
  limit: number,
) {
  const n = await reportSql(app.db, r, where).countGroups(r.keys.length);
  if (n > limit)
    throw new AppError(
      Codes.biReportTooLarge,
      413,
      `报表有 ${n.toLocaleString('en-US')} 行明细，超过导出上限 ${limit.toLocaleString('en-US')} 行，请缩小参数范围后再导出`,
    );
}
