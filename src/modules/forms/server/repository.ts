import { sql, type Expression, type Selectable, type SqlBool, type Transaction } from 'kysely';
import type { Db } from '@/server/db/dialect';
import type { Database } from '@/server/db/schema';
import { paginate } from '@/server/db/paginate';
import type { Page } from '@/shared/envelope';
import type { PickedRef } from '@/shared/forms/schema';
import type {
  DraftInfo,
  FillableForm,
  FillableQuery,
  FormAccess,
  FormHistoryItem,
  FormHistoryQuery,
  FormListItem,
  FormListQuery,
  FormStatus,
  FormVersionInfo,
  PickableDepartment,
  SubmissionInfo,
  SummaryForm,
  SummaryFormsQuery,
  SubmitLimit,
} from '../contract';
import type { FormTable } from './tables';
import { audienceAllows, type Filler } from './fill-access';
import { windowState } from './fill-window';
import type { UniqueProbe, ValueFilter, ValueRow } from './value-index';
import './tables';

export type Conn = Db | Transaction<Database>;

/** A LIKE pattern matching `keyword` anywhere, with % _ and \ taken literally. */
const containsPattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Case-insensitive "contains", the same SQL on SQLite and PostgreSQL (no ILIKE). */
const contains = (column: Expression<unknown>, keyword: string) =>
  sql<SqlBool>`lower(${column}) like lower(${containsPattern(keyword)}) escape '\\'`;

// --- forms ---------------------------------------------------------------------------------------

export interface FormRow {
  id: number;
  name: string;
  category: string;
  description: string;
  status: FormStatus;
  access: FormAccess;
  /** Role codes that may fill it; [] = everyone. */
  audience: string[];
  draftSchema: string;
  latestVersion: number | null;
  draftChanged: boolean;
  submissionCount: number;
  lastSubmittedAt: number | null;
  updatedAt: number;
  updatedByName: string;
  opensAt: number | null;
  closesAt: number | null;
  submitLimit: SubmitLimit;
  passwordHash: string | null;
}

type FormRaw = Pick<
  Selectable<FormTable>,
  | 'name'
  | 'category'
  | 'description'
  | 'status'
  | 'access'
  | 'audience'
  | 'draftSchema'
  | 'latestVersion'
  | 'draftChanged'
  | 'submissionCount'
  | 'lastSubmittedAt'
  | 'updatedAt'
  | 'updatedByName'
  | 'opensAt'
  | 'closesAt'
  | 'submitLimit'
  | 'passwordHash'
> & { id: number };

const toFormRow = (r: FormRaw): FormRow => ({
  id: r.id,
  name: r.name,
  category: r.category,
  description: r.description,
  status: r.status as FormStatus,
  access: r.access as FormAccess,
  audience: audienceCodes(r.audience),
  draftSchema: r.draftSchema,
  latestVersion: r.latestVersion === null ? null : Number(r.latestVersion),
  draftChanged: Number(r.draftChanged) === 1,
  submissionCount: Number(r.submissionCount),
  lastSubmittedAt: r.lastSubmittedAt === null ? null : Number(r.lastSubmittedAt),
  updatedAt: Number(r.updatedAt),
  updatedByName: r.updatedByName,
  opensAt: r.opensAt === null ? null : Number(r.opensAt),
  closesAt: r.closesAt === null ? null : Number(r.closesAt),
  submitLimit: r.submitLimit as SubmitLimit,
  passwordHash: r.passwordHash,
});

const FORM_COLUMNS = [
  'id',
  'name',
  'category',
  'description',
  'status',
  'access',
  'audience',
  'draftSchema',
  'latestVersion',
  'draftChanged',
  'submissionCount',
  'lastSubmittedAt',
  'updatedAt',
  'updatedByName',
  'opensAt',
  'closesAt',
  'submitLimit',
  'passwordHash',
] as const;

export async function findForm(db: Conn, id: number): Promise<FormRow | undefined> {
  const r = await db.selectFrom('form').select(FORM_COLUMNS).where('id', '=', id).executeTakeFirst();
  return r && toFormRow(r);
}

/** The back-office list: keyword in the name, one category, one status; newest change first. */
export async function listForms(db: Conn, q: FormListQuery): Promise<Page<FormListItem>> {
  let base = db.selectFrom('form');
  const keyword = q.keyword?.trim();
  if (keyword) base = base.where((eb) => contains(eb.ref('name'), keyword));
  if (q.category !== undefined && q.category !== '') base = base.where('category', '=', q.category);
  if (q.status) base = base.where('status', '=', q.status);
  const page = await paginate(
    base,
    (b) => b.select(FORM_COLUMNS).orderBy('updatedAt', 'desc').orderBy('id', 'desc'),
    q,
  );
  return {
    ...page,
    list: page.list.map((raw) => {
      const r = toFormRow(raw);
      return {
        id: r.id,
        name: r.name,
        category: r.category,
        status: r.status,
        access: r.access,
        latestVersion: r.latestVersion,
        draftChanged: r.draftChanged,
        submissionCount: r.submissionCount,
        updatedAt: r.updatedAt,
        updatedBy: r.updatedByName,
      };
    }),
  };
}

export async function listCategories(db: Conn): Promise<string[]> {
  const rows = await db
    .selectFrom('form')
    .select('category')
    .where('category', '!=', '')
    .distinct()
    .orderBy('category')
    .execute();
  return rows.map((r) => r.category);
}

export interface NewForm {
  name: string;
  category: string;
  description: string;
  access: FormAccess;
  /** Role codes that may fill it; absent or [] = everyone. */
  audience?: string[];
  draftSchema: string;
}

/** The stored audience: ',student,staff,' (one LIKE per code finds a form), '' for everyone. */
export const audienceText = (codes: readonly string[] | undefined) =>
  codes?.length ? `,${[...new Set(codes)].join(',')},` : '';
export const audienceCodes = (text: string) => text.split(',').filter(Boolean);

/** Which of these role codes exist. */
export async function existingRoleCodes(db: Conn, codes: readonly string[]): Promise<string[]> {
  if (!codes.length) return [];
  return (
    await db
      .selectFrom('role')
      .select('code')
      .where('code', 'in', [...codes])
      .execute()
  ).map((r) => r.code);
}

/** The role codes a user holds (small: a few rows on user_role's index). */
export async function roleCodesOf(db: Conn, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('userRole as ur')
    .innerJoin('role as r', 'r.id', 'ur.roleId')
    .select('r.code')
    .where('ur.userId', '=', userId)
    .execute();
  return rows.map((r) => r.code);
}

export async function insertForm(db: Conn, f: NewForm, by: { id: number; name: string }, now: number): Promise<number> {
  const r = await db
    .insertInto('form')
    .values({
      ...f,
      audience: audienceText(f.audience),
      status: 'draft',
      latestVersion: null,
      draftChanged: 1,
      submissionCount: 0,
      lastSubmittedAt: null,
      createdAt: now,
      createdBy: by.id,
      updatedAt: now,
      updatedBy: by.id,
      updatedByName: by.name,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function updateFormDraft(
  db: Conn,
  id: number,
  f: NewForm & { draftChanged: boolean },
  by: { id: number; name: string },
  now: number,
): Promise<void> {
  await db
    .updateTable('form')
    .set({
      name: f.name,
      category: f.category,
      description: f.description,
      access: f.access,
      ...(f.audience ? { audience: audienceText(f.audience) } : {}),
      draftSchema: f.draftSchema,
      draftChanged: f.draftChanged ? 1 : 0,
      updatedAt: now,
      updatedBy: by.id,
      updatedByName: by.name,
    })
    .where('id', '=', id)
    .execute();
}

/** 填写设置 on the form row: the window, the limit per person and (when given) the password hash. */
export async function setFillSettings(
  db: Conn,
  id: number,
  f: { opensAt: number | null; closesAt: number | null; submitLimit: SubmitLimit; passwordHash?: string | null },
): Promise<void> {
  await db
    .updateTable('form')
    .set({
      opensAt: f.opensAt,
      closesAt: f.closesAt,
      submitLimit: f.submitLimit,
      ...(f.passwordHash !== undefined ? { passwordHash: f.passwordHash } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Takes the person's slot for this period, or answers false when a submission of theirs holds it.
 * Called after the submit lock (countSubmissionOn), so parallel submits of one form take turns here;
 * the slot's primary key would refuse a second row anyway.
 */
/** Whether the person's slot for this period is held (a read before the form opens; submit/ takes it under the lock). */
export async function submitSlotHeld(db: Conn, formId: number, userId: number, period: string): Promise<boolean> {
  const held = await db
    .selectFrom('formSubmitSlot')
    .select('submissionId')
    .where('formId', '=', formId)
    .where('userId', '=', userId)
    .where('period', '=', period)
    .executeTakeFirst();
  return held !== undefined;
}

export async function takeSubmitSlot(
  db: Conn,
  s: { formId: number; userId: number; period: string; submissionId: number },
): Promise<boolean> {
  if (await submitSlotHeld(db, s.formId, s.userId, s.period)) return false;
  await db.insertInto('formSubmitSlot').values(s).execute();
  return true;
}

export async function setFormStatus(
  db: Conn,
  id: number,
  status: FormStatus,
  by: { id: number; name: string },
  now: number,
): Promise<void> {
  await db
    .updateTable('form')
    .set({ status, updatedAt: now, updatedBy: by.id, updatedByName: by.name })
    .where('id', '=', id)
    .execute();
}

/**
 * Takes the next version number and marks the form published, in one statement: two
 * publishes at once get two numbers (the row update also orders them on PostgreSQL).
 */
export async function takeNextVersion(
  db: Conn,
  id: number,
  by: { id: number; name: string },
  now: number,
): Promise<number> {
  const r = await db
    .updateTable('form')
    .set((eb) => ({
      latestVersion: sql<number>`coalesce(${eb.ref('latestVersion')}, 0) + 1`,
      status: 'published',
      draftChanged: 0,
      updatedAt: now,
      updatedBy: by.id,
      updatedByName: by.name,
    }))
    .where('id', '=', id)
    .returning('latestVersion')
    .executeTakeFirstOrThrow();
  return Number(r.latestVersion);
}

export async function insertVersion(
  db: Conn,
  formId: number,
  version: number,
  schema: string,
  by: { id: number; name: string },
  now: number,
): Promise<void> {
  await db
    .insertInto('formVersion')
    .values({ formId, version, schema, publishedAt: now, publishedBy: by.id, publishedByName: by.name })
    .execute();
}

export async function listVersions(db: Conn, formId: number): Promise<FormVersionInfo[]> {
  const rows = await db
    .selectFrom('formVersion')
    .select(['version', 'publishedAt', 'publishedByName'])
    .where('formId', '=', formId)
    .orderBy('version', 'desc')
    .execute();
  return rows.map((r) => ({
    version: Number(r.version),
    publishedAt: Number(r.publishedAt),
    publishedBy: r.publishedByName,
  }));
}

export async function findVersionSchema(db: Conn, formId: number, version: number): Promise<string | undefined> {
  const r = await db
    .selectFrom('formVersion')
    .select('schema')
    .where('formId', '=', formId)
    .where('version', '=', version)
    .executeTakeFirst();
  return r?.schema;
}

/** Forms are deleted only before anyone submitted: its drafts, log, managers, versions go with it. */
export async function deleteForm(db: Conn, id: number): Promise<void> {
  await db.deleteFrom('formDraft').where('formId', '=', id).execute();
  await db.deleteFrom('formAudienceMember').where('formId', '=', id).execute();
  await db.deleteFrom('formChangeLog').where('formId', '=', id).execute();
  await db.deleteFrom('formManager').where('formId', '=', id).execute();
  await db.deleteFrom('formVersion').where('formId', '=', id).execute();
  await db.deleteFrom('form').where('id', '=', id).execute();
}

export async function countSubmissions(db: Conn, formId: number): Promise<number> {
  const r = await db
    .selectFrom('formSubmission')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('formId', '=', formId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

// --- managers ------------------------------------------------------------------------------------

export async function listManagers(db: Conn, formId: number): Promise<PickedRef[]> {
  return db
    .selectFrom('formManager as m')
    .innerJoin('appUser as u', 'u.id', 'm.userId')
    .select(['u.id as id', 'u.realName as name'])
    .where('m.formId', '=', formId)
    .orderBy('u.id')
    .execute();
}

export async function existingUserIds(db: Conn, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom('appUser').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export async function replaceManagers(db: Conn, formId: number, userIds: number[]): Promise<void> {
  await db.deleteFrom('formManager').where('formId', '=', formId).execute();
  if (userIds.length)
    await db
      .insertInto('formManager')
      .values(userIds.map((userId) => ({ formId, userId })))
      .execute();
}

export async function isManager(db: Conn, formId: number, userId: number): Promise<boolean> {
  return !!(await db
    .selectFrom('formManager')
    .select('formId')
    .where('formId', '=', formId)
    .where('userId', '=', userId)
    .executeTakeFirst());
}

// --- change log ----------------------------------------------------------------------------------

export async function logChange(
  db: Conn,
  formId: number,
  action: string,
  detail: string,
  by: { id: number; name: string },
  now: number,
): Promise<void> {
  await db
    .insertInto('formChangeLog')
    .values({ formId, action, detail: detail.slice(0, 500), byId: by.id, byName: by.name, at: now })
    .execute();
}

export async function listHistory(db: Conn, q: FormHistoryQuery): Promise<Page<FormHistoryItem>> {
  const base = db.selectFrom('formChangeLog').where('formId', '=', q.id);
  const page = await paginate(
    base,
    (b) => b.select(['id', 'action', 'detail', 'byName', 'at']).orderBy('at', 'desc').orderBy('id', 'desc'),
    q,
  );
  return {
    ...page,
    list: page.list.map((r) => ({ id: r.id, action: r.action, detail: r.detail, by: r.byName, at: Number(r.at) })),
  };
}

// --- filling -------------------------------------------------------------------------------------

/** Published forms (not disabled, not drafts) a signed-in user may fill (their roles: forAudience), by name. */
export async function listFillable(db: Conn, q: FillableQuery, filler: Filler = 'all'): Promise<Page<FillableForm>> {
  let base = db.selectFrom('form').where('status', '=', 'published').where(audienceAllows('form', filler));
  const keyword = q.keyword?.trim();
  if (keyword) base = base.where((eb) => contains(eb.ref('name'), keyword));
  const page = await paginate(
    base,
    (b) =>
      b
        .select(['id', 'name', 'category', 'description', 'latestVersion', 'access', 'opensAt', 'closesAt'])
        .orderBy('updatedAt', 'desc')
        .orderBy('id', 'desc'),
    q,
  );
  return {
    ...page,
    list: page.list.map((r) => ({
      id: r.id,
      name: r.name,
      category: r.category,
      description: r.description,
      version: Number(r.latestVersion),
      access: r.access as FormAccess,
      opensAt: r.opensAt === null ? null : Number(r.opensAt),
      closesAt: r.closesAt === null ? null : Number(r.closesAt),
      state: windowState(
        r.opensAt === null ? null : Number(r.opensAt),
        r.closesAt === null ? null : Number(r.closesAt),
        Date.now(),
      ),
    })),
  };
}

export interface Profile {
  realName: string;
  userNo: string;
  department: string;
  phone: string;
}

export async function userProfile(db: Conn, userId: number): Promise<Profile | undefined> {
  const r = await db
    .selectFrom('appUser as u')
    .leftJoin('department as d', 'd.id', 'u.departmentId')
    .select(['u.realName', 'u.userNo', 'd.name as department', 'u.phone'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return r && { realName: r.realName, userNo: r.userNo, department: r.department ?? '', phone: r.phone ?? '' };
}

/** Uploads among `ids` saved for this purpose by this owner (null: anonymous). */
export async function ownUploads(
  db: Conn,
  ids: string[],
  purpose: string,
  ownerId: number | null,
): Promise<{ id: string; originalName: string; size: number }[]> {
  if (!ids.length) return [];
  let q = db
    .selectFrom('upload')
    .select(['id', 'originalName', 'size'])
    .where('id', 'in', ids)
    .where('purpose', '=', purpose);
  q = ownerId === null ? q.where('ownerId', 'is', null) : q.where('ownerId', '=', ownerId);
  return (await q.execute()).map((r) => ({ ...r, size: Number(r.size) }));
}

/**
 * The submit lock: counts the submission on the form row, only while the form is published.
 * On PostgreSQL the row update holds the row until commit, so submissions of one form take
 * turns between here and commit (the `unique` check after it sees every earlier commit); SQLite
 * writes one transaction at a time anyway. False: the form was disabled meanwhile.
 */
export async function countSubmissionOn(db: Conn, formId: number, now: number): Promise<boolean> {
  const r = await db
    .updateTable('form')
    .set((eb) => ({ submissionCount: eb(eb.ref('submissionCount'), '+', 1), lastSubmittedAt: now }))
    .where('id', '=', formId)
    .where('status', '=', 'published')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Field ids among the probes whose value another submission of this form (any version) already holds. */
export async function takenUniqueValues(db: Conn, formId: number, probes: UniqueProbe[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const p of probes) {
    let q = db
      .selectFrom('formSubmissionValue')
      .select('submissionId')
      .where('formId', '=', formId)
      .where('fieldId', '=', p.fieldId);
    if ('numValue' in p) q = q.where('numValue', '=', p.numValue);
    else {
      q = q.where('textValue', '=', p.textValue);
      // A long text's key is only its start: the whole text must match too.
      q = p.longText === null ? q.where('longText', 'is', null) : q.where('longText', '=', p.longText);
    }
    if (await q.limit(1).executeTakeFirst()) taken.add(p.fieldId);
  }
  return taken;
}

export interface NewSubmission {
  formId: number;
  version: number;
  submitterId: number | null;
  submitterName: string;
  submitterNo: string;
  values: string;
  submittedAt: number;
  ip: string | null;
}

export async function insertSubmission(db: Conn, s: NewSubmission, rows: ValueRow[]): Promise<number> {
  const { id } = await db.insertInto('formSubmission').values(s).returning('id').executeTakeFirstOrThrow();
  // 200 rows a statement: 6 parameters each stays far below PostgreSQL's limit.
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('formSubmissionValue')
      .values(rows.slice(i, i + 200).map((r) => ({ ...r, submissionId: id, formId: s.formId })))
      .execute();
  }
  return id;
}

type SubmissionRaw = {
  id: number;
  formId: number;
  formName: string;
  version: number;
  submittedAt: number;
  submitterId: number | null;
  submitterName: string;
  submitterNo: string;
};
const toSubmissionInfo = (r: SubmissionRaw): SubmissionInfo => ({
  id: r.id,
  formId: r.formId,
  formName: r.formName,
  version: Number(r.version),
  submittedAt: Number(r.submittedAt),
  submitter: { id: r.submitterId, name: r.submitterName, userNo: r.submitterNo },
});
const SUBMISSION_COLUMNS = [
  's.id',
  's.formId',
  'f.name as formName',
  's.version',
  's.submittedAt',
  's.submitterId',
  's.submitterName',
  's.submitterNo',
] as const;

export async function listMySubmissions(
  db: Conn,
  userId: number,
  q: { page: number; pageSize: number; formId?: number },
): Promise<Page<SubmissionInfo>> {
  let base = db
    .selectFrom('formSubmission as s')
    .innerJoin('form as f', 'f.id', 's.formId')
    .where('s.submitterId', '=', userId);
  if (q.formId) base = base.where('s.formId', '=', q.formId);
  const page = await paginate(
    base,
    (b) => b.select(SUBMISSION_COLUMNS).orderBy('s.submittedAt', 'desc').orderBy('s.id', 'desc'),
    q,
  );
  return { ...page, list: page.list.map(toSubmissionInfo) };
}

export async function findSubmission(db: Conn, id: number): Promise<(SubmissionInfo & { values: string }) | undefined> {
  const r = await db
    .selectFrom('formSubmission as s')
    .innerJoin('form as f', 'f.id', 's.formId')
    .select(SUBMISSION_COLUMNS)
    .select('s.values')
    .where('s.id', '=', id)
    .executeTakeFirst();
  return r && { ...toSubmissionInfo(r), values: r.values };
}

export async function listDepartments(db: Conn): Promise<PickableDepartment[]> {
  return db.selectFrom('department').select(['id', 'name', 'parentId']).orderBy('sort').orderBy('id').execute();
}

// --- drafts --------------------------------------------------------------------------------------

export async function insertDraft(
  db: Conn,
  d: { formId: number; version: number; userId: number; values: string },
  now: number,
): Promise<number> {
  return (
    await db
      .insertInto('formDraft')
      .values({ ...d, savedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

/** Updates one of the user's drafts; false when it is not theirs or gone. */
export async function updateDraft(
  db: Conn,
  id: number,
  userId: number,
  d: { formId: number; version: number; values: string },
  now: number,
): Promise<boolean> {
  const r = await db
    .updateTable('formDraft')
    .set({ ...d, savedAt: now })
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

const draftBase = (db: Conn) => db.selectFrom('formDraft as d').innerJoin('form as f', 'f.id', 'd.formId');
const DRAFT_COLUMNS = ['d.id', 'd.formId', 'f.name as formName', 'd.version', 'd.savedAt'] as const;
const toDraftInfo = (r: {
  id: number;
  formId: number;
  formName: string;
  version: number;
  savedAt: number;
}): DraftInfo => ({
  id: r.id,
  formId: r.formId,
  formName: r.formName,
  version: Number(r.version),
  savedAt: Number(r.savedAt),
});

export async function findDraft(
  db: Conn,
  id: number,
  userId: number,
): Promise<(DraftInfo & { values: string }) | undefined> {
  const r = await draftBase(db)
    .select(DRAFT_COLUMNS)
    .select('d.values')
    .where('d.id', '=', id)
    .where('d.userId', '=', userId)
    .executeTakeFirst();
  return r && { ...toDraftInfo(r), values: r.values };
}

export async function listDrafts(
  db: Conn,
  userId: number,
  q: { page: number; pageSize: number },
): Promise<Page<DraftInfo>> {
  const page = await paginate(
    draftBase(db).where('d.userId', '=', userId),
    (b) => b.select(DRAFT_COLUMNS).orderBy('d.savedAt', 'desc').orderBy('d.id', 'desc'),
    q,
  );
  return { ...page, list: page.list.map(toDraftInfo) };
}

export async function deleteDraft(db: Conn, id: number, userId: number, formId?: number): Promise<boolean> {
  let q = db.deleteFrom('formDraft').where('id', '=', id).where('userId', '=', userId);
  if (formId !== undefined) q = q.where('formId', '=', formId);
  return Number((await q.executeTakeFirst()).numDeletedRows) === 1;
}

// --- summaries -----------------------------------------------------------------------------------

/** Forms with a summary to read: every published or disabled form for administrators, else the ones this user manages. */
export async function listSummaryForms(
  db: Conn,
  managerId: number | null,
  q: SummaryFormsQuery,
): Promise<Page<SummaryForm>> {
  let base = db.selectFrom('form as f').where('f.latestVersion', 'is not', null);
  if (managerId !== null)
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('formManager as m')
          .select('m.formId')
          .whereRef('m.formId', '=', 'f.id')
          .where('m.userId', '=', managerId),
      ),
    );
  const keyword = q.keyword?.trim();
  if (keyword) base = base.where((eb) => contains(eb.ref('f.name'), keyword));
  const page = await paginate(
    base,
    (b) =>
      b
        .select(['f.id', 'f.name', 'f.category', 'f.submissionCount', 'f.lastSubmittedAt'])
        .orderBy(sql`coalesce(${sql.ref('f.lastSubmittedAt')}, 0)`, 'desc')
        .orderBy('f.id', 'desc'),
    q,
  );
  return {
    ...page,
    list: page.list.map((r) => ({
      id: r.id,
      name: r.name,
      category: r.category,
      submissionCount: Number(r.submissionCount),
      lastSubmittedAt: r.lastSubmittedAt === null ? null : Number(r.lastSubmittedAt),
    })),
  };
}

export interface SummaryWhere {
  formId: number;
  filters: ValueFilter[];
  submittedFrom?: number;
  submittedTo?: number;
}

/** Submissions of one form matching the filters: each filter is a semi-join on the value index. */
function summaryBase(db: Conn, w: SummaryWhere) {
  let base = db
    .selectFrom('formSubmission as s')
    .innerJoin('form as f', 'f.id', 's.formId')
    .where('s.formId', '=', w.formId);
  if (w.submittedFrom !== undefined) base = base.where('s.submittedAt', '>=', w.submittedFrom);
  if (w.submittedTo !== undefined) base = base.where('s.submittedAt', '<=', w.submittedTo);
  for (const f of w.filters) {
    base = base.where('s.id', 'in', (eb) => {
      let v = eb
        .selectFrom('formSubmissionValue as v')
        .select('v.submissionId')
        .where('v.formId', '=', w.formId)
        .where('v.fieldId', '=', f.fieldId);
      if (f.kind === 'text')
        v = v.where(
          sql<SqlBool>`coalesce(${sql.ref('v.longText')}, ${sql.ref('v.textValue')}) like ${containsPattern(f.contains)} escape '\\'`,
        );
      else if (f.kind === 'option') v = v.where('v.textValue', '=', f.equals);
      else if (f.kind === 'number') {
        if (f.min !== null) v = v.where('v.numValue', '>=', f.min);
        if (f.max !== null) v = v.where('v.numValue', '<=', f.max);
      } else {
        if (f.min !== null) v = v.where('v.textValue', '>=', f.min);
        if (f.max !== null) v = v.where('v.textValue', '<=', f.max);
      }
      return v;
    });
  }
  return base;
}

export type SummaryRow = SubmissionInfo & { values: string };

export async function summaryPage(
  db: Conn,
  w: SummaryWhere,
  p: { page: number; pageSize: number },
): Promise<Page<SummaryRow>> {
  const page = await paginate(
    summaryBase(db, w),
    (b) => b.select(SUBMISSION_COLUMNS).select('s.values').orderBy('s.submittedAt', 'desc').orderBy('s.id', 'desc'),
    p,
  );
  return { ...page, list: page.list.map((r) => ({ ...toSubmissionInfo(r), values: r.values })) };
}

/** One keyset page of the export, in the list's order (newest first), after the cursor's row. */
export async function summaryRowsAfter(
  db: Conn,
  w: SummaryWhere,
  after: { submittedAt: number; id: number } | null,
  limit: number,
): Promise<SummaryRow[]> {
  let q = summaryBase(db, w).select(SUBMISSION_COLUMNS).select('s.values');
  if (after) {
    q = q.where((eb) =>
      eb.or([
        eb('s.submittedAt', '<', after.submittedAt),
        eb.and([eb('s.submittedAt', '=', after.submittedAt), eb('s.id', '<', after.id)]),
      ]),
    );
  }
  const rows = await q.orderBy('s.submittedAt', 'desc').orderBy('s.id', 'desc').limit(limit).execute();
  return rows.map((r) => ({ ...toSubmissionInfo(r), values: r.values }));
}

// --- reads and writes other modules reach through server/commands --------------------------------

/** A form's name, status, newest version and draft (the workflow's binding reads these). */
export async function formBrief(db: Conn, formId: number) {
  return db
    .selectFrom('form')
    .select(['id', 'name', 'status', 'latestVersion', 'draftSchema'])
    .where('id', '=', formId)
    .executeTakeFirst();
}

export async function formIdByName(db: Conn, name: string) {
  return db.selectFrom('form').select(['id', 'latestVersion']).where('name', '=', name).executeTakeFirst();
}

/** A stored record as it is: form, version, submitter and values (JSON text). */
export async function submissionValues(db: Conn, id: number) {
  return db
    .selectFrom('formSubmission')
    .select(['id', 'formId', 'version', 'submitterId', 'values'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The stored record's values and its filterable value rows (the summary's index), replaced. */
export async function replaceSubmissionValues(
  db: Conn,
  submissionId: number,
  formId: number,
  values: string,
  rows: ValueRow[],
): Promise<void> {
  await db.updateTable('formSubmission').set({ values }).where('id', '=', submissionId).execute();
  await db.deleteFrom('formSubmissionValue').where('submissionId', '=', submissionId).execute();
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('formSubmissionValue')
      .values(rows.slice(i, i + 200).map((r) => ({ ...r, submissionId, formId })))
      .execute();
  }
}

/** Uploads among `ids` with this purpose, by this owner (or anyone when ownerId is undefined), whole rows. */
export async function uploadRows(db: Conn, ids: string[], purpose: string, ownerId?: number) {
  if (!ids.length) return [];
  let q = db.selectFrom('upload').selectAll().where('id', 'in', ids).where('purpose', '=', purpose);
  if (ownerId !== undefined) q = q.where('ownerId', '=', ownerId);
  return q.execute();
}

/** Every record of a form, oldest first: id, submitter and time only. */
export async function submissionsOfForm(db: Conn, formId: number) {
  return db
    .selectFrom('formSubmission')
    .select(['id', 'submitterId', 'submittedAt'])
    .where('formId', '=', formId)
    .orderBy('id')
    .execute();
}
