import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badInput, noPermission, notFound } from '@/server/errors';
import { Codes } from '@/shared/errors';
import type { Page } from '@/shared/envelope';
import { getDataTable } from '@/modules/data-tables/server/commands/get-data-table';
import { queryRows } from '@/modules/data-tables/server/commands/query-rows';
import {
  approveTask,
  pendingTasksOf,
  rejectTask,
  type InstanceEnd,
} from '@/modules/workflow/server/commands/instances';
import {
  LIMITS,
  signingText,
  type AccessLogItem,
  type AppBody,
  type AppItem,
  type AppSecret,
  type ApplicationItem,
  type ApplicationKind,
  type ApplicationListQuery,
  type ApplyBody,
  type ApplyState,
  type DatasetBody,
  type DatasetItem,
  type DatasetListQuery,
  type DecideBody,
  type FieldInfo,
  type OpenAnswer,
  type SupplementBody,
  type TaskListQuery,
  type ThemeBody,
  type ThemeItem,
} from '../contract';
import { APPROVER_ROLE, startApproval } from './approval';
import * as repo from './repository';
import { seal } from '@/server/secret-box';
import { hmacHex, newAppKey, newSecret, sameSignature, shareKey, unseal } from './secret';
import type { DsAppRow, DsDatasetRow } from './tables';

export interface Actor {
  userId: number;
  isAdmin: boolean;
  realName: string;
}

const DAY = 86_400_000;
const json = <T>(text: string) => JSON.parse(text) as T;
const err = (code: (typeof Codes)[keyof typeof Codes], status: number, message: string) =>
  new AppError(code, status, message);
/** Beijing midnight of a YYYY-MM-DD day. */
const dayStart = (d: string) => Date.parse(`${d}T00:00:00+08:00`);
const today = (now: number) => new Date(now + 8 * 3600_000).toISOString().slice(0, 10);

export const isDataAdmin = async (db: repo.Conn, a: Actor) => a.isAdmin || repo.hasRole(db, a.userId, APPROVER_ROLE);

// ---------------------------------------------------------------- themes

export async function listThemes(app: FastifyInstance): Promise<ThemeItem[]> {
  return (await repo.themes(app.db)).map((t) => ({
    id: t.id,
    name: t.name,
    description: t.description,
    sort: t.sort,
    datasets: t.datasets,
  }));
}

export async function saveTheme(app: FastifyInstance, b: ThemeBody, now = Date.now()): Promise<{ id: number }> {
  const name = b.name.trim();
  if (!name) throw badInput('请填写主题名称', { field: 'name' });
  return app.db.transaction().execute(async (tx) => {
    const same = await repo.findThemeByName(tx, name);
    if (same && same.id !== b.id) throw new AppError(Codes.conflict, 409, `主题“${name}”已存在`);
    if (b.id) {
      if (!(await repo.findTheme(tx, b.id))) throw notFound('主题不存在');
      await repo.updateTheme(tx, b.id, { name, description: b.description, sort: b.sort });
      return { id: b.id };
    }
    return { id: await repo.insertTheme(tx, { name, description: b.description, sort: b.sort, createdAt: now }) };
  });
}

export async function deleteTheme(app: FastifyInstance, id: number): Promise<void> {
  await app.db.transaction().execute(async (tx) => {
    if (!(await repo.findTheme(tx, id))) throw notFound('主题不存在');
    if ((await repo.themeDatasetCount(tx, id)) > 0)
      throw err(Codes.dataShareThemeInUse, 409, '该主题下还有数据集，不能删除');
    await repo.deleteTheme(tx, id);
  });
}

// ---------------------------------------------------------------- datasets

function datasetItem(r: repo.DatasetWithTheme): DatasetItem {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    themeId: r.themeId,
    themeName: r.themeName,
    tableCode: r.tableCode,
    fields: json<FieldInfo[]>(r.fields),
    rowFilter: json<Record<string, string | number>>(r.rowFilter),
    description: r.description,
    enabled: r.enabled === 1,
    updatedAt: Number(r.updatedAt),
  };
}

export async function listDatasets(
  app: FastifyInstance,
  q: DatasetListQuery,
  onlyEnabled: boolean,
): Promise<Page<DatasetItem>> {
  const { list, total } = await repo.datasetPage(app.db, q, onlyEnabled);
  return { list: list.map(datasetItem), total, page: q.page, pageSize: q.pageSize };
}

const unavailable = (message: string) => err(Codes.dataShareDatasetUnavailable, 404, message);

export async function saveDataset(app: FastifyInstance, b: DatasetBody, now = Date.now()): Promise<{ id: number }> {
  const def = await getDataTable(app, app.db, b.tableCode);
  if (!def) throw unavailable(`数据中心没有数据表 ${b.tableCode}`);
  const byName = new Map(def.fields.map((f) => [f.name, f]));
  const fields = [...new Set(b.fields)];
  const missing = [...fields, ...Object.keys(b.rowFilter)].filter((f) => !byName.has(f));
  if (missing.length) throw err(Codes.dataShareBadFields, 400, `数据表 ${def.name} 没有字段：${missing.join('、')}`);
  const infos: FieldInfo[] = fields.map((f) => ({ name: f, label: byName.get(f)!.label || f }));
  return app.db.transaction().execute(async (tx) => {
    if (!(await repo.findTheme(tx, b.themeId))) throw badInput('主题不存在', { field: 'themeId' });
    const same = await repo.findDatasetByCode(tx, b.code);
    if (same && same.id !== b.id) throw new AppError(Codes.conflict, 409, `数据集编码 ${b.code} 已被使用`);
    const row = {
      code: b.code,
      name: b.name.trim(),
      themeId: b.themeId,
      tableCode: b.tableCode,
      fields: JSON.stringify(infos),
      rowFilter: JSON.stringify(b.rowFilter),
      description: b.description,
      enabled: b.enabled ? 1 : 0,
      updatedAt: now,
    };
    if (b.id) {
      if (!(await repo.findDataset(tx, b.id))) throw notFound('数据集不存在');
      await repo.updateDataset(tx, b.id, row);
      return { id: b.id };
    }
    return { id: await repo.insertDataset(tx, { ...row, createdAt: now }) };
  });
}

// ---------------------------------------------------------------- apps

function appItem(r: DsAppRow & { grants: number }, userId: number): AppItem {
  return {
    id: r.id,
    name: r.name,
    departmentId: r.departmentId,
    departmentName: r.departmentName,
    contact: r.contact,
    description: r.description,
    appKey: r.appKey,
    status: r.status as AppItem['status'],
    ownerName: r.ownerName,
    mine: r.ownerId === userId,
    grants: r.grants,
    createdAt: Number(r.createdAt),
  };
}

export async function listApps(
  app: FastifyInstance,
  a: Actor,
  q: { page: number; pageSize: number; all?: boolean },
): Promise<Page<AppItem>> {
  const all = q.all && (await isDataAdmin(app.db, a));
  const { list, total } = await repo.appPage(app.db, all ? null : a.userId, q);
  return { list: list.map((r) => appItem(r, a.userId)), total, page: q.page, pageSize: q.pageSize };
}

/** The app if the caller owns it (or is a data administrator and `admin` allows it); else 404. */
async function ownedApp(db: repo.Conn, a: Actor, id: number, admin = true): Promise<DsAppRow> {
  const row = await repo.findApp(db, id);
  if (!row) throw notFound('应用不存在');
  if (row.ownerId !== a.userId && !(admin && (await isDataAdmin(db, a)))) throw notFound('应用不存在');
  return row;
}

export async function createApp(app: FastifyInstance, a: Actor, b: AppBody, now = Date.now()): Promise<AppSecret> {
  const me = await repo.userWithDepartment(app.db, a.userId);
  const departmentId = b.departmentId ?? me?.departmentId ?? null;
  const departmentName = departmentId === null ? '' : await repo.departmentName(app.db, departmentId);
  if (departmentName === undefined) throw badInput('部门不存在', { field: 'departmentId' });
  const secret = newSecret();
  const appKey = newAppKey();
  const id = await repo.insertApp(app.db, {
    ownerId: a.userId,
    ownerName: a.realName,
    name: b.name.trim(),
    departmentId,
    departmentName,
    contact: b.contact.trim(),
    description: b.description,
    appKey,
    secretSealed: seal(shareKey(app.config), secret),
    status: 'active',
    ratePerMinute: LIMITS.ratePerMinute,
    createdAt: now,
    updatedAt: now,
  });
  return { id, appKey, secret };
}

export async function rotateSecret(app: FastifyInstance, a: Actor, id: number, now = Date.now()): Promise<AppSecret> {
  const row = await ownedApp(app.db, a, id, false);
  const secret = newSecret();
  await repo.updateApp(app.db, id, { secretSealed: seal(shareKey(app.config), secret), updatedAt: now });
  return { id, appKey: row.appKey, secret };
}

export async function setAppStatus(
  app: FastifyInstance,
  a: Actor,
  id: number,
  status: 'active' | 'disabled',
  now = Date.now(),
): Promise<void> {
  const row = await ownedApp(app.db, a, id);
  if (row.status === status)
    throw err(Codes.dataShareWrongState, 409, status === 'disabled' ? '应用已停用' : '应用已启用');
  await repo.updateApp(app.db, id, { status, updatedAt: now });
}

export async function accessLog(
  app: FastifyInstance,
  a: Actor,
  q: { appId: number; page: number; pageSize: number },
): Promise<Page<AccessLogItem>> {
  await ownedApp(app.db, a, q.appId);
  const { list, total } = await repo.accessLogPage(app.db, q.appId, q);
  return {
    list: list.map((r) => ({
      id: r.id,
      datasetCode: r.datasetCode,
      httpStatus: r.httpStatus,
      errorCode: r.errorCode,
      rows: r.rows,
      ip: r.ip,
      at: Number(r.at),
    })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

// ---------------------------------------------------------------- applications

function checkPeriod(start: string, end: string, now: number): { from: number; to: number } {
  const from = dayStart(start);
  const to = dayStart(end) + DAY;
  if (!Number.isFinite(from) || !Number.isFinite(to)) throw err(Codes.dataShareBadPeriod, 400, '日期无效');
  if (to <= from) throw err(Codes.dataShareBadPeriod, 400, '结束日期不能早于开始日期');
  if (end < today(now)) throw err(Codes.dataShareBadPeriod, 400, '使用期限已结束');
  if (to - from > LIMITS.periodMaxMs) throw err(Codes.dataShareBadPeriod, 400, '使用期限最长三年');
  return { from, to };
}

const fieldText = (infos: FieldInfo[], names: string[]) =>
  names.map((n) => `${infos.find((f) => f.name === n)?.label ?? n}（${n}）`).join('、');

/** 申请 and 批量申请: one application per dataset, each its own approval, all or nothing. */
export async function apply(
  app: FastifyInstance,
  a: Actor,
  b: ApplyBody,
  now = Date.now(),
): Promise<{ ids: number[]; batchNo: string }> {
  checkPeriod(b.periodStart, b.periodEnd, now);
  const datasetIds = [...new Set(b.datasetIds)];
  const purpose = b.purpose.trim();
  if (!purpose) throw badInput('请填写用途', { field: 'purpose' });
  const batchNo = datasetIds.length > 1 ? `B${now.toString(36)}${randomBytes(3).toString('hex')}` : '';
  return app.db.transaction().execute(async (tx) => {
    const owned = await ownedApp(tx, a, b.appId, false);
    if (owned.status !== 'active') throw err(Codes.dataShareAppDisabled, 403, '应用已停用，不能申请');
    const ids: number[] = [];
    for (const datasetId of datasetIds) {
      const d = await repo.findDataset(tx, datasetId);
      if (!d || d.enabled !== 1) throw unavailable('数据集不存在或已停止共享');
      const infos = json<FieldInfo[]>(d.fields);
      const shareable = new Set(infos.map((f) => f.name));
      let fields: string[];
      if (!b.fields.length) fields = [...shareable];
      else if (datasetIds.length === 1) {
        const bad = b.fields.filter((f) => !shareable.has(f));
        if (bad.length) throw err(Codes.dataShareBadFields, 400, `数据集 ${d.name} 不共享字段：${bad.join('、')}`);
        fields = [...new Set(b.fields)];
      } else {
        fields = [...new Set(b.fields.filter((f) => shareable.has(f)))];
        if (!fields.length) throw err(Codes.dataShareBadFields, 400, `数据集 ${d.name} 不共享所选的任何字段`);
      }
      const held = await repo.activeGrant(tx, owned.id, d.id);
      if ((held && Number(held.validTo) > now) || (await repo.pendingApplication(tx, owned.id, d.id)))
        throw err(
          Codes.dataShareGrantExists,
          409,
          `应用“${owned.name}”已获得或正在申请数据集“${d.name}”，需要更多字段请补充申请`,
        );
      const instanceId = await startApproval(
        tx,
        'apply',
        { id: a.userId, name: a.realName },
        {
          app: owned.name,
          dataset: d.name,
          fields: fieldText(infos, fields),
          period: `${b.periodStart} 至 ${b.periodEnd}`,
          purpose,
        },
        now,
      );
      ids.push(
        await repo.insertApplication(tx, {
          kind: 'apply',
          appId: owned.id,
          datasetId: d.id,
          applicantId: a.userId,
          applicantName: a.realName,
          purpose,
          fields: JSON.stringify(fields),
          periodStart: b.periodStart,
          periodEnd: b.periodEnd,
          status: 'approving',
          grantId: null,
          instanceId,
          batchNo,
          reply: '',
          decidedAt: null,
          createdAt: now,
        }),
      );
    }
    return { ids, batchNo };
  });
}

/** 补充字段: fields added to an active grant, approved as taskDataShareSupplement. */
export async function supplement(
  app: FastifyInstance,
  a: Actor,
  b: SupplementBody,
  now = Date.now(),
): Promise<{ id: number }> {
  const purpose = b.purpose.trim();
  if (!purpose) throw badInput('请填写用途', { field: 'purpose' });
  return app.db.transaction().execute(async (tx) => {
    const g = await repo.findGrant(tx, b.grantId);
    if (!g) throw notFound('授权不存在');
    const owned = await ownedApp(tx, a, g.appId, false);
    if (g.status !== 'active' || Number(g.validTo) <= now)
      throw err(Codes.dataShareWrongState, 409, '授权已撤销或已过期，请重新申请');
    const d = await repo.findDataset(tx, g.datasetId);
    if (!d || d.enabled !== 1) throw unavailable('数据集不存在或已停止共享');
    const infos = json<FieldInfo[]>(d.fields);
    const shareable = new Set(infos.map((f) => f.name));
    const bad = b.fields.filter((f) => !shareable.has(f));
    if (bad.length) throw err(Codes.dataShareBadFields, 400, `数据集 ${d.name} 不共享字段：${bad.join('、')}`);
    const have = new Set(json<string[]>(g.fields));
    const added = [...new Set(b.fields)].filter((f) => !have.has(f));
    if (!added.length) throw err(Codes.dataShareBadFields, 400, '所选字段均已授权，没有需要补充的字段');
    if (await repo.pendingApplication(tx, owned.id, d.id))
      throw err(Codes.dataShareGrantExists, 409, '该数据集已有审批中的申请');
    const dayOf = (ms: number) => today(ms);
    const period = { start: dayOf(Number(g.validFrom)), end: dayOf(Number(g.validTo) - DAY) };
    const instanceId = await startApproval(
      tx,
      'supplement',
      { id: a.userId, name: a.realName },
      {
        app: owned.name,
        dataset: d.name,
        fields: fieldText(infos, added),
        period: `${period.start} 至 ${period.end}`,
        purpose,
      },
      now,
    );
    const id = await repo.insertApplication(tx, {
      kind: 'supplement',
      appId: owned.id,
      datasetId: d.id,
      applicantId: a.userId,
      applicantName: a.realName,
      purpose,
      fields: JSON.stringify(added),
      periodStart: period.start,
      periodEnd: period.end,
      status: 'approving',
      grantId: g.id,
      instanceId,
      batchNo: '',
      reply: '',
      decidedAt: null,
      createdAt: now,
    });
    return { id };
  });
}

function stateOf(r: repo.ApplicationJoined, now: number): ApplyState {
  if (r.status === 'approving' || r.status === 'rejected') return r.status;
  if (r.status === 'withdrawn') return 'revoked';
  if (r.grantStatus === 'revoked') return 'revoked';
  if (r.grantValidTo !== null && Number(r.grantValidTo) <= now) return 'expired';
  return 'approved';
}

function applicationItem(r: repo.ApplicationJoined, now: number, taskId: number | null = null): ApplicationItem {
  const infos = json<FieldInfo[]>(r.datasetFields);
  const label = (n: string) => ({ name: n, label: infos.find((f) => f.name === n)?.label ?? n });
  return {
    id: r.id,
    kind: r.kind as ApplicationKind,
    appId: r.appId,
    appName: r.appName,
    datasetId: r.datasetId,
    datasetCode: r.datasetCode,
    datasetName: r.datasetName,
    applicantName: r.applicantName,
    departmentName: r.departmentName,
    purpose: r.purpose,
    fields: json<string[]>(r.fields).map(label),
    datasetFields: infos,
    periodStart: r.periodStart,
    periodEnd: r.periodEnd,
    state: stateOf(r, now),
    grantId: r.grantId,
    grantFields: r.grantFields ? json<string[]>(r.grantFields) : [],
    instanceId: r.instanceId,
    taskId,
    reply: r.reply,
    batchNo: r.batchNo,
    createdAt: Number(r.createdAt),
    decidedAt: r.decidedAt === null ? null : Number(r.decidedAt),
  };
}

export async function myApplications(
  app: FastifyInstance,
  a: Actor,
  q: ApplicationListQuery,
  now = Date.now(),
): Promise<Page<ApplicationItem>> {
  const { list, total } = await repo.applicationPage(app.db, { ...q, applicantId: a.userId, now });
  return { list: list.map((r) => applicationItem(r, now)), total, page: q.page, pageSize: q.pageSize };
}

/** 撤销: the app's owner or a data administrator revokes a grant; the next call is refused. */
export async function revokeGrant(app: FastifyInstance, a: Actor, grantId: number, now = Date.now()): Promise<void> {
  await app.db.transaction().execute(async (tx) => {
    const g = await repo.findGrant(tx, grantId);
    if (!g) throw notFound('授权不存在');
    await ownedApp(tx, a, g.appId);
    if (!(await repo.revokeGrant(tx, grantId, now))) throw err(Codes.dataShareWrongState, 409, '授权已撤销');
  });
}

/** taskDataShare / taskDataShareSupplement: a data administrator sees every application of the kind; others theirs to decide. */
export async function taskList(app: FastifyInstance, a: Actor, q: TaskListQuery, now = Date.now()) {
  const admin = await isDataAdmin(app.db, a);
  const mine = await pendingTasksOf(app.db, a.userId, { limit: 500 });
  const byInstance = new Map(mine.map((t) => [t.instanceId, t.taskId]));
  const { list, total } = await repo.applicationPage(app.db, {
    kind: q.kind,
    status: q.pending ? 'approving' : undefined,
    instanceIds: admin ? undefined : mine.map((t) => t.instanceId),
    now,
    page: q.page,
    pageSize: q.pageSize,
  });
  return {
    list: list.map((r) =>
      applicationItem(r, now, r.instanceId === null ? null : (byInstance.get(r.instanceId) ?? null)),
    ),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** 同意 / 驳回 from the approval pages: the caller's own pending task on the application's instance. */
export async function decide(app: FastifyInstance, a: Actor, b: DecideBody, now = Date.now()): Promise<void> {
  await app.db.transaction().execute(async (tx) => {
    const r = await repo.findApplication(tx, b.id);
    if (!r || r.instanceId === null) throw notFound('申请不存在');
    const [task] = await pendingTasksOf(tx, a.userId, { instanceIds: [r.instanceId], limit: 1 });
    if (!task) {
      if (r.status !== 'approving') throw err(Codes.dataShareWrongState, 409, '该申请已处理');
      throw noPermission('您不是该申请的审批人');
    }
    const who = { userId: a.userId, name: a.realName, isAdmin: a.isAdmin };
    const comment = b.comment.trim();
    if (b.approve) await approveTask(tx, who, { taskId: task.taskId, comment }, now);
    else await rejectTask(tx, who, { taskId: task.taskId, comment, to: 'end' }, now);
  });
}

/**
 * The engine's completion hook (every ending, desk or phone, generic pages included): approved →
 * the grant is made (or an active one extended) / the supplement's fields join the grant;
 * rejected, terminated → 已驳回; withdrawn → 已撤销. Other instances: one indexed lookup.
 */
export async function settle(e: Pick<InstanceEnd, 'trx' | 'instanceId' | 'status' | 'comment' | 'now'>) {
  const r = await repo.applicationOfInstance(e.trx, e.instanceId);
  if (!r || r.status !== 'approving') return;
  if (e.status !== 'approved') {
    await repo.updateApplication(e.trx, r.id, {
      status: e.status === 'withdrawn' ? 'withdrawn' : 'rejected',
      reply: e.comment,
      decidedAt: e.now,
    });
    return;
  }
  const fields = json<string[]>(r.fields);
  if (r.kind === 'supplement') {
    const g = r.grantId === null ? undefined : await repo.findGrant(e.trx, r.grantId);
    if (!g || g.status !== 'active')
      throw err(Codes.dataShareWrongState, 409, '该授权已撤销，不能补充字段，请驳回此申请');
    const merged = [...new Set([...json<string[]>(g.fields), ...fields])];
    await repo.updateGrant(e.trx, g.id, { fields: JSON.stringify(merged), updatedAt: e.now });
    await repo.updateApplication(e.trx, r.id, { status: 'approved', reply: e.comment, decidedAt: e.now });
    return;
  }
  const from = dayStart(r.periodStart);
  const to = dayStart(r.periodEnd) + DAY;
  const held = await repo.activeGrant(e.trx, r.appId, r.datasetId);
  let grantId: number;
  if (held) {
    grantId = held.id;
    await repo.updateGrant(e.trx, held.id, {
      fields: JSON.stringify([...new Set([...json<string[]>(held.fields), ...fields])]),
      validFrom: Math.min(Number(held.validFrom), from),
      validTo: Math.max(Number(held.validTo), to),
      updatedAt: e.now,
    });
  } else
    grantId = await repo.insertGrant(e.trx, {
      appId: r.appId,
      datasetId: r.datasetId,
      fields: JSON.stringify(fields),
      validFrom: from,
      validTo: to,
      status: 'active',
      revokedAt: null,
      createdAt: e.now,
      updatedAt: e.now,
    });
  await repo.updateApplication(e.trx, r.id, { status: 'approved', grantId, reply: e.comment, decidedAt: e.now });
}

// ---------------------------------------------------------------- the data API

const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
};

/**
 * GET /data/open/v1/share/:datasetCode — an app reads its granted fields of a dataset. A call
 * without a known X-App-Key is refused before anything is written; every other call, answered or
 * refused, goes to the app's access log.
 */
export async function openRead(
  app: FastifyInstance,
  req: FastifyRequest,
  datasetCode: string,
  q: { page: number; pageSize: number },
): Promise<OpenAnswer> {
  const appKey = header(req, 'x-app-key');
  const found = appKey && appKey.length <= 64 ? await repo.findAppByKey(app.db, appKey) : undefined;
  if (!found) throw err(Codes.dataShareUnknownApp, 401, 'X-App-Key 无效');
  const now = Date.now();
  try {
    const answer = await checkedRead(app, req, found, datasetCode, q, now);
    await repo.logAccess(app.db, {
      appId: found.id,
      datasetCode: datasetCode.slice(0, 40),
      httpStatus: 200,
      errorCode: Codes.ok,
      rows: answer.list.length,
      ip: req.ip ?? '',
      at: now,
    });
    return answer;
  } catch (e) {
    await repo.logAccess(app.db, {
      appId: found.id,
      datasetCode: datasetCode.slice(0, 40),
      httpStatus: e instanceof AppError ? e.status : 500,
      errorCode: e instanceof AppError ? e.code : '',
      rows: 0,
      ip: req.ip ?? '',
      at: now,
    });
    throw e;
  }
}

async function checkedRead(
  app: FastifyInstance,
  req: FastifyRequest,
  a: DsAppRow,
  datasetCode: string,
  q: { page: number; pageSize: number },
  now: number,
): Promise<OpenAnswer> {
  if (a.status !== 'active') throw err(Codes.dataShareAppDisabled, 403, '应用已停用');
  const ts = header(req, 'x-timestamp') ?? '';
  if (!/^\d{10,16}$/.test(ts) || Math.abs(now - Number(ts)) > LIMITS.clockSkewMs)
    throw err(Codes.dataShareBadTimestamp, 401, 'X-Timestamp 缺失或与服务器时间相差超过 5 分钟');
  const nonce = header(req, 'x-nonce') ?? '';
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(nonce)) throw err(Codes.dataShareNonceReused, 401, 'X-Nonce 缺失或格式不对');
  const secret = unseal(shareKey(app.config), a.secretSealed);
  const [path, search = ''] = req.url.split('?', 2) as [string, string?];
  const query: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(search)) query[k] = v;
  const expected = secret === null ? null : hmacHex(secret, signingText(req.method, path, ts, nonce, query));
  if (expected === null || !sameSignature(expected, header(req, 'x-signature') ?? ''))
    throw err(Codes.dataShareBadSignature, 401, '签名不正确');
  if (!(await repo.useNonce(app.db, a.id, nonce, now, now - 2 * LIMITS.clockSkewMs)))
    throw err(Codes.dataShareNonceReused, 401, 'X-Nonce 已使用过');
  const calls = await repo.countCall(app.db, a.id, Math.floor(now / 60_000));
  if (calls > a.ratePerMinute)
    throw err(Codes.dataShareRateLimited, 429, `调用过于频繁（每分钟最多 ${a.ratePerMinute} 次）`);

  const d: DsDatasetRow | undefined = await repo.findDatasetByCode(app.db, datasetCode);
  if (!d || d.enabled !== 1) throw unavailable('数据集不存在或已停止共享');
  const g = await repo.activeGrant(app.db, a.id, d.id);
  if (!g || Number(g.validFrom) > now || Number(g.validTo) <= now)
    throw err(Codes.dataShareNoGrant, 403, '应用没有该数据集的有效授权');
  const def = await getDataTable(app, app.db, d.tableCode);
  if (!def) throw unavailable('数据集的数据表不在数据中心');
  const shareable = new Set(json<FieldInfo[]>(d.fields).map((f) => f.name));
  const inTable = new Set(def.fields.map((f) => f.name));
  const fields = json<string[]>(g.fields).filter((f) => shareable.has(f) && inTable.has(f));
  const filter = json<Record<string, unknown>>(d.rowFilter);
  const { list, total } = await queryRows(app, app.db, def, {
    filter: { eq: filter },
    page: q.page,
    pageSize: q.pageSize,
  });
  return {
    dataset: d.code,
    fields,
    list: list.map((row) => Object.fromEntries(fields.map((f) => [f, row[f] ?? null]))),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}
