import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '@/server/errors';
import { audit } from '@/server/identity/audit';
import type { AuthContext } from '@/server/identity/sessions';
import type { Db } from '@/server/db/dialect';
import { Codes } from '@/shared/errors';
import {
  DASHBOARD_STATUSES,
  THEMES,
  type Audience,
  type AudienceOptions,
  type DashboardBody,
  type DashboardDetail,
  type DashboardItem,
  type DashboardListQuery,
  type DashboardStatus,
  type DashboardView,
  type PublishBody,
  type Theme,
  type VersionItem,
  type ViewCard,
  type Widget,
} from '../dashboard-contract';
import { resolveMetric } from './aggregate';
import * as repo from './dashboard-repository';
import type { Conn } from './repository';

/** Dashboards: validation, states (草稿 → 已发布 ⇄ 已停用), versions, copy, the audience check. */

async function log(q: Conn, auth: AuthContext, action: string, id: number, ip: string, detail?: string) {
  await audit(q as unknown as Db, {
    action: `bi.dashboard.${action}`,
    result: 'ok',
    actorId: auth.userId,
    actorName: auth.realName,
    target: `bi_dashboard:${id}`,
    detail: detail ?? null,
    ip,
  });
}

const badWidget = (w: Widget, why: string) =>
  new AppError(Codes.biDashboardBadWidget, 400, `组件「${w.title.trim()}」：${why}`);

/** What each widget type needs of its metric (a KPI is one number, a pie splits by a dimension…). */
function checkShape(w: Widget): void {
  const m = w.metric;
  switch (w.type) {
    case 'kpi':
    case 'gauge':
      if (m.dimension || m.grain) throw badWidget(w, '指标卡和仪表盘显示一个数，不能设置维度或时间粒度');
      break;
    case 'pie':
    case 'funnel':
    case 'filter':
      if (!m.dimension) throw badWidget(w, '请选择维度字段');
      if (m.grain) throw badWidget(w, '饼图、漏斗图和筛选器不按时间粒度分组');
      break;
    case 'line':
    case 'scatter':
      if (!m.grain) throw badWidget(w, '折线图和散点图需要时间字段和时间粒度');
      break;
    case 'bar':
      if (!m.dimension && !m.grain) throw badWidget(w, '柱状图需要维度字段或时间粒度');
      break;
    case 'table':
      break;
  }
  if (w.drillDashboardId !== null && !m.dimension) throw badWidget(w, '下钻需要维度字段（点击的值作为下钻的筛选条件）');
  if (w.x + w.w > 12) throw badWidget(w, '超出了网格的宽度');
}

/** Every widget checked against its table's design (coded refusals), ids unique, drill targets real. */
export async function validateWidgets(
  app: FastifyInstance,
  q: Conn,
  widgets: readonly Widget[],
  selfId?: number,
): Promise<void> {
  const ids = new Set<string>();
  for (const w of widgets) {
    if (ids.has(w.id)) throw new AppError(Codes.biDashboardBadLayout, 400, `组件编号「${w.id}」重复`);
    ids.add(w.id);
    checkShape(w);
    try {
      await resolveMetric(app, q, w.metric);
    } catch (e) {
      if (e instanceof AppError) throw badWidget(w, e.message);
      throw e;
    }
  }
  const targets = [...new Set(widgets.flatMap((w) => (w.drillDashboardId === null ? [] : [w.drillDashboardId])))];
  if (selfId !== undefined && targets.includes(selfId))
    throw new AppError(Codes.biDashboardBadLayout, 400, '下钻目标不能是仪表板自身');
  const found = await repo.existingDashboards(q, targets);
  if (found.length !== targets.length) throw new AppError(Codes.biDashboardBadLayout, 400, '下钻目标仪表板不存在');
}

const parseWidgets = (s: string) => JSON.parse(s) as Widget[];
const themeOf = (s: string): Theme => ((THEMES as readonly string[]).includes(s) ? (s as Theme) : 'light');
const statusOf = (s: string): DashboardStatus =>
  (DASHBOARD_STATUSES as readonly string[]).includes(s) ? (s as DashboardStatus) : 'draft';

async function audiences(q: Conn, ids: readonly number[]): Promise<Map<number, { a: Audience; text: string }>> {
  const rows = await repo.audienceOf(q, ids);
  const [platforms, roles] = await Promise.all([repo.platformOptions(q), repo.roleOptions(q)]);
  const pName = new Map(platforms.map((p) => [String(p.id), p.name]));
  const rName = new Map(roles.map((r) => [r.code, r.name]));
  const out = new Map<number, { a: Audience; text: string }>();
  for (const id of ids) out.set(id, { a: { platformIds: [], roleCodes: [], isPublic: false }, text: '' });
  for (const r of rows) {
    const a = out.get(r.dashboardId)!.a;
    if (r.kind === 'platform') a.platformIds.push(Number(r.value));
    else a.roleCodes.push(r.value);
  }
  for (const v of out.values()) {
    const p = v.a.platformIds.map((x) => pName.get(String(x)) ?? `平台${x}`).join('、') || '所有平台';
    const r = v.a.roleCodes.map((x) => rName.get(x) ?? x).join('、') || '所有角色';
    v.text = `${p} · ${r}`;
  }
  return out;
}

function toItem(r: repo.DashboardRecord, aud: { a: Audience; text: string } | undefined): DashboardItem {
  const isPublic = Number(r.isPublic) === 1;
  const a = { ...(aud?.a ?? { platformIds: [], roleCodes: [] }), isPublic };
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    theme: themeOf(r.theme),
    status: statusOf(r.status),
    widgetCount: parseWidgets(r.widgets).length,
    version: r.publishedVersion === null ? null : Number(r.publishedVersion),
    audience: a,
    audienceText: r.publishedVersion === null ? '' : `${isPublic ? '公开 · ' : ''}${aud?.text ?? ''}`,
    updatedAt: Number(r.updatedAt),
    publishedAt: r.publishedAt === null ? null : Number(r.publishedAt),
  };
}

export async function listDashboards(q: Conn, f: DashboardListQuery) {
  const { list, total } = await repo.listDashboards(q, f);
  const aud = await audiences(
    q,
    list.map((r) => r.id),
  );
  return { list: list.map((r) => toItem(r, aud.get(r.id))), total, page: f.page, pageSize: f.pageSize };
}

async function mustExist(q: Conn, id: number) {
  const r = await repo.dashboardById(q, id);
  if (!r) throw notFound('仪表板不存在');
  return r;
}

export async function dashboardDetail(q: Conn, id: number): Promise<DashboardDetail> {
  const r = await mustExist(q, id);
  const aud = await audiences(q, [id]);
  return { ...toItem(r, aud.get(id)), widgets: parseWidgets(r.widgets) };
}

const draftFields = (b: DashboardBody, at: number) => ({
  name: b.name.trim(),
  description: b.description.trim(),
  theme: b.theme,
  widgets: JSON.stringify(b.widgets.map((w) => ({ ...w, title: w.title.trim() }))),
  at,
});

/** Saves the draft (a published dashboard keeps showing its published version until published again). */
export async function saveDashboard(
  app: FastifyInstance,
  auth: AuthContext,
  b: DashboardBody & { id?: number },
  ip: string,
): Promise<{ id: number }> {
  return app.db.transaction().execute(async (trx) => {
    if (b.id) await mustExist(trx, b.id);
    await validateWidgets(app, trx, b.widgets, b.id);
    const now = Date.now();
    let id = b.id;
    if (id) await repo.updateDraft(trx, id, draftFields(b, now));
    else id = await repo.insertDashboard(trx, { ...draftFields(b, now), createdBy: auth.userId });
    await log(trx, auth, b.id ? 'update' : 'create', id, ip, b.name.trim());
    return { id };
  });
}

async function checkAudience(q: Conn, b: PublishBody): Promise<void> {
  if (!b.isPublic && !b.platformIds.length && !b.roleCodes.length)
    throw new AppError(Codes.biDashboardBadAudience, 400, '请选择发布的平台或角色，或设为公开');
  const [platforms, roles] = await Promise.all([repo.platformOptions(q), repo.roleOptions(q)]);
  const pIds = new Set(platforms.map((p) => p.id));
  const rCodes = new Set(roles.map((r) => r.code));
  if (b.platformIds.some((p) => !pIds.has(p))) throw new AppError(Codes.biDashboardBadAudience, 400, '所选平台不存在');
  if (b.roleCodes.some((c) => !rCodes.has(c))) throw new AppError(Codes.biDashboardBadAudience, 400, '所选角色不存在');
}

/** Publishes the draft as a new immutable version to its audience (a draft, a published or a deactivated one). */
export async function publishDashboard(app: FastifyInstance, auth: AuthContext, b: PublishBody, ip: string) {
  return app.db.transaction().execute(async (trx) => {
    await repo.lockDashboard(trx, b.id);
    const r = await mustExist(trx, b.id);
    const widgets = parseWidgets(r.widgets);
    if (!widgets.length) throw new AppError(Codes.biDashboardBadLayout, 400, '仪表板还没有组件，不能发布');
    await validateWidgets(app, trx, widgets, b.id);
    await checkAudience(trx, b);
    const now = Date.now();
    const version = await repo.nextVersion(trx, b.id);
    await repo.insertVersion(trx, {
      dashboardId: b.id,
      version,
      name: r.name,
      description: r.description,
      theme: r.theme,
      widgets: r.widgets,
      publishedBy: auth.userId,
      publishedName: auth.realName,
      at: now,
    });
    await repo.setAudience(trx, b.id, b.platformIds, b.roleCodes);
    await repo.markPublished(trx, b.id, version, b.isPublic, now);
    await log(trx, auth, 'publish', b.id, ip, `v${version}`);
    return { version };
  });
}

export async function deactivateDashboard(app: FastifyInstance, auth: AuthContext, id: number, ip: string) {
  await app.db.transaction().execute(async (trx) => {
    const r = await mustExist(trx, id);
    if (r.status !== 'published') throw new AppError(Codes.biDashboardWrongState, 409, '只有已发布的仪表板可以停用');
    await repo.setStatus(trx, id, 'inactive', Date.now());
    await log(trx, auth, 'deactivate', id, ip);
  });
}

/** Only a draft never published: a published one has viewers and versions (deactivate it instead). */
export async function deleteDashboard(app: FastifyInstance, auth: AuthContext, id: number, ip: string) {
  await app.db.transaction().execute(async (trx) => {
    const r = await mustExist(trx, id);
    if (r.status !== 'draft' || r.publishedVersion !== null)
      throw new AppError(Codes.biDashboardWrongState, 409, '只能删除未发布过的草稿，已发布的请停用');
    await repo.deleteDashboard(trx, id);
    await log(trx, auth, 'delete', id, ip, r.name);
  });
}

/** A new draft with the same content (draft widgets), never its audience or versions. */
export async function copyDashboard(app: FastifyInstance, auth: AuthContext, id: number, ip: string) {
  return app.db.transaction().execute(async (trx) => {
    const r = await mustExist(trx, id);
    const name = `${r.name}（副本）`.slice(0, 60);
    const newId = await repo.insertDashboard(trx, {
      name,
      description: r.description,
      theme: r.theme,
      widgets: r.widgets,
      createdBy: auth.userId,
      at: Date.now(),
    });
    await log(trx, auth, 'copy', newId, ip, `from bi_dashboard:${id}`);
    return { id: newId };
  });
}

export async function listVersions(q: Conn, id: number): Promise<VersionItem[]> {
  await mustExist(q, id);
  const rows = await repo.versions(q, id);
  return rows.map((v) => ({
    version: Number(v.version),
    name: v.name,
    widgetCount: parseWidgets(v.widgets).length,
    publishedBy: v.publishedName,
    publishedAt: Number(v.publishedAt),
  }));
}

/** An old version's content back into the draft (what viewers see changes only at the next publish). */
export async function restoreVersion(app: FastifyInstance, auth: AuthContext, id: number, version: number, ip: string) {
  await app.db.transaction().execute(async (trx) => {
    await mustExist(trx, id);
    const v = await repo.versionOf(trx, id, version);
    if (!v) throw notFound('该版本不存在');
    await repo.updateDraft(trx, id, {
      name: v.name,
      description: v.description,
      theme: v.theme,
      widgets: v.widgets,
      at: Date.now(),
    });
    await log(trx, auth, 'restore', id, ip, `v${version}`);
  });
}

export async function audienceOptions(q: Conn): Promise<AudienceOptions> {
  const [platforms, roles] = await Promise.all([repo.platformOptions(q), repo.roleOptions(q)]);
  return { platforms, roles };
}

// --- viewers ---

/**
 * The published snapshot a caller may see. Without a session only a public one (else "sign in");
 * signed in: public, or the session's platform and the caller's roles meet the audience; administrators all.
 */
export async function viewableVersion(q: Conn, auth: AuthContext | null, id: number) {
  const r = await repo.dashboardById(q, id);
  if (!r || r.status !== 'published' || r.publishedVersion === null)
    throw new AppError(Codes.biDashboardNotPublished, 404);
  if (Number(r.isPublic) !== 1) {
    if (!auth) throw new AppError(Codes.notAuthenticated, 401, '请先登录');
    if (!auth.isAdmin) {
      const rows = await repo.audienceOf(q, [id]);
      const platforms = rows.filter((x) => x.kind === 'platform').map((x) => x.value);
      const roles = rows.filter((x) => x.kind === 'role').map((x) => x.value);
      const mine = roles.length ? await repo.roleCodesOf(q, auth.userId) : [];
      const platformOk = !platforms.length || (auth.platformId !== null && platforms.includes(String(auth.platformId)));
      const roleOk = !roles.length || mine.some((c) => roles.includes(c));
      if (!platformOk || !roleOk) throw new AppError(Codes.biDashboardAudience, 403);
    }
  }
  const v = await repo.versionOf(q, id, Number(r.publishedVersion));
  if (!v) throw new AppError(Codes.biDashboardNotPublished, 404);
  return v;
}

export async function viewDashboard(q: Conn, auth: AuthContext | null, id: number): Promise<DashboardView> {
  const v = await viewableVersion(q, auth, id);
  return {
    id,
    name: v.name,
    description: v.description,
    theme: themeOf(v.theme),
    version: Number(v.version),
    publishedAt: Number(v.publishedAt),
    widgets: parseWidgets(v.widgets),
  };
}

export async function visibleList(q: Conn, auth: AuthContext, page: { page: number; pageSize: number }) {
  const roleCodes = auth.isAdmin ? [] : await repo.roleCodesOf(q, auth.userId);
  const { list, total } = await repo.visibleDashboards(
    q,
    { admin: auth.isAdmin, platformId: auth.platformId, roleCodes },
    page,
  );
  const cards: ViewCard[] = list.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    theme: themeOf(r.theme),
    widgetCount: parseWidgets(r.widgets).length,
    isPublic: Number(r.isPublic) === 1,
    publishedAt: Number(r.publishedAt ?? r.updatedAt),
  }));
  return { list: cards, total, page: page.page, pageSize: page.pageSize };
}

export async function drillOptions(q: Conn) {
  const rows = await repo.dashboardOptions(q);
  return rows.map((r) => ({ id: r.id, name: r.name, status: statusOf(r.status) }));
}
