import type { FastifyInstance } from 'fastify';
import { audit } from '@/server/identity/audit';
import type { AuthContext } from '@/server/identity/sessions';
import { AppError, badInput, conflict, noPermission, notFound } from '@/server/errors';
import { sanitizeRichText } from '@/server/rich-text/sanitize';
import { runFormSubmitted, submissionStatuses } from '@/server/form-events';
import { fileUrl } from '@/server/uploads/store';
import { hashPassword, verifyPassword } from '@/server/identity/passwords';
import { Codes } from '@/shared/errors';
import { canonicalJson } from '@/shared/canonical-json';
import type { Page } from '@/shared/envelope';
import {
  allFields,
  DISPLAY_TYPES,
  FORM_SCHEMA_FORMAT,
  type FileRef,
  type FormField,
  type FormSchema,
  type FormValues,
} from '@/shared/forms/schema';
import { validateSubmission, type FieldError } from '@/shared/forms/validate';
import { checkFormSchema } from '@/shared/forms/check-schema';
import { resolveDefaults } from '@/shared/forms/defaults';
import type {
  DraftDetail,
  DraftInfo,
  DraftSaveBody,
  FillSettings,
  FormCreateBody,
  FormDetail,
  FormSaveBody,
  FormVersionInfo,
  MySubmission,
  MySubmissionsQuery,
  OpenedForm,
  SubmissionDetail,
  SubmitAnswer,
  SubmitBody,
  SummaryForm,
  SummaryFormsQuery,
  SummaryPage,
  SummaryQuery,
} from '../contract';
import * as repo from './repository';
import { syncFormDoc } from './search-docs';
import {
  existingRefs,
  fillerMayFill,
  fillerOf,
  fillSettingsView,
  hasAudience,
  memberRows,
  replaceMembers,
} from './fill-access';
import { chinaTime, periodKey, windowState } from './fill-window';
import { FilterError, parseFilters, summaryColumns, uniqueProbes, valueRows, type ValueFilter } from './value-index';

/** Who acts: written to the change log (by name) and the audit row (by username). */
export interface Actor {
  userId: number;
  username: string;
  realName: string;
  ip: string;
}

const by = (a: Actor) => ({ id: a.userId, name: a.realName || a.username });

const auditOk = (db: repo.Conn, a: Actor, action: string, formId: number, detail: string) =>
  audit(db, {
    action,
    result: 'ok',
    actorId: a.userId,
    actorName: a.username,
    target: `form:${formId}`,
    detail,
    ip: a.ip,
  });

const FORM_GONE = '表单不存在或已删除';
const NOT_FILLABLE = '表单不存在或已停用';

const alreadySubmitted = (limit: repo.FormRow['submitLimit']) =>
  limit === 'once'
    ? '您已提交过该表单，每人限填一次'
    : `您${limit === 'day' ? '今天' : limit === 'week' ? '本周' : '本月'}已提交过该表单，请${limit === 'day' ? '明天' : limit === 'week' ? '下周' : '下月'}再填`;

/** A new form's document: one section, no fields yet. */
export const emptySchema = (): FormSchema => ({
  format: FORM_SCHEMA_FORMAT,
  sections: [{ id: 's1', title: '', columns: 1, fields: [] }],
  rules: [],
});

/** Every rich text of a document (field help, rich-text blocks, sub-table columns' help) through the one sanitiser. */
export function sanitizeSchema(schema: FormSchema): FormSchema {
  const clean = <F extends { help?: string; content?: string }>(f: F): F => ({
    ...f,
    ...(f.help !== undefined ? { help: sanitizeRichText(f.help) } : {}),
    ...(f.content !== undefined ? { content: sanitizeRichText(f.content) } : {}),
  });
  return {
    ...schema,
    sections: schema.sections.map((s) => ({
      ...s,
      fields: s.fields.map((f) => ({ ...clean(f), ...(f.columns ? { columns: f.columns.map(clean) } : {}) })),
    })),
  };
}

/** Sanitised and checked, or a 400 naming every problem (data.messages). */
function preparedSchema(schema: FormSchema): FormSchema {
  const clean = sanitizeSchema(schema);
  const messages = checkFormSchema(clean);
  if (messages.length) {
    throw badInput(`表单设计有误：${messages[0]}${messages.length > 1 ? `（等 ${messages.length} 处）` : ''}`, {
      field: 'schema',
      messages,
    });
  }
  return clean;
}

const valueFieldCount = (schema: FormSchema) => allFields(schema).filter((f) => !DISPLAY_TYPES.includes(f.type)).length;

const parseSchema = (text: string) => JSON.parse(text) as FormSchema;

async function formOr404(db: repo.Conn, id: number): Promise<repo.FormRow> {
  const f = await repo.findForm(db, id);
  if (!f) throw notFound(FORM_GONE);
  return f;
}

// --- administrators --------------------------------------------------------------------------

export async function getFormDetail(app: FastifyInstance, id: number): Promise<FormDetail> {
  const f = await formOr404(app.db, id);
  const [managers, versions] = await Promise.all([repo.listManagers(app.db, id), repo.listVersions(app.db, id)]);
  return {
    id: f.id,
    name: f.name,
    category: f.category,
    description: f.description,
    status: f.status,
    access: f.access,
    audience: f.audience,
    fill: await fillSettingsView(app.db, { ...f, hasPassword: f.passwordHash !== null }),
    managers,
    draft: parseSchema(f.draftSchema),
    versions,
    submissionCount: f.submissionCount,
    updatedAt: f.updatedAt,
    updatedBy: f.updatedByName,
  };
}

/** The audience's role codes, each an existing role (400 naming the unknown ones). */
async function checkedAudience(db: repo.Conn, codes: readonly string[] | undefined): Promise<string[] | undefined> {
  if (codes === undefined) return undefined;
  const wanted = [...new Set(codes)];
  const known = new Set(await repo.existingRoleCodes(db, wanted));
  const unknown = wanted.filter((c) => !known.has(c));
  if (unknown.length) throw badInput(`适用对象中的角色不存在（${unknown.join('、')}）`, { field: 'audience' });
  return wanted;
}

const badFill = (message: string, field: string) => new AppError(Codes.formBadFillSettings, 400, message, { field });

/**
 * 填写设置 checked against the organisation (every department, class, platform and person exists)
 * and against itself (closing after opening; a password only on a public form). Answers the
 * member rules and the password hash to store (undefined: keep the stored one).
 */
async function checkedFill(db: repo.Conn, fill: FillSettings, access: FormSaveBody['access']) {
  if (fill.opensAt !== null && fill.closesAt !== null && fill.closesAt <= fill.opensAt)
    throw badFill('截止时间必须晚于开始时间', 'fill.closesAt');
  const checks = [
    ['department', fill.departments.map((d) => d.id), '部门', 'fill.departments'],
    ['class', fill.classIds, '班级', 'fill.classIds'],
    ['platform', fill.platformIds, '平台', 'fill.platformIds'],
    ['appUser', fill.userIds, '人员', 'fill.userIds'],
  ] as const;
  for (const [table, ids, label, field] of checks) {
    const known = await existingRefs(db, table, ids);
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length) throw badFill(`适用范围中的${label}不存在（编号 ${missing.join('、')}）`, field);
  }
  const password = fill.password === undefined ? undefined : fill.password.trim();
  if (password && access !== 'public') throw badFill('访问密码只用于公开表单', 'fill.password');
  if (password !== undefined && password !== '' && Array.from(password).length < 4)
    throw badFill('访问密码至少 4 位', 'fill.password');
  const passwordHash =
    access !== 'public' ? null : password === undefined ? undefined : password ? await hashPassword(password) : null;
  return { members: memberRows(fill), passwordHash };
}

function requiredName(name: string): string {
  const v = name.trim();
  if (!v) throw badInput('请填写表单名称', { field: 'name' });
  return v;
}

export async function createForm(app: FastifyInstance, a: Actor, body: FormCreateBody): Promise<{ id: number }> {
  const imported = body.schema !== undefined;
  const schema = imported ? preparedSchema(body.schema!) : emptySchema();
  const rec: repo.NewForm = {
    name: requiredName(body.name),
    category: body.category.trim(),
    description: (body.description ?? '').trim(),
    access: body.access,
    draftSchema: JSON.stringify(schema),
  };
  return app.db.transaction().execute(async (trx) => {
    const now = Date.now();
    rec.audience = await checkedAudience(trx, body.audience);
    const id = await repo.insertForm(trx, rec, by(a), now);
    await repo.logChange(trx, id, imported ? 'imported' : 'created', `《${rec.name}》`, by(a), now);
    await auditOk(trx, a, imported ? 'form_imported' : 'form_created', id, `《${rec.name}》`);
    return { id };
  });
}

/** Whether the draft differs from the newest version (always, before the first publish). */
async function differsFromLatest(
  db: repo.Conn,
  f: { id: number; latestVersion: number | null },
  draft: FormSchema,
): Promise<boolean> {
  if (f.latestVersion === null) return true;
  const latest = await repo.findVersionSchema(db, f.id, f.latestVersion);
  return !latest || canonicalJson(parseSchema(latest)) !== canonicalJson(draft);
}

export async function saveForm(
  app: FastifyInstance,
  a: Actor,
  body: FormSaveBody,
): Promise<{ draftChanged: boolean; updatedAt: number }> {
  const schema = preparedSchema(body.schema);
  const name = requiredName(body.name);
  const managerIds = [...new Set(body.managerIds)];
  return app.db.transaction().execute(async (trx) => {
    const f = await formOr404(trx, body.id);
    const existing = await repo.existingUserIds(trx, managerIds);
    const missing = managerIds.filter((id) => !existing.has(id));
    if (missing.length) throw badInput(`所选管理人员不存在（编号 ${missing.join('、')}）`, { field: 'managerIds' });
    const draftChanged = await differsFromLatest(trx, f, schema);
    const audience = await checkedAudience(trx, body.audience);
    const fill = body.fill ? await checkedFill(trx, body.fill, body.access) : null;
    const now = Date.now();
    await repo.updateFormDraft(
      trx,
      f.id,
      {
        name,
        category: body.category.trim(),
        description: body.description.trim(),
        access: body.access,
        audience,
        draftSchema: JSON.stringify(schema),
        draftChanged,
      },
      by(a),
      now,
    );
    await repo.replaceManagers(trx, f.id, managerIds);
    if (body.fill && fill) {
      await replaceMembers(trx, f.id, fill.members);
      await repo.setFillSettings(trx, f.id, {
        opensAt: body.fill.opensAt,
        closesAt: body.fill.closesAt,
        submitLimit: body.fill.submitLimit,
        passwordHash: fill.passwordHash,
      });
    } else if (body.access !== 'public' && f.passwordHash !== null) {
      // A form made non-public keeps no password.
      await repo.setFillSettings(trx, f.id, { ...f, passwordHash: null });
    }
    const detail = `《${name}》${draftChanged ? '（有未发布的修改）' : ''}`;
    await repo.logChange(trx, f.id, 'saved', detail, by(a), now);
    await auditOk(trx, a, 'form_saved', f.id, detail);
    await syncFormDoc(trx, f.id);
    return { draftChanged, updatedAt: now };
  });
}

export async function publishForm(app: FastifyInstance, a: Actor, id: number): Promise<FormVersionInfo> {
  return app.db.transaction().execute(async (trx) => {
    const f = await formOr404(trx, id);
    const draft = parseSchema(f.draftSchema);
    const messages = checkFormSchema(draft);
    if (messages.length) throw badInput(`表单设计有误，不能发布：${messages[0]}`, { field: 'schema', messages });
    if (valueFieldCount(draft) === 0) throw badInput('请至少添加一个填写项再发布', { field: 'schema' });
    if (!(await differsFromLatest(trx, f, draft)))
      throw conflict(`草稿与当前版本 v${f.latestVersion} 相同，无需重新发布`);
    const now = Date.now();
    const version = await repo.takeNextVersion(trx, id, by(a), now);
    await repo.insertVersion(trx, id, version, canonicalJson(draft), by(a), now);
    await repo.logChange(trx, id, 'published', `发布版本 v${version}`, by(a), now);
    await auditOk(trx, a, 'form_published', id, `《${f.name}》v${version}`);
    await syncFormDoc(trx, id);
    return { version, publishedAt: now, publishedBy: by(a).name };
  });
}

export async function setFormEnabled(app: FastifyInstance, a: Actor, id: number, enabled: boolean): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    const f = await formOr404(trx, id);
    if (f.status === 'draft') throw conflict('表单尚未发布，无需停用或启用');
    if (enabled && f.status !== 'disabled') throw conflict('表单未停用');
    if (!enabled && f.status !== 'published') throw conflict('表单已停用');
    const now = Date.now();
    await repo.setFormStatus(trx, id, enabled ? 'published' : 'disabled', by(a), now);
    await repo.logChange(trx, id, enabled ? 'enabled' : 'disabled', enabled ? '启用表单' : '停用表单', by(a), now);
    await auditOk(trx, a, enabled ? 'form_enabled' : 'form_disabled', id, `《${f.name}》`);
    await syncFormDoc(trx, id);
  });
}

export async function copyForm(app: FastifyInstance, a: Actor, id: number): Promise<{ id: number }> {
  return app.db.transaction().execute(async (trx) => {
    const f = await formOr404(trx, id);
    const suffix = ' - 副本';
    const name = `${Array.from(f.name)
      .slice(0, 60 - suffix.length)
      .join('')}${suffix}`;
    const now = Date.now();
    const newId = await repo.insertForm(
      trx,
      {
        name,
        category: f.category,
        description: f.description,
        access: f.access,
        audience: f.audience,
        draftSchema: f.draftSchema,
      },
      by(a),
      now,
    );
    await repo.logChange(trx, newId, 'copied', `复制自《${f.name}》`, by(a), now);
    await auditOk(trx, a, 'form_copied', newId, `复制自 form:${id}《${f.name}》`);
    return { id: newId };
  });
}

export async function deleteForm(app: FastifyInstance, a: Actor, id: number): Promise<void> {
  await app.db.transaction().execute(async (trx) => {
    const f = await formOr404(trx, id);
    const n = await repo.countSubmissions(trx, id);
    if (n > 0) throw conflict(`该表单已有 ${n} 条提交记录，不能删除；如不再收集，请停用`);
    await repo.deleteForm(trx, id);
    await auditOk(trx, a, 'form_deleted', id, `《${f.name}》`);
    await syncFormDoc(trx, id);
  });
}

export async function getVersionSchema(app: FastifyInstance, id: number, version: number): Promise<FormSchema> {
  const text = await repo.findVersionSchema(app.db, id, version);
  if (!text) throw notFound('该版本不存在');
  return parseSchema(text);
}

// --- filling ---------------------------------------------------------------------------------

/** How a fill route reaches a form: the password of a password form, and whether the window applies. */
interface FillGate {
  password?: string | null;
  /** false: reading what one already did (a draft's detail) needs no open window. */
  window?: boolean;
}

/**
 * A form that may be filled now (issue 24 item 4): published; with a session when it is for
 * signed-in users, has an audience or limits submissions per person; the caller within its
 * audience (role, department, class, platform or list; administrators preview every form); inside
 * its window; and with its access password when it has one. Each refusal has its own code and says why.
 */
async function fillableForm(
  db: repo.Conn,
  formId: number,
  auth: AuthContext | null,
  gate: FillGate = {},
): Promise<repo.FormRow> {
  const f = await repo.findForm(db, formId);
  if (!f || f.status !== 'published' || f.latestVersion === null) throw notFound(NOT_FILLABLE);
  const needsSession = f.access === 'signedIn' || f.submitLimit !== 'none' || (await hasAudience(db, f.id, f.audience));
  if (needsSession && !auth) throw new AppError(Codes.notAuthenticated, 401, '请先登录后再填写该表单');
  if (auth && !(await fillerMayFill(db, f.id, await fillerOf(db, auth))))
    throw new AppError(Codes.formNotInAudience, 403, `您不在《${f.name}》的适用范围内，不能填写`);
  if (gate.window !== false) {
    const state = windowState(f.opensAt, f.closesAt, Date.now());
    if (state === 'notOpen')
      throw new AppError(Codes.formNotOpen, 403, `表单未开始：${chinaTime(f.opensAt!)} 开始填写`, {
        opensAt: f.opensAt,
      });
    if (state === 'closed')
      throw new AppError(Codes.formClosed, 403, `表单已截止：截止时间 ${chinaTime(f.closesAt!)}`, {
        closesAt: f.closesAt,
      });
  }
  if (f.passwordHash !== null && !auth?.isAdmin) await checkFormPassword(f.passwordHash, gate.password);
  const period = gate.window === false || !auth ? null : periodKey(f.submitLimit, Date.now());
  if (period !== null && (await repo.submitSlotHeld(db, f.id, auth!.userId, period)))
    throw new AppError(Codes.formAlreadySubmitted, 409, alreadySubmitted(f.submitLimit));
  return f;
}

/** A password form's password, checked on the server against its hash (wrong: coded refusal). */
async function checkFormPassword(hash: string, password: string | null | undefined): Promise<void> {
  if (!password) throw new AppError(Codes.formPasswordNeeded, 403, '该表单需要访问密码', { needsPassword: true });
  if (!(await verifyPassword(hash, password))) throw new AppError(Codes.formPasswordWrong, 403, '访问密码错误');
}

async function versionSchema(db: repo.Conn, formId: number, version: number): Promise<FormSchema> {
  const text = await repo.findVersionSchema(db, formId, version);
  if (!text) throw notFound('该表单版本不存在');
  return parseSchema(text);
}

export async function openForm(
  app: FastifyInstance,
  auth: AuthContext | null,
  q: { formId: number; version?: number },
  password?: string | null,
): Promise<OpenedForm> {
  const f = await fillableForm(app.db, q.formId, auth, { password });
  const version = q.version ?? f.latestVersion!;
  const schema = await versionSchema(app.db, f.id, version);
  const profile = auth ? await repo.userProfile(app.db, auth.userId) : undefined;
  return {
    id: f.id,
    name: f.name,
    description: f.description,
    access: f.access,
    version,
    schema,
    defaults: resolveDefaults(schema, profile ?? null),
    submitLimit: f.submitLimit,
    closesAt: f.closesAt,
  };
}

const FILE_TYPES: ReadonlySet<string> = new Set(['file', 'image', 'signature']);

const fieldErrors = (fields: FieldError[]) => badInput('表单填写有误', { fields });

/** The refs of a file field's value (a signature holds one ref, the others a list). */
function refsOf(field: FormField, v: unknown): FileRef[] {
  if (v === undefined || v === null) return [];
  const list = field.type === 'signature' && !Array.isArray(v) ? [v] : Array.isArray(v) ? v : [v];
  return list as FileRef[];
}

/**
 * Every attachment must be an upload made for this form by this caller (anonymous uploads for
 * anonymous callers). Names, sizes and addresses are taken from the store, never from the client.
 */
async function checkAttachments(
  db: repo.Conn,
  schema: FormSchema,
  formId: number,
  ownerId: number | null,
  values: FormValues,
): Promise<{ values: FormValues; errors: FieldError[] }> {
  const out: FormValues = { ...values };
  const errors: FieldError[] = [];
  for (const field of allFields(schema)) {
    if (!FILE_TYPES.has(field.type)) continue;
    const refs = refsOf(field, values[field.id]);
    if (!refs.length) continue;
    const ids = refs.map((r) => (r && typeof r === 'object' && typeof r.id === 'string' ? r.id : ''));
    const found = new Map(
      (await repo.ownUploads(db, ids.filter(Boolean), `form:${formId}`, ownerId)).map((u) => [u.id, u]),
    );
    if (ids.some((id) => !found.has(id))) {
      errors.push({ field: field.id, message: `「${field.label}」的附件无效，请重新上传` });
      continue;
    }
    const fixed: FileRef[] = ids.map((id) => {
      const u = found.get(id)!;
      return { id, name: u.originalName, size: u.size, url: fileUrl(id) };
    });
    out[field.id] = field.type === 'signature' && !Array.isArray(values[field.id]) ? fixed[0] : fixed;
  }
  return { values: out, errors };
}

const uniqueErrors = (schema: FormSchema, taken: Set<string>): FieldError[] =>
  allFields(schema)
    .filter((f) => taken.has(f.id))
    .map((f) => ({ field: f.id, message: `已存在相同的${f.label}` }));

export async function submitForm(
  app: FastifyInstance,
  auth: AuthContext | null,
  ip: string,
  body: SubmitBody,
  password?: string | null,
): Promise<SubmitAnswer> {
  const f = await fillableForm(app.db, body.formId, auth, { password });
  const schema = await versionSchema(app.db, f.id, body.version);
  const checked = validateSubmission(schema, body.values as FormValues);
  if (checked.errors.length) throw fieldErrors(checked.errors);
  const probes = uniqueProbes(schema, checked.values);
  const ownerId = auth?.userId ?? null;
  const files = await checkAttachments(app.db, schema, f.id, ownerId, checked.values);
  // Reported together before writing; the unique check runs again under the form's lock below.
  const early = [...uniqueErrors(schema, await repo.takenUniqueValues(app.db, f.id, probes)), ...files.errors];
  if (early.length) throw fieldErrors(early);

  const profile = auth ? await repo.userProfile(app.db, auth.userId) : undefined;
  const values = files.values;
  return app.db.transaction().execute(async (trx) => {
    const now = Date.now();
    if (!(await repo.countSubmissionOn(trx, f.id, now))) throw notFound(NOT_FILLABLE);
    const taken = await repo.takenUniqueValues(trx, f.id, probes);
    if (taken.size) throw fieldErrors(uniqueErrors(schema, taken));
    const id = await repo.insertSubmission(
      trx,
      {
        formId: f.id,
        version: body.version,
        submitterId: ownerId,
        submitterName: profile?.realName ?? '匿名',
        submitterNo: profile?.userNo ?? '',
        values: JSON.stringify(values),
        submittedAt: now,
        ip,
      },
      valueRows(schema, values),
    );
    // One submission per person (or per period): the slot is taken under the form's lock above.
    const period = periodKey(f.submitLimit, now);
    if (
      period !== null &&
      ownerId !== null &&
      !(await repo.takeSubmitSlot(trx, { formId: f.id, userId: ownerId, period, submissionId: id }))
    )
      throw new AppError(Codes.formAlreadySubmitted, 409, alreadySubmitted(f.submitLimit));
    if (body.draftId && auth) await repo.deleteDraft(trx, body.draftId, auth.userId, f.id);
    // A process bound to this form starts here, in the same transaction (src/server/form-events.ts).
    const follow = await runFormSubmitted(trx, {
      formId: f.id,
      version: body.version,
      submissionId: id,
      submitterId: ownerId,
      at: now,
    });
    return { id, submittedAt: now, follow };
  });
}

/** The form's published field an upload is for, and what it accepts. */
export async function uploadTarget(
  app: FastifyInstance,
  auth: AuthContext | null,
  formId: number,
  fieldId: string,
  password?: string | null,
): Promise<FormField> {
  const f = await fillableForm(app.db, formId, auth, { password });
  const schema = await versionSchema(app.db, f.id, f.latestVersion!);
  const field = allFields(schema).find((x) => x.id === fieldId);
  if (!field || !FILE_TYPES.has(field.type)) throw badInput('该字段不接受上传', { field: 'field' });
  return field;
}

/** 我的提交: the caller's submissions, newest first, each with where it stands (its approval) when a module knows. */
export async function mySubmissions(
  app: FastifyInstance,
  userId: number,
  q: MySubmissionsQuery,
): Promise<Page<MySubmission>> {
  const page = await repo.listMySubmissions(app.db, userId, q);
  const statuses = await submissionStatuses(
    app.db,
    page.list.map((r) => r.id),
  );
  return { ...page, list: page.list.map((r) => ({ ...r, status: statuses.get(r.id) ?? null })) };
}

export async function getSubmission(app: FastifyInstance, auth: AuthContext, id: number): Promise<SubmissionDetail> {
  const s = await repo.findSubmission(app.db, id);
  if (!s) throw notFound('提交记录不存在');
  const allowed =
    auth.isAdmin ||
    (s.submitter.id !== null && s.submitter.id === auth.userId) ||
    (await repo.isManager(app.db, s.formId, auth.userId));
  if (!allowed) throw noPermission('无权查看该提交记录');
  const schema = await versionSchema(app.db, s.formId, s.version);
  return { ...s, values: JSON.parse(s.values) as FormValues, schema };
}

// --- drafts ----------------------------------------------------------------------------------

export async function saveDraft(app: FastifyInstance, auth: AuthContext, body: DraftSaveBody): Promise<DraftInfo> {
  const f = await fillableForm(app.db, body.formId, auth);
  const schema = await versionSchema(app.db, f.id, body.version);
  const checked = validateSubmission(schema, body.values as FormValues, { partial: true });
  if (checked.errors.length) throw fieldErrors(checked.errors);
  const values = JSON.stringify(checked.values);
  const now = Date.now();
  let id = body.id;
  if (id) {
    if (!(await repo.updateDraft(app.db, id, auth.userId, { formId: f.id, version: body.version, values }, now)))
      throw notFound('草稿不存在或已删除');
  } else {
    id = await repo.insertDraft(app.db, { formId: f.id, version: body.version, userId: auth.userId, values }, now);
  }
  return { id, formId: f.id, formName: f.name, version: body.version, savedAt: now };
}

export async function getDraft(app: FastifyInstance, auth: AuthContext, id: number): Promise<DraftDetail> {
  const d = await repo.findDraft(app.db, id, auth.userId);
  if (!d) throw notFound('草稿不存在或已删除');
  return { ...d, values: JSON.parse(d.values) as FormValues };
}

export async function deleteDraft(app: FastifyInstance, auth: AuthContext, id: number): Promise<void> {
  if (!(await repo.deleteDraft(app.db, id, auth.userId))) throw notFound('草稿不存在或已删除');
}

// --- summaries -------------------------------------------------------------------------------

export function listSummaryForms(
  app: FastifyInstance,
  auth: AuthContext,
  q: SummaryFormsQuery,
): Promise<Page<SummaryForm>> {
  return repo.listSummaryForms(app.db, auth.isAdmin ? null : auth.userId, q);
}

/** Administrators read every form's summary; other users only the forms they manage. */
async function summaryForm(
  app: FastifyInstance,
  auth: AuthContext,
  formId: number,
): Promise<{ form: repo.FormRow; schema: FormSchema | null }> {
  const form = await formOr404(app.db, formId);
  if (!auth.isAdmin && !(await repo.isManager(app.db, formId, auth.userId)))
    throw noPermission('您不是该表单的管理人员，不能查看其汇总');
  const schema = form.latestVersion === null ? null : await versionSchema(app.db, formId, form.latestVersion);
  return { form, schema };
}

function filtersOf(schema: FormSchema | null, raw: string | undefined): ValueFilter[] {
  try {
    return parseFilters(schema, raw);
  } catch (e) {
    if (e instanceof FilterError) throw badInput(e.message, { field: 'filters' });
    throw e;
  }
}

function summaryWhere(formId: number, filters: ValueFilter[], q: SummaryQuery): repo.SummaryWhere {
  if (q.submittedFrom !== undefined && q.submittedTo !== undefined && q.submittedFrom > q.submittedTo)
    throw badInput('开始时间不能晚于结束时间', { field: 'submittedFrom' });
  return { formId, filters, submittedFrom: q.submittedFrom, submittedTo: q.submittedTo };
}

export async function summaryList(app: FastifyInstance, auth: AuthContext, q: SummaryQuery): Promise<SummaryPage> {
  const { form, schema } = await summaryForm(app, auth, q.formId);
  const where = summaryWhere(form.id, filtersOf(schema, q.filters), q);
  const page = await repo.summaryPage(app.db, where, q);
  return {
    columns: summaryColumns(schema),
    ...page,
    list: page.list.map((r) => ({ ...r, values: JSON.parse(r.values) as FormValues })),
  };
}

export interface SummaryExport {
  form: repo.FormRow;
  schema: FormSchema | null;
  rows: AsyncIterable<repo.SummaryRow>;
}

/** The export's rows in the list's order, fetched a keyset page at a time (memory stays flat). */
export async function summaryExport(
  app: FastifyInstance,
  auth: AuthContext,
  a: Actor,
  q: SummaryQuery,
  pageSize = 1000,
): Promise<SummaryExport> {
  const { form, schema } = await summaryForm(app, auth, q.formId);
  const where = summaryWhere(form.id, filtersOf(schema, q.filters), q);
  await auditOk(
    app.db,
    a,
    'form_summary_exported',
    form.id,
    `《${form.name}》${q.filters ? ` 筛选 ${q.filters}` : ''}`,
  );
  async function* rows(): AsyncIterable<repo.SummaryRow> {
    let after: { submittedAt: number; id: number } | null = null;
    for (;;) {
      const page = await repo.summaryRowsAfter(app.db, where, after, pageSize);
      yield* page;
      if (page.length < pageSize) return;
      const last = page[page.length - 1]!;
      after = { submittedAt: last.submittedAt, id: last.id };
    }
  }
  return { form, schema, rows: rows() };
}
