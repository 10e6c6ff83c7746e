import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '@/server/db/dialect';
import { AppError, badInput, notFound } from '@/server/errors';
import { hashPassword, verifyPassword, dummyHash } from '@/server/identity/passwords';
import { Codes } from '@/shared/errors';
import {
  kindOfMime,
  LINK_MAX_DAYS,
  previewOf,
  sharePath,
  TICKET_MINUTES,
  type LinkCreateBody,
  type LinkCreated,
  type OpenAnswer,
  type ResourceEdit,
  type SaveBody,
  type ShareInfo,
} from '../contract';
import * as repo from './repository';
import type { Viewer } from './repository';

const DAY = 24 * 3600_000;
const HOUR = 3600_000;

/** 'YYYY-MM-DD' in Beijing time. */
export const dayOf = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 10);

/** The caller's roles and department chain (class → major → college → school), for visibility. */
export async function viewerOf(db: Db, userId: number): Promise<Viewer> {
  const [roleIds, dept] = await Promise.all([repo.rolesOf(db, userId), repo.departmentOf(db, userId)]);
  const departmentIds: number[] = [];
  for (
    let d = dept;
    d !== null && departmentIds.length < 8 && !departmentIds.includes(d);
    d = await repo.parentOf(db, d)
  )
    departmentIds.push(d);
  return { userId, roleIds, departmentIds };
}

const fileAddress = (ticket: string) => `/resource/api/v1.resource/file/?ticket=${ticket}`;

/** A short-lived file address for this resource (only the token's hash is stored). */
async function issueTicket(
  db: Db,
  resourceId: number,
  who: { userId: number | null; linkId: number | null },
  now: number,
) {
  const token = randomBytes(24).toString('base64url');
  await db
    .insertInto('rcViewTicket')
    .values({
      tokenHash: createHash('sha256').update(token).digest('hex'),
      resourceId,
      userId: who.userId,
      linkId: who.linkId,
      expiresAt: now + TICKET_MINUTES * 60_000,
    })
    .execute();
  return token;
}

export async function ticketResource(db: Db, ticket: string, now: number) {
  const row = await db
    .selectFrom('rcViewTicket as t')
    .innerJoin('rcResource as r', 'r.id', 't.resourceId')
    .innerJoin('upload as u', 'u.id', 'r.uploadId')
    .select(['t.expiresAt', 'u.path', 'u.mime', 'u.size', 'u.originalName'])
    .where('t.tokenHash', '=', createHash('sha256').update(ticket).digest('hex'))
    .executeTakeFirst();
  if (!row || Number(row.expiresAt) <= now) throw new AppError(Codes.resourceTicketExpired, 403);
  return row;
}

async function recordAccess(
  db: Db,
  a: { resourceId: number; userId: number | null; linkId: number | null; action: string },
  now: number,
) {
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('rcAccess')
      .values({ ...a, day: dayOf(now), createdAt: now })
      .execute();
    await tx
      .updateTable('rcResource')
      .set((eb) => ({ viewCount: eb('viewCount', '+', 1) }))
      .where('id', '=', a.resourceId)
      .execute();
  });
}

/** Opens a resource the caller may see: records the access and answers where to fetch it. */
export async function open(db: Db, userId: number, id: number, now = Date.now()): Promise<OpenAnswer> {
  const v = await viewerOf(db, userId);
  const found = await repo.visibleResource(db, v, id);
  if (!found) throw notFound('资源不存在或您无权查看');
  const preview = previewOf(found.view.kind, found.view.mime);
  await recordAccess(
    db,
    { resourceId: id, userId, linkId: null, action: preview === 'download' ? 'download' : 'view' },
    now,
  );
  const src =
    found.view.kind === 'link' ? found.url : fileAddress(await issueTicket(db, id, { userId, linkId: null }, now));
  return { resource: { ...found.view, viewCount: found.view.viewCount + 1 }, src, preview };
}

export async function visibleOr404(db: Db, userId: number, id: number) {
  const found = await repo.visibleResource(db, await viewerOf(db, userId), id);
  if (!found) throw notFound('资源不存在或您无权查看');
  return found;
}

/** The owner's own resource (someone else's answers 404 like a missing one). */
async function ownResource(db: Db, userId: number, id: number) {
  const row = await repo.resourceRow(db, id);
  if (!row || row.ownerId !== userId) throw notFound('资源不存在');
  return row;
}

export async function editView(db: Db, userId: number, id: number): Promise<ResourceEdit> {
  const row = await ownResource(db, userId, id);
  const found = await repo.visibleResource(db, { userId, roleIds: [], departmentIds: [] }, id);
  return { ...found!.view, ...(await repo.scopeOf(db, id)), uploadId: row.uploadId };
}

const cleanLabels = (labels: string[]) => [...new Set(labels.map((l) => l.trim()).filter(Boolean))];

/** Saves a draft (new) or an edit of my resource; labels and visibility in the same transaction. */
export async function save(db: Db, userId: number, b: SaveBody, now = Date.now()): Promise<{ id: number }> {
  const existing = b.id ? await ownResource(db, userId, b.id) : undefined;
  let file = { uploadId: null as string | null, url: '', mime: '', fileName: '', size: 0 };
  if (b.kind === 'link') {
    const url = (b.url ?? '').trim();
    if (!/^https?:\/\/[^\s/]+/i.test(url))
      throw new AppError(Codes.resourceBadTarget, 400, '链接地址须以 http:// 或 https:// 开头', { field: 'url' });
    file = { ...file, url, mime: 'text/uri-list' };
  } else {
    if (!b.uploadId) throw new AppError(Codes.resourceBadTarget, 400, '请上传资源文件', { field: 'uploadId' });
    const up = await repo.ownUpload(db, b.uploadId, userId);
    if (!up) throw new AppError(Codes.resourceBadTarget, 400, '文件不存在，请重新上传', { field: 'uploadId' });
    const taken = await repo.uploadTakenBy(db, b.uploadId);
    if (taken !== null && taken !== b.id) throw new AppError(Codes.resourceBadTarget, 400, '该文件已属于另一资源');
    if (kindOfMime(up.mime) !== b.kind)
      throw new AppError(Codes.resourceBadTarget, 400, '文件类型与资源类型不符', { field: 'kind' });
    file = { uploadId: up.id, url: '', mime: up.mime, fileName: up.originalName, size: Number(up.size) };
  }
  const labels = cleanLabels(b.labels);
  const roleIds = b.visibility === 'roles' ? await repo.existingIds(db, 'role', [...new Set(b.roleIds)]) : [];
  const departmentIds =
    b.visibility === 'departments' ? await repo.existingIds(db, 'department', [...new Set(b.departmentIds)]) : [];
  if (b.visibility === 'roles' && !roleIds.length) throw badInput('请选择可见的角色', { field: 'roleIds' });
  if (b.visibility === 'departments' && !departmentIds.length)
    throw badInput('请选择可见的部门', { field: 'departmentIds' });
  if (b.departmentId && !(await repo.existingIds(db, 'department', [b.departmentId])).length)
    throw badInput('所属部门不存在', { field: 'departmentId' });
  const values = {
    title: b.title.trim(),
    description: b.description.trim(),
    kind: b.kind,
    ...file,
    departmentId: b.departmentId ?? null,
    labels: JSON.stringify(labels),
    visibility: b.visibility,
    searchText: [b.title, b.description, ...labels].join(' ').toLowerCase(),
    updatedAt: now,
  };
  if (!values.title) throw badInput('请输入资源名称', { field: 'title' });
  return db.transaction().execute(async (tx) => {
    let id: number;
    if (existing) {
      id = existing.id;
      await tx.updateTable('rcResource').set(values).where('id', '=', id).execute();
      await tx.deleteFrom('rcResourceLabel').where('resourceId', '=', id).execute();
      await tx.deleteFrom('rcResourceScope').where('resourceId', '=', id).execute();
    } else {
      ({ id } = await tx
        .insertInto('rcResource')
        .values({ ...values, status: 'draft', ownerId: userId, viewCount: 0, releasedAt: null, createdAt: now })
        .returning('id')
        .executeTakeFirstOrThrow());
    }
    if (labels.length)
      await tx
        .insertInto('rcResourceLabel')
        .values(labels.map((name) => ({ resourceId: id, name })))
        .execute();
    const scope = [
      ...roleIds.map((refId) => ({ resourceId: id, kind: 'role', refId })),
      ...departmentIds.map((refId) => ({ resourceId: id, kind: 'department', refId })),
    ];
    if (scope.length) await tx.insertInto('rcResourceScope').values(scope).execute();
    return { id };
  });
}

/** draft → released (released → draft on withdraw); the link list follows: a withdrawn resource's links stop opening. */
export async function setStatus(db: Db, userId: number, id: number, to: 'released' | 'draft', now = Date.now()) {
  const row = await ownResource(db, userId, id);
  const from = to === 'released' ? 'draft' : 'released';
  const r = await db
    .updateTable('rcResource')
    .set({ status: to, releasedAt: to === 'released' ? now : row.releasedAt, updatedAt: now })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1)
    throw new AppError(Codes.resourceWrongState, 409, to === 'released' ? '该资源已发布' : '该资源未发布');
}

/** Deletes my resource with everything hanging on it (one transaction); the stored file stays for the audit. */
export async function remove(db: Db, userId: number, id: number) {
  await ownResource(db, userId, id);
  await db.transaction().execute(async (tx) => {
    for (const t of ['rcResourceLabel', 'rcResourceScope', 'rcFavorite', 'rcAccess', 'rcLink', 'rcViewTicket'] as const)
      await tx.deleteFrom(t).where('resourceId', '=', id).execute();
    await tx.deleteFrom('rcResource').where('id', '=', id).execute();
  });
}

export async function favorite(db: Db, userId: number, id: number, on: boolean, now = Date.now()) {
  if (on) {
    await visibleOr404(db, userId, id);
    await db
      .insertInto('rcFavorite')
      .values({ userId, resourceId: id, createdAt: now })
      .onConflict((oc) => oc.columns(['userId', 'resourceId']).doNothing())
      .execute();
  } else {
    await db.deleteFrom('rcFavorite').where('userId', '=', userId).where('resourceId', '=', id).execute();
  }
}

/** A shareable link of my released resource: random token, optional password (Argon2id), expiry and visit cap. */
export async function createLink(db: Db, userId: number, b: LinkCreateBody, now = Date.now()): Promise<LinkCreated> {
  const row = await ownResource(db, userId, b.resourceId);
  if (row.status !== 'released') throw new AppError(Codes.resourceWrongState, 409, '请先发布资源再生成分享链接');
  if (b.expiresAt <= now) throw badInput('有效期须晚于当前时间', { field: 'expiresAt' });
  if (b.expiresAt > now + LINK_MAX_DAYS * DAY) throw badInput(`有效期最长 ${LINK_MAX_DAYS} 天`, { field: 'expiresAt' });
  const password = b.password.trim();
  if (password && password.length < 4) throw badInput('访问密码至少 4 位', { field: 'password' });
  const token = randomBytes(18).toString('base64url');
  const { id } = await db
    .insertInto('rcLink')
    .values({
      resourceId: row.id,
      token,
      passwordHash: password ? await hashPassword(password) : null,
      expiresAt: b.expiresAt,
      maxVisits: b.maxVisits,
      visits: 0,
      revokedAt: null,
      createdBy: userId,
      createdAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const link = repo.linkRowOf(
    {
      id,
      resourceId: row.id,
      resourceTitle: row.title,
      token,
      passwordHash: password ? 'x' : null,
      expiresAt: b.expiresAt,
      maxVisits: b.maxVisits,
      visits: 0,
      createdAt: now,
      revokedAt: null,
    },
    now,
  );
  return { ...link, path: sharePath(token) };
}

export async function revokeLink(db: Db, userId: number, id: number, now = Date.now()) {
  const r = await db
    .updateTable('rcLink')
    .set({ revokedAt: now })
    .where('id', '=', id)
    .where('createdBy', '=', userId)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) {
    const exists = await db
      .selectFrom('rcLink')
      .select('id')
      .where('id', '=', id)
      .where('createdBy', '=', userId)
      .executeTakeFirst();
    if (!exists) throw notFound('链接不存在');
    throw new AppError(Codes.resourceLinkRevoked, 409, '该链接已撤销');
  }
}

/** Why a link no longer opens, as its coded error (410 Gone); the same answer for a withdrawn resource. */
function closedError(
  l: { revokedAt: unknown; status: string; maxVisits: number; visits: number; expiresAt: unknown },
  now: number,
) {
  if (l.revokedAt !== null || l.status !== 'released') return new AppError(Codes.resourceLinkRevoked, 410);
  if (l.maxVisits > 0 && l.visits >= l.maxVisits) return new AppError(Codes.resourceLinkExhausted, 410);
  if (Number(l.expiresAt) <= now) return new AppError(Codes.resourceLinkExpired, 410);
  return null;
}

async function liveLink(db: Db, token: string, now: number) {
  const l = await repo.linkByToken(db, token);
  if (!l) throw notFound('分享链接不存在');
  const closed = closedError(l, now);
  if (closed) throw closed;
  return l;
}

export async function shareInfo(db: Db, token: string, now = Date.now()): Promise<ShareInfo> {
  const l = await liveLink(db, token, now);
  return {
    title: l.title,
    kind: l.kind as ShareInfo['kind'],
    ownerName: l.ownerName,
    needsPassword: l.passwordHash !== null,
    expiresAt: Number(l.expiresAt),
  };
}

/**
 * A visitor opens a link: the password is checked on the server (a dummy hash when none is set
 * keeps the timing alike), then one visit is taken atomically; only then a file address is issued.
 */
export async function shareOpen(db: Db, token: string, password: string, now = Date.now()): Promise<OpenAnswer> {
  const l = await liveLink(db, token, now);
  // No password set: a check against a dummy hash anyway, so timing tells nothing about the link.
  const ok = l.passwordHash
    ? await verifyPassword(l.passwordHash, password)
    : (await verifyPassword(await dummyHash(), password), true);
  if (!ok) throw new AppError(Codes.resourceLinkPassword, 403, password ? '访问密码错误' : '请输入访问密码');
  if (!(await repo.takeVisit(db, l.id, now))) {
    const again = await repo.linkByToken(db, token);
    throw closedError(again!, now) ?? new AppError(Codes.resourceLinkExhausted, 410);
  }
  const row = (await repo.resourceRow(db, l.resourceId))!;
  const preview = previewOf(row.kind as OpenAnswer['preview'] & OpenAnswer['resource']['kind'], row.mime);
  await recordAccess(db, { resourceId: row.id, userId: null, linkId: l.id, action: 'link' }, now);
  const src =
    row.kind === 'link' ? row.url : fileAddress(await issueTicket(db, row.id, { userId: null, linkId: l.id }, now));
  const found = await repo.visibleResource(db, { userId: row.ownerId, roleIds: [], departmentIds: [] }, row.id);
  return { resource: { ...found!.view, favorite: false, url: row.kind === 'link' ? row.url : '' }, src, preview };
}

/** Read rule for the platform's file route: a resource file goes only to its uploader (others use tickets). */
export function registerFileRule(app: FastifyInstance) {
  app.fileReadRules.set('resource', async (req, file) => file.ownerId !== null && req.auth?.userId === file.ownerId);
}

/** Drops view tickets past their expiry (called from the hourly job). */
export async function purgeTickets(db: Db, now: number) {
  const r = await db.deleteFrom('rcViewTicket').where('expiresAt', '<=', now).executeTakeFirst();
  return Number(r.numDeletedRows);
}
