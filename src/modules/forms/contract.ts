import { Type, type Static } from 'typebox';
import { PageFields } from '@/shared/paging';
import { FormSchema, type FormField, type FormValues, type PickedRef } from '@/shared/forms/schema';
import { MAX_ID } from '@/shared/ids';

/**
 * The form engine's calls (issue 5), shared by the server's route schemas and the client's api.ts.
 * Paths: administrators `/workflow/api/v1.form/*`; filling `/workflow/api/v1.formFill/*`;
 * summaries `/workflow/api/v1.formSummary/*`. Documents (schemas, values) travel as JSON.
 */

export const FORM_STATUSES = ['draft', 'published', 'disabled'] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];
export const FORM_STATUS_LABELS: Record<FormStatus, string> = {
  draft: '草稿',
  published: '已发布',
  disabled: '已停用',
};

/** Who may fill a published form: anyone with the link (formWrite) or signed-in users. */
export const FORM_ACCESS = ['public', 'signedIn'] as const;
export type FormAccess = (typeof FORM_ACCESS)[number];

const Name = Type.String({ minLength: 1, maxLength: 60, pattern: '\\S' });
const Category = Type.String({ maxLength: 30 });
const Description = Type.String({ maxLength: 500 });
const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });

// --- administrators: form management ------------------------------------------------------------

/** GET /workflow/api/v1.form/list/ */
export const FormListQuery = Type.Object({
  ...PageFields,
  keyword: Type.Optional(Type.String({ maxLength: 60 })),
  category: Type.Optional(Category),
  status: Type.Optional(Type.Enum(FORM_STATUSES)),
});
export type FormListQuery = Static<typeof FormListQuery>;

export interface FormListItem {
  id: number;
  name: string;
  category: string;
  status: FormStatus;
  access: FormAccess;
  /** The newest published version, null before the first publish. */
  latestVersion: number | null;
  /** The draft differs from the newest version (unpublished changes). */
  draftChanged: boolean;
  submissionCount: number;
  updatedAt: number;
  updatedBy: string;
}

/** How often one person may submit (issue 24): never limited, once ever, or once a day / week / month (UTC+8). */
export const SUBMIT_LIMITS = ['none', 'once', 'day', 'week', 'month'] as const;
export type SubmitLimit = (typeof SUBMIT_LIMITS)[number];
export const SUBMIT_LIMIT_LABELS: Record<SubmitLimit, string> = {
  none: '不限次数',
  once: '每人限填一次',
  day: '每人每天一次',
  week: '每人每周一次',
  month: '每人每月一次',
};

/**
 * 填写设置 (issue 24 item 4) beyond the role audience: departments (with their sub-departments or
 * not), classes (departments of kind class), platforms and people — a person may fill when any rule,
 * roles included, matches; no rule at all = everyone. Then the limit per person, the window (ms,
 * null = open-ended) and a public form's access password (absent: keep the stored one; '': none).
 */
export const FillSettings = Type.Object({
  departments: Type.Array(Type.Object({ id: Id, withChildren: Type.Boolean() }), { maxItems: 100 }),
  classIds: Type.Array(Id, { maxItems: 200 }),
  platformIds: Type.Array(Id, { maxItems: 50 }),
  userIds: Type.Array(Id, { maxItems: 500 }),
  submitLimit: Type.Enum(SUBMIT_LIMITS),
  opensAt: Type.Union([Type.Null(), Type.Integer({ minimum: 0, maximum: 8_640_000_000_000 })]),
  closesAt: Type.Union([Type.Null(), Type.Integer({ minimum: 0, maximum: 8_640_000_000_000 })]),
  password: Type.Optional(Type.String({ maxLength: 64 })),
});
export type FillSettings = Static<typeof FillSettings>;

/** 填写设置 as detail/ answers them: with names for the pickers, and whether a password is set (never the password). */
export interface FillSettingsView {
  departments: { id: number; name: string; withChildren: boolean }[];
  classes: { id: number; name: string }[];
  platforms: { id: number; name: string }[];
  users: PickedRef[];
  submitLimit: SubmitLimit;
  opensAt: number | null;
  closesAt: number | null;
  hasPassword: boolean;
}

/** No 填写设置: everyone its access admits, any number of times, always open, no password. */
export const emptyFillView = (): FillSettingsView => ({
  departments: [],
  classes: [],
  platforms: [],
  users: [],
  submitLimit: 'none',
  opensAt: null,
  closesAt: null,
  hasPassword: false,
});

/** Where a form's window stands now: 未开始, 填写中, 已截止. */
export type FillWindowState = 'notOpen' | 'open' | 'closed';

/** POST /workflow/api/v1.form/create/ (JSON) — also the import of an exported form (with schema). */
/** Who may fill a form: role codes (e.g. student, staff); empty = everyone its access admits. */
export const FormAudience = Type.Array(Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$' }), {
  maxItems: 20,
});
export const FormCreateBody = Type.Object({
  name: Name,
  category: Category,
  description: Type.Optional(Description),
  access: Type.Enum(FORM_ACCESS),
  audience: Type.Optional(FormAudience),
  schema: Type.Optional(FormSchema),
});
export type FormCreateBody = Static<typeof FormCreateBody>;

/** POST /workflow/api/v1.form/save/ (JSON) — saves the draft and the form's settings. */
export const FormSaveBody = Type.Object({
  id: Id,
  name: Name,
  category: Category,
  description: Description,
  access: Type.Enum(FORM_ACCESS),
  /** Role codes that may fill it (student forms: student; staff forms: staff); absent or empty = everyone. */
  audience: Type.Optional(FormAudience),
  /** Users who may read this form's summary in the approval centre. */
  managerIds: Type.Array(Id, { maxItems: 50 }),
  schema: FormSchema,
  /** 填写设置; absent = unchanged. */
  fill: Type.Optional(FillSettings),
});
export type FormSaveBody = Static<typeof FormSaveBody>;

/** { id } bodies and queries: publish/, disable/, enable/, copy/, delete/, detail/. */
export const FormIdBody = Type.Object({ id: Id });
export type FormIdBody = Static<typeof FormIdBody>;

export interface FormVersionInfo {
  version: number;
  publishedAt: number;
  publishedBy: string;
}

/** GET /workflow/api/v1.form/detail/?id= */
export interface FormDetail {
  id: number;
  name: string;
  category: string;
  description: string;
  status: FormStatus;
  access: FormAccess;
  /** Role codes that may fill it; [] = everyone. */
  audience: string[];
  fill: FillSettingsView;
  managers: PickedRef[];
  /** The working copy the designer edits. */
  draft: FormSchema;
  versions: FormVersionInfo[];
  submissionCount: number;
  updatedAt: number;
  updatedBy: string;
}

/** GET /workflow/api/v1.form/version/?id=&version= — a frozen version's schema. */
export const FormVersionQuery = Type.Object({ id: Id, version: Type.Integer({ minimum: 1, maximum: MAX_ID }) });
export type FormVersionQuery = Static<typeof FormVersionQuery>;

/** GET /workflow/api/v1.form/history/?id=&page= — who changed what. */
export const FormHistoryQuery = Type.Object({ ...PageFields, id: Id });
export type FormHistoryQuery = Static<typeof FormHistoryQuery>;
export interface FormHistoryItem {
  id: number;
  /** created | saved | published | disabled | enabled | copied | imported */
  action: string;
  detail: string;
  by: string;
  at: number;
}

/** GET /workflow/api/v1.form/categories/ — the categories in use. */
export type FormCategories = string[];

// --- filling ----------------------------------------------------------------------------------------

/** GET /workflow/api/v1.formFill/open/?formId= — public route; a signedIn form needs a session. */
export const FormOpenQuery = Type.Object({
  formId: Id,
  version: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID })),
});
export type FormOpenQuery = Static<typeof FormOpenQuery>;
export interface OpenedForm {
  id: number;
  name: string;
  description: string;
  access: FormAccess;
  version: number;
  schema: FormSchema;
  /** Default values resolved on the server (static defaults, and the signed-in user's name, number, department, phone). */
  defaults: FormValues;
  submitLimit: SubmitLimit;
  closesAt: number | null;
}

/** POST /workflow/api/v1.formFill/unlock/ — a password form opened with its password (rate-limited like sign-in). */
export const UnlockBody = Type.Object({ formId: Id, password: Type.String({ minLength: 1, maxLength: 64 }) });
export type UnlockBody = Static<typeof UnlockBody>;
/** The header that carries a password form's password on submit/ and upload/. */
export const FORM_PASSWORD_HEADER = 'x-form-password';

/** GET /workflow/api/v1.formFill/fillable/ — published forms the signed-in user may fill. */
export const FillableQuery = Type.Object({ ...PageFields, keyword: Type.Optional(Type.String({ maxLength: 60 })) });
export type FillableQuery = Static<typeof FillableQuery>;
export interface FillableForm {
  id: number;
  name: string;
  category: string;
  description: string;
  version: number;
  access: FormAccess;
  opensAt: number | null;
  closesAt: number | null;
  /** Where its window stands now (the list shows 未开始 / 已截止). */
  state: FillWindowState;
}

/** POST /workflow/api/v1.formFill/submit/ (JSON). Bad values: 400 0x00000101 with data { fields: FieldError[] }. */
export const SubmitBody = Type.Object({
  formId: Id,
  version: Type.Integer({ minimum: 1, maximum: MAX_ID }),
  values: Type.Record(Type.String(), Type.Unknown()),
  /** A server draft this submission completes (deleted with the submit, in one transaction). */
  draftId: Type.Optional(Id),
});
export type SubmitBody = Static<typeof SubmitBody>;
export interface SubmitAnswer {
  id: number;
  submittedAt: number;
  /** What the submission started and where to follow it (an approval's progress), if anything. */
  follow: { link: string; label: string } | null;
}

/** POST /workflow/api/v1.formFill/upload/?formId=&field= (multipart, one file) — an attachment, signature or image. */
export const UploadQuery = Type.Object({ formId: Id, field: Type.String({ maxLength: 40 }) });
export type UploadQuery = Static<typeof UploadQuery>;

/** Server drafts (signed in): save/, list/, detail/, delete/ under /workflow/api/v1.formDraft/. */
export const DraftSaveBody = Type.Object({
  id: Type.Optional(Id),
  formId: Id,
  version: Type.Integer({ minimum: 1, maximum: MAX_ID }),
  values: Type.Record(Type.String(), Type.Unknown()),
});
export type DraftSaveBody = Static<typeof DraftSaveBody>;
export interface DraftInfo {
  id: number;
  formId: number;
  formName: string;
  version: number;
  savedAt: number;
}
export interface DraftDetail extends DraftInfo {
  values: FormValues;
}
export const DraftListQuery = Type.Object({ ...PageFields });
export type DraftListQuery = Static<typeof DraftListQuery>;

/** GET /workflow/api/v1.formFill/mine/ — the signed-in user's submissions. */
export const MySubmissionsQuery = Type.Object({ ...PageFields, formId: Type.Optional(Id) });
export type MySubmissionsQuery = Static<typeof MySubmissionsQuery>;
export interface SubmissionInfo {
  id: number;
  formId: number;
  formName: string;
  version: number;
  submittedAt: number;
  submitter: { id: number | null; name: string; userNo: string };
}

/** Where one of my submissions stands beyond being stored (its approval), from the module that knows. */
export interface MySubmissionStatus {
  /** e.g. 审批中（辅导员审批）, 已通过, 已退回. */
  text: string;
  tone: 'processing' | 'success' | 'warning' | 'error' | 'default';
  /** The in-app page that follows it (the approval page), if any. */
  link: string | null;
}
/** GET /workflow/api/v1.formFill/mine/ — a submission of mine; status null: stored, nothing follows it. */
export interface MySubmission extends SubmissionInfo {
  status: MySubmissionStatus | null;
}

/** GET /workflow/api/v1.formFill/submission/?id= — its owner, the form's managers and administrators. */
export interface SubmissionDetail extends SubmissionInfo {
  values: FormValues;
  schema: FormSchema;
}

/** A person a user field offers (organisation's POST /user/api/v1.directory/pick/, within the field's pickScope). */
export type { DirectoryPerson as PickableUser } from '@/modules/organization/contract';

/** A person the back office's searches offer (form managers, the designer's preview): also the number. */
export interface AdminPickableUser {
  id: number;
  name: string;
  userNo: string;
  department: string;
}

/** GET /workflow/api/v1.formFill/departments/ (session) — the department tree for the department picker, flat. */
export interface PickableDepartment {
  id: number;
  name: string;
  parentId: number | null;
}

// --- summaries --------------------------------------------------------------------------------------

/**
 * GET /workflow/api/v1.formSummary/list/ and export/ (xlsx, streamed). `filters` is a JSON object
 * { fieldId: filter } where a filter is a string (text: contains; select/radio: equals), or
 * { min?, max? } (number, money, date, datetime: inclusive). Managers of the form and administrators.
 */
export const SummaryQuery = Type.Object({
  ...PageFields,
  formId: Id,
  filters: Type.Optional(Type.String({ maxLength: 4000 })),
  submittedFrom: Type.Optional(Type.Integer({ minimum: 0 })),
  submittedTo: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type SummaryQuery = Static<typeof SummaryQuery>;
export type SummaryFilter = string | { min?: number | string; max?: number | string };
export interface SummaryColumn {
  id: string;
  label: string;
  type: string;
  /** The whole field of the newest version: option labels, units, sub-table columns for display and filters. */
  field: FormField;
}
export interface SummaryPage {
  columns: SummaryColumn[];
  list: Array<SubmissionInfo & { values: FormValues }>;
  total: number;
  page: number;
  pageSize: number;
}

/** GET /workflow/api/v1.formSummary/forms/ — forms whose summary the user may read (managers; administrators: all). */
export const SummaryFormsQuery = Type.Object({ ...PageFields, keyword: Type.Optional(Type.String({ maxLength: 60 })) });
export type SummaryFormsQuery = Static<typeof SummaryFormsQuery>;
export interface SummaryForm {
  id: number;
  name: string;
  category: string;
  submissionCount: number;
  lastSubmittedAt: number | null;
}

/** Per-field messages of a refused submission (data of 0x00000101). */
export type { FieldError } from '@/shared/forms/validate';
