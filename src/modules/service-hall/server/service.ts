import type { FastifyInstance } from 'fastify';
import type { Insertable } from 'kysely';
import { Codes } from '@/shared/errors';
import { AppError, badInput, notFound } from '@/server/errors';
import { audit } from '@/server/identity/audit';
import { fileUrl } from '@/server/uploads/store';
import { sanitizeRichText } from '@/server/rich-text/sanitize';
import { readForm } from '@/modules/forms/server/commands/read-form';
import { publishedProcessFor } from '@/modules/workflow/server/commands/instances';
import {
  itemPath,
  specialPath,
  type AdminItemDetail,
  type AdminSpecial,
  type ApplyAnswer,
  type HandlingMode,
  type ItemGuide,
  type ItemSaveBody,
  type ItemStatus,
  type Material,
  type OfflineWindow,
  type Rule,
  type RulesBody,
  type SpecialCard,
  type SpecialDetail,
  type SpecialSaveBody,
  type Step,
} from '../contract';
import * as repo from './repository';
import type { SvcItemTable } from './tables';
import { canApplyItem, canSeeItem, modesOf, recordItemUse } from './commands/items';
import type { Viewer } from './viewer';
import { indexItem, indexSpecial, unindexItem, unindexSpecial } from './search';

export interface Actor {
  userId: number;
  name: string;
  ip: string;
}

const json = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

const upload = (id: string | null) => (id ? fileUrl(id) : null);

/** Upload purposes of this module (templates to download, map and banner images): all public. */
export const PURPOSE = { template: 'svc:template', image: 'svc:image' } as const;

/** What a new item may see / apply for by default: everybody sees it, every signed-in user applies. */
export const DEFAULT_RULES: { see: Rule[]; apply: Rule[] } = {
  see: [{ subject: 'public', subjectId: 0 }],
  apply: [{ subject: 'user', subjectId: 0 }],
};

async function log(db: repo.Conn, a: Actor, action: string, target: string, detail?: string) {
  await audit(db, {
    action,
    result: 'ok',
    actorId: a.userId,
    actorName: a.name,
    target,
    detail: detail ?? null,
    ip: a.ip,
  });
}

// ---- public faces ----

async function visibleRow(db: repo.Conn, v: Viewer | null, id: number): Promise<repo.ItemRow> {
  const row = await repo.itemRow(db, id);
  // A hidden item answers like a missing one: ids reveal nothing.
  if (!row || !(await canSeeItem(db, v, id))) throw notFound('事项不存在或无权查看');
  return row;
}

/** Why a viewer cannot apply online (empty when they can). */
async function applyState(db: repo.Conn, v: Viewer | null, row: repo.ItemRow): Promise<string> {
  if (row.status !== 'published') return '该事项未发布，仅可预览';
  if (!row.modeOnline || row.formId === null) return '该事项暂不支持在线办理，请按线下指南办理';
  if (!v) return '请登录后办理';
  if (!(await canApplyItem(db, v, Number(row.id)))) return '您不在该事项的办理范围内';
  const form = await readForm(db, row.formId);
  if (!form || form.status !== 'published') return '该事项的申请表暂未开放';
  return '';
}

/** The guide's fields of a stored item, as both the public guide and the back office read them. */
function guideFields(row: repo.ItemRow) {
  return {
    summary: row.summary,
    departmentId: Number(row.departmentId),
    audiences: repo.audiencesOf(row),
    modes: modesOf(row),
    conditions: row.conditions,
    steps: json<Step[]>(row.steps, []),
    timeLimit: row.timeLimit,
    fees: row.fees,
    legalBasis: row.legalBasis,
    contact: row.contact,
    faq: row.faq,
    windows: json<OfflineWindow[]>(row.windows, []),
    openingHours: row.openingHours,
    mapUrl: upload(row.mapUploadId),
    bring: row.bring,
    status: row.status as ItemStatus,
  };
}

export async function guide(db: repo.Conn, v: Viewer | null, id: number): Promise<ItemGuide> {
  const row = await visibleRow(db, v, id);
  const hint = await applyState(db, v, row);
  const fav = await repo.favoriteIds(db, v?.id, [id]);
  const materials = json<Material[]>(row.materials, []);
  return {
    id,
    name: row.name,
    ...guideFields(row),
    departmentName: row.departmentName ?? '',
    theme: row.theme,
    useCount: Number(row.useCount),
    favorite: fav.has(id),
    path: itemPath(id),
    materials: materials.map((m) => ({ ...m, templateUrl: upload(m.templateId) })),
    hasForm: row.formId !== null,
    canApply: hint === '',
    applyHint: hint,
    signedIn: !!v,
    specials: await repo.specialsOfItem(db, id, !v?.isAdmin),
  };
}

/** 在线办理: checks the caller may apply, counts the use, answers the form to open. */
export async function apply(app: FastifyInstance, v: Viewer, id: number): Promise<ApplyAnswer> {
  const row = await visibleRow(app.db, v, id);
  if (row.status !== 'published') throw new AppError(Codes.serviceItemNotPublished, 409, '该事项未发布或已撤回');
  if (!row.modeOnline || row.formId === null)
    throw new AppError(Codes.serviceItemNotOnline, 409, '该事项暂不支持在线办理，请按线下指南办理');
  if (!(await canApplyItem(app.db, v, id)))
    throw new AppError(Codes.serviceItemApplyDenied, 403, '您不在该事项的办理范围内');
  const form = await readForm(app.db, row.formId);
  if (!form || form.status !== 'published')
    throw new AppError(Codes.serviceItemNotOnline, 409, '该事项的申请表暂未开放，请稍后再试');
  await app.db.transaction().execute((trx) => recordItemUse(trx, v.id, id));
  const q = `formId=${row.formId}${row.processId ? `&processId=${row.processId}` : ''}&itemId=${id}`;
  return {
    formId: Number(row.formId),
    processId: row.processId === null ? null : Number(row.processId),
    path: `/web/eventService/formWrite?${q}`,
    mobilePath: `/mobile/formWrite?${q}`,
  };
}

export async function setFavorite(app: FastifyInstance, v: Viewer, id: number, on: boolean): Promise<void> {
  if (on) await visibleRow(app.db, v, id);
  await repo.setFavorite(app.db, v.id, id, on, Date.now());
}

export async function specialCards(db: repo.Conn): Promise<SpecialCard[]> {
  return (await repo.specials(db, true)).map((s) => ({
    id: s.id,
    name: s.name,
    summary: s.summary,
    bannerUrl: upload(s.bannerUploadId),
    itemCount: s.itemCount,
    path: s.path,
  }));
}

export async function specialDetail(db: repo.Conn, v: Viewer | null, id: number): Promise<SpecialDetail> {
  const row = await repo.specialRow(db, id);
  if (!row || (row.status !== 'published' && !v?.isAdmin)) throw notFound('专题服务不存在');
  const ids = await repo.specialItemIds(db, id);
  const visible = await repo.visibleItemCards(db, v, ids);
  const items = ids.flatMap((i) => visible.get(i) ?? []);
  return {
    id,
    name: row.name,
    summary: row.summary,
    bannerUrl: upload(row.bannerUploadId),
    itemCount: items.length,
    path: specialPath(id),
    intro: row.intro,
    steps: json<Step[]>(row.steps, []),
    items,
  };
}

// ---- back office ----

const clean = (s: string) => s.trim();

/** Checks an item's references beyond the schema: department, uploads, form and process. */
async function checkItem(db: repo.Conn, b: ItemSaveBody): Promise<void> {
  if (!(await repo.departmentExists(db, b.departmentId))) throw badInput('所选部门不存在', { field: 'departmentId' });
  for (const [i, m] of b.materials.entries()) {
    if (!m.templateId) continue;
    const u = await repo.uploadRow(db, m.templateId);
    if (!u || u.purpose !== PURPOSE.template)
      throw badInput(`材料「${m.name}」的模板文件不存在`, { field: `materials.${i}` });
  }
  if (b.mapUploadId) {
    const u = await repo.uploadRow(db, b.mapUploadId);
    if (!u || u.purpose !== PURPOSE.image) throw badInput('地图图片不存在，请重新上传', { field: 'mapUploadId' });
  }
  if (b.processId !== null && b.formId === null)
    throw new AppError(Codes.serviceItemBindingInvalid, 400, '绑定流程前请先选择表单', { field: 'formId' });
  if (b.formId !== null) {
    const form = await readForm(db, b.formId);
    if (!form) throw new AppError(Codes.serviceItemBindingInvalid, 400, '所选表单不存在', { field: 'formId' });
    if (b.processId !== null && !(await publishedProcessFor(db, b.processId, b.formId)))
      throw new AppError(Codes.serviceItemBindingInvalid, 400, '所选流程未发布或不属于该表单', { field: 'processId' });
  }
  if (b.issuesPermit && !b.permitTitle?.trim())
    throw badInput('发放电子证照时请填写证照名称', { field: 'permitTitle' });
}

function itemValues(
  b: ItemSaveBody,
): Omit<
  Insertable<SvcItemTable>,
  'status' | 'sort' | 'useCount' | 'createdBy' | 'createdAt' | 'updatedAt' | 'publishedAt'
> {
  const has = (m: HandlingMode) => (b.modes.includes(m) ? 1 : 0);
  const aud = (a: ItemSaveBody['audiences'][number]) => (b.audiences.includes(a) ? 1 : 0);
  return {
    name: clean(b.name),
    summary: clean(b.summary),
    departmentId: b.departmentId,
    theme: b.theme,
    forStudent: aud('student'),
    forStaff: aud('staff'),
    forVisitor: aud('visitor'),
    forAlumni: aud('alumni'),
    modeOnline: has('online'),
    modeOffline: has('offline'),
    modeBooking: has('booking'),
    conditions: sanitizeRichText(b.conditions),
    materials: JSON.stringify(b.materials.map((m) => ({ ...m, name: clean(m.name) }))),
    steps: JSON.stringify(b.steps.map((s) => ({ title: clean(s.title), description: clean(s.description) }))),
    timeLimit: clean(b.timeLimit),
    fees: clean(b.fees),
    legalBasis: sanitizeRichText(b.legalBasis),
    contact: clean(b.contact),
    faq: sanitizeRichText(b.faq),
    windows: JSON.stringify(b.windows),
    openingHours: clean(b.openingHours),
    mapUploadId: b.mapUploadId,
    bring: clean(b.bring),
    formId: b.formId,
    processId: b.formId === null ? null : b.processId,
    issuesPermit: b.issuesPermit ? 1 : 0,
    permitTitle: b.issuesPermit ? (b.permitTitle?.trim() ?? null) : null,
  };
}

/** What publishing needs; throws serviceItemIncomplete naming the field. */
async function checkPublishable(db: repo.Conn, row: repo.ItemRow): Promise<void> {
  const missing = (field: string, msg: string) => new AppError(Codes.serviceItemIncomplete, 400, msg, { field });
  if (!row.modeOnline && !row.modeOffline && !row.modeBooking) throw missing('modes', '请至少选择一种办理方式');
  if (!row.forStudent && !row.forStaff && !row.forVisitor && !row.forAlumni)
    throw missing('audiences', '请至少选择一类服务对象');
  if (!json<Step[]>(row.steps, []).length && !row.conditions.trim()) throw missing('steps', '请填写办理条件或办理流程');
  if (row.modeOnline && row.formId === null) throw missing('formId', '在线办理的事项须绑定申请表单');
  if (row.modeOnline && row.formId !== null) {
    const form = await readForm(db, row.formId);
    if (!form || form.status !== 'published') throw missing('formId', '绑定的表单未发布');
  }
  if ((row.modeOffline || row.modeBooking) && !json<OfflineWindow[]>(row.windows, []).length)
    throw missing('windows', '线下或预约办理的事项须填写办理窗口');
  if (row.processId !== null) {
    const other = await repo.publishedItemOfProcess(db, Number(row.processId), Number(row.id));
    if (other)
      throw new AppError(Codes.serviceItemProcessTaken, 409, `该流程已绑定已发布事项「${other.name}」`, {
        field: 'processId',
      });
  }
}

async function reindex(db: repo.Conn, id: number): Promise<void> {
  const row = await repo.itemRow(db, id);
  if (!row) return;
  if (row.status === 'published') await indexItem(db, row, await repo.rulesOf(db, id));
  else await unindexItem(db, id);
}

export async function saveItem(app: FastifyInstance, a: Actor, b: ItemSaveBody): Promise<{ id: number }> {
  await checkItem(app.db, b);
  const now = Date.now();
  return app.db.transaction().execute(async (trx) => {
    const values = itemValues(b);
    let id = b.id;
    if (id) {
      const old = await repo.itemRow(trx, id);
      if (!old) throw notFound('事项不存在');
      await repo.updateItem(trx, id, { ...values, updatedAt: now });
      const row = (await repo.itemRow(trx, id))!;
      // A published item stays publishable after an edit, or the edit is refused.
      if (row.status === 'published') await checkPublishable(trx, row);
      await log(trx, a, 'service_item_saved', `svcItem:${id}`, values.name);
    } else {
      id = await repo.insertItem(trx, {
        ...values,
        status: 'draft',
        sort: (await repo.maxSort(trx)) + 10,
        useCount: 0,
        createdBy: a.userId,
        createdAt: now,
        updatedAt: now,
        publishedAt: null,
      });
      await repo.replaceRules(trx, id, DEFAULT_RULES.see, DEFAULT_RULES.apply);
      await log(trx, a, 'service_item_created', `svcItem:${id}`, values.name);
    }
    await reindex(trx, id);
    return { id };
  });
}

export async function adminDetail(db: repo.Conn, id: number): Promise<AdminItemDetail> {
  const row = await repo.itemRow(db, id);
  if (!row) throw notFound('事项不存在');
  const rules = await repo.rulesOf(db, id);
  return {
    id,
    name: row.name,
    ...guideFields(row),
    theme: row.theme as ItemSaveBody['theme'],
    materials: json<Material[]>(row.materials, []),
    mapUploadId: row.mapUploadId,
    formId: row.formId === null ? null : Number(row.formId),
    processId: row.processId === null ? null : Number(row.processId),
    issuesPermit: !!row.issuesPermit,
    permitTitle: row.permitTitle,
    sort: Number(row.sort),
    see: rules.see,
    apply: rules.apply,
  };
}

export async function setStatus(app: FastifyInstance, a: Actor, id: number, status: 'published' | 'withdrawn') {
  await app.db.transaction().execute(async (trx) => {
    const row = await repo.itemRow(trx, id);
    if (!row) throw notFound('事项不存在');
    if (status === 'published') await checkPublishable(trx, row);
    const now = Date.now();
    await repo.updateItem(trx, id, {
      status,
      updatedAt: now,
      ...(status === 'published' ? { publishedAt: now } : {}),
    });
    await reindex(trx, id);
    await log(
      trx,
      a,
      status === 'published' ? 'service_item_published' : 'service_item_withdrawn',
      `svcItem:${id}`,
      row.name,
    );
  });
}

/** A draft copy of an item with its guide and rules (not its favourites, uses or special services). */
export async function copyItem(app: FastifyInstance, a: Actor, id: number): Promise<{ id: number }> {
  return app.db.transaction().execute(async (trx) => {
    const row = await repo.itemRow(trx, id);
    if (!row) throw notFound('事项不存在');
    const { id: _id, departmentName: _d, ...rest } = row;
    const now = Date.now();
    const copy = await repo.insertItem(trx, {
      ...rest,
      name: `${row.name}（副本）`.slice(0, 60),
      status: 'draft',
      sort: (await repo.maxSort(trx)) + 10,
      useCount: 0,
      createdBy: a.userId,
      createdAt: now,
      updatedAt: now,
      publishedAt: null,
    });
    const rules = await repo.rulesOf(trx, id);
    await repo.replaceRules(trx, copy, rules.see, rules.apply);
    await log(trx, a, 'service_item_copied', `svcItem:${copy}`, `from svcItem:${id}`);
    return { id: copy };
  });
}

export async function orderItems(app: FastifyInstance, a: Actor, items: { id: number; sort: number }[]) {
  const missing = await repo.missingIds(
    app.db,
    'svcItem',
    items.map((i) => i.id),
  );
  if (missing.length) throw notFound('事项不存在');
  await app.db.transaction().execute(async (trx) => {
    for (const i of items) await repo.updateItem(trx, i.id, { sort: i.sort });
    await log(trx, a, 'service_item_ordered', 'svcItem', items.map((i) => `${i.id}:${i.sort}`).join(','));
  });
}

const dedupe = (rules: Rule[]): Rule[] => {
  const seen = new Set<string>();
  return rules
    .map((r) => (r.subject === 'public' || r.subject === 'user' ? { subject: r.subject, subjectId: 0 } : r))
    .filter((r) => {
      const k = `${r.subject}:${r.subjectId}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
};

async function checkRules(db: repo.Conn, field: 'see' | 'apply', rules: Rule[]): Promise<void> {
  const table = { role: 'role', dept: 'department', platform: 'platform' } as const;
  for (const [i, r] of rules.entries()) {
    if (field === 'apply' && r.subject === 'public')
      throw badInput('访客不能在线办理：办理范围请选择登录用户、角色、部门或平台', { field: `apply.${i}` });
    if (r.subject === 'public' || r.subject === 'user') continue;
    if ((await repo.missingIds(db, table[r.subject], [r.subjectId])).length)
      throw badInput('所选角色、部门或平台不存在', { field: `${field}.${i}` });
  }
}

export async function saveRules(app: FastifyInstance, a: Actor, b: RulesBody): Promise<void> {
  const see = dedupe(b.see);
  const apply = dedupe(b.apply);
  await checkRules(app.db, 'see', see);
  await checkRules(app.db, 'apply', apply);
  await app.db.transaction().execute(async (trx) => {
    const row = await repo.itemRow(trx, b.id);
    if (!row) throw notFound('事项不存在');
    await repo.replaceRules(trx, b.id, see, apply);
    await repo.updateItem(trx, b.id, { updatedAt: Date.now() });
    await reindex(trx, b.id);
    const text = (rs: Rule[]) => rs.map((r) => `${r.subject}:${r.subjectId}`).join(',');
    await log(trx, a, 'service_item_rules_saved', `svcItem:${b.id}`, `see=${text(see)} apply=${text(apply)}`);
  });
}

// ---- special services (back office) ----

export async function adminSpecials(db: repo.Conn): Promise<AdminSpecial[]> {
  const list = await repo.specials(db, false);
  return Promise.all(list.map((s) => adminSpecial(db, s.id)));
}

export async function adminSpecial(db: repo.Conn, id: number): Promise<AdminSpecial> {
  const row = await repo.specialRow(db, id);
  if (!row) throw notFound('专题服务不存在');
  const ids = await repo.specialItemIds(db, id);
  const names = new Map((await repo.itemNames(db, ids)).map((r) => [Number(r.id), r]));
  return {
    id,
    name: row.name,
    summary: row.summary,
    bannerUploadId: row.bannerUploadId,
    bannerUrl: upload(row.bannerUploadId),
    intro: row.intro,
    steps: json<Step[]>(row.steps, []),
    status: row.status as 'draft' | 'published',
    sort: Number(row.sort),
    itemIds: ids,
    items: ids.flatMap((i) => {
      const n = names.get(i);
      return n ? [{ id: i, name: n.name, status: n.status as ItemStatus }] : [];
    }),
  };
}

export async function saveSpecial(app: FastifyInstance, a: Actor, b: SpecialSaveBody): Promise<{ id: number }> {
  if ((await repo.missingIds(app.db, 'svcItem', b.itemIds)).length)
    throw badInput('所选事项不存在', { field: 'itemIds' });
  if (b.bannerUploadId) {
    const u = await repo.uploadRow(app.db, b.bannerUploadId);
    if (!u || u.purpose !== PURPOSE.image) throw badInput('横幅图片不存在，请重新上传', { field: 'bannerUploadId' });
  }
  const now = Date.now();
  return app.db.transaction().execute(async (trx) => {
    const values = {
      name: clean(b.name),
      summary: clean(b.summary),
      bannerUploadId: b.bannerUploadId,
      intro: sanitizeRichText(b.intro),
      steps: JSON.stringify(b.steps.map((s) => ({ title: clean(s.title), description: clean(s.description) }))),
      status: b.status,
      sort: b.sort,
      updatedAt: now,
    };
    let id = b.id;
    if (id) {
      if (!(await repo.specialRow(trx, id))) throw notFound('专题服务不存在');
      await repo.updateSpecial(trx, id, values);
    } else id = await repo.insertSpecial(trx, { ...values, createdAt: now });
    await repo.replaceSpecialItems(trx, id, b.itemIds);
    if (b.status === 'published') await indexSpecial(trx, { id, ...values });
    else await unindexSpecial(trx, id);
    await log(trx, a, 'service_special_saved', `svcSpecial:${id}`, values.name);
    return { id };
  });
}

export async function deleteSpecial(app: FastifyInstance, a: Actor, id: number): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    const row = await repo.specialRow(trx, id);
    if (!row) throw notFound('专题服务不存在');
    await repo.deleteSpecial(trx, id);
    await unindexSpecial(trx, id);
    await log(trx, a, 'service_special_deleted', `svcSpecial:${id}`, row.name);
  });
}
