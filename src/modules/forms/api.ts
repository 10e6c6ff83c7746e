import { http } from '@/core/http';
import type { Page } from '@/shared/envelope';
import type { FileRef, FormSchema } from '@/shared/forms/schema';
import type {
  DraftDetail,
  DraftInfo,
  DraftListQuery,
  DraftSaveBody,
  FillableForm,
  FillableQuery,
  FormCategories,
  FormCreateBody,
  FormDetail,
  FormHistoryItem,
  FormHistoryQuery,
  FormListItem,
  FormListQuery,
  FormSaveBody,
  FormVersionInfo,
  MySubmissionsQuery,
  OpenedForm,
  PickableDepartment,
  AdminPickableUser,
  SubmissionDetail,
  MySubmission,
  SubmitAnswer,
  SubmitBody,
  SummaryForm,
  SummaryFormsQuery,
  SummaryPage,
  SummaryQuery,
} from './contract';
import { FORM_PASSWORD_HEADER } from './contract';
import { formPasswordOf, rememberFormPassword } from './components/form-passwords';
import { getDepartmentTree, getRoles, getUserList, pickPeople } from '@/modules/organization/api';
import type { PickContext } from '@/modules/organization/contract';
import { listPlatforms } from '@/modules/platform-config/api';

const F = '/workflow/api/v1.form';

/** A password form's password (once unlocked), sent again on each fill call. */
const passwordHeader = (formId: number): Record<string, string> => {
  const password = formPasswordOf(formId);
  return password ? { [FORM_PASSWORD_HEADER]: password } : {};
};
const FILL = '/workflow/api/v1.formFill';
const DRAFT = '/workflow/api/v1.formDraft';
const SUM = '/workflow/api/v1.formSummary';

// --- form management (administrators) ---

/** GET /workflow/api/v1.form/list/ */
export const listForms = (q: FormListQuery) => http.get<Page<FormListItem>>(`${F}/list/`, { params: q });

/** GET /workflow/api/v1.form/categories/ */
export const listFormCategories = () => http.get<FormCategories>(`${F}/categories/`);

/** GET /workflow/api/v1.form/detail/ */
export const getForm = (id: number) => http.get<FormDetail>(`${F}/detail/`, { params: { id } });

/** POST /workflow/api/v1.form/create/ (JSON): a new form, or an imported one when `schema` is given. */
export const createForm = (body: FormCreateBody) => http.post<{ id: number }>(`${F}/create/`, body, { json: true });

/** POST /workflow/api/v1.form/save/ (JSON): the draft and the form's settings; a bad schema answers 0x00000101 with the messages. */
export const saveForm = (body: FormSaveBody) =>
  http.post<{ draftChanged: boolean; updatedAt: number }>(`${F}/save/`, body, { json: true });

/** POST /workflow/api/v1.form/publish/: freezes the draft as version N+1. */
export const publishForm = (id: number) => http.post<FormVersionInfo>(`${F}/publish/`, { id });

/** POST /workflow/api/v1.form/disable/ */
export const disableForm = (id: number) => http.post<null>(`${F}/disable/`, { id });

/** POST /workflow/api/v1.form/enable/ */
export const enableForm = (id: number) => http.post<null>(`${F}/enable/`, { id });

/** POST /workflow/api/v1.form/copy/: a new draft form "名称 - 副本". */
export const copyForm = (id: number) => http.post<{ id: number }>(`${F}/copy/`, { id });

/** POST /workflow/api/v1.form/delete/: refused (409) once the form has submissions. */
export const deleteForm = (id: number) => http.post<null>(`${F}/delete/`, { id });

/** GET /workflow/api/v1.form/version/: a frozen version's schema. */
export const getFormVersion = (id: number, version: number) =>
  http.get<FormSchema>(`${F}/version/`, { params: { id, version } });

/** GET /workflow/api/v1.form/history/: who changed what, newest first. */
export const listFormHistory = (q: FormHistoryQuery) => http.get<Page<FormHistoryItem>>(`${F}/history/`, { params: q });

// --- filling ---

/** GET /workflow/api/v1.formFill/open/ (public; a signedIn form needs a session): the published schema and defaults. */
export const openForm = (formId: number, version?: number) =>
  http.get<OpenedForm>(`${FILL}/open/`, {
    params: version ? { formId, version } : { formId },
    headers: passwordHeader(formId),
  });

/** POST /workflow/api/v1.formFill/unlock/: a password form opened with its password (remembered for submit and uploads). */
export const unlockForm = async (formId: number, password: string) => {
  const r = await http.post<OpenedForm>(`${FILL}/unlock/`, { formId, password }, { json: true, silent: true });
  rememberFormPassword(formId, password);
  return r;
};

/** GET /workflow/api/v1.formFill/fillable/ */
export const listFillableForms = (q: FillableQuery) => http.get<Page<FillableForm>>(`${FILL}/fillable/`, { params: q });

/** POST /workflow/api/v1.formFill/submit/ (JSON): bad values answer 0x00000101 with data { fields: FieldError[] }. */
export const submitForm = (body: SubmitBody) =>
  http.post<SubmitAnswer>(`${FILL}/submit/`, body, { json: true, slow: true, headers: passwordHeader(body.formId) });

/** POST /workflow/api/v1.formFill/upload/?formId=&field= (multipart, one file): an attachment, image or signature. */
export const uploadFormFile = (formId: number, field: string, file: Blob, fileName?: string) => {
  const form = new FormData();
  if (fileName) form.append('file', file, fileName);
  else form.append('file', file);
  return http.post<FileRef>(`${FILL}/upload/`, form, {
    params: { formId, field },
    slow: true,
    headers: passwordHeader(formId),
  });
};

/** GET /workflow/api/v1.formFill/mine/: the signed-in user's submissions. */
export const listMySubmissions = (q: MySubmissionsQuery) =>
  http.get<Page<MySubmission>>(`${FILL}/mine/`, { params: q });

/** GET /workflow/api/v1.formFill/submission/: one submission with its version's schema. */
export const getSubmission = (id: number) => http.get<SubmissionDetail>(`${FILL}/submission/`, { params: { id } });

/** A user field's picker: people its pickScope allows, by keyword (20 at most). POST /user/api/v1.directory/pick/ */
export const pickUsers = (context: PickContext, keyword: string) => pickPeople({ context, keyword });

/** The back office's people search (form managers, the designer's preview), 20 at most. POST /user/api/v1.user/getUserList/ */
/** Every role (code and name), for a form's 适用对象 (the back office's designer). */
export const listRolesForAudience = () => getRoles().then((r) => r.data.map((x) => ({ code: x.code, name: x.name })));

/** The organisation's department tree (classes are its departments of kind class), for 填写设置. POST /user/api/v1.department/getTreeNode/ */
export const listDepartmentTreeForAudience = () => getDepartmentTree().then((r) => r.data);

/** Every platform (id and name), for 填写设置 (administrators). GET /user/api/v1.platform/list/ */
export const listPlatformsForAudience = () =>
  listPlatforms().then((r) => r.data.map((p) => ({ id: p.id, name: p.name })));

export const searchPeopleAdmin = (keyword: string): Promise<AdminPickableUser[]> =>
  getUserList({ keyword, page: 1, pageSize: 20 }).then((r) =>
    r.data.list.map((u) => ({ id: u.id, name: u.realName, userNo: u.userNo, department: u.department?.name ?? '' })),
  );

/** GET /workflow/api/v1.formFill/departments/: the department picker's tree, flat. */
export const pickDepartments = () => http.get<PickableDepartment[]>(`${FILL}/departments/`);

// --- server drafts (signed in) ---

/** POST /workflow/api/v1.formDraft/save/ (JSON): creates or updates one of the user's drafts. */
export const saveDraft = (body: DraftSaveBody) => http.post<DraftInfo>(`${DRAFT}/save/`, body, { json: true });

/** GET /workflow/api/v1.formDraft/list/ */
export const listDrafts = (q: DraftListQuery) => http.get<Page<DraftInfo>>(`${DRAFT}/list/`, { params: q });

/** GET /workflow/api/v1.formDraft/detail/ */
export const getDraft = (id: number) => http.get<DraftDetail>(`${DRAFT}/detail/`, { params: { id } });

/** POST /workflow/api/v1.formDraft/delete/ */
export const deleteDraft = (id: number) => http.post<null>(`${DRAFT}/delete/`, { id });

// --- summaries (the form's managers; administrators: every form) ---

/** GET /workflow/api/v1.formSummary/forms/ */
export const listSummaryForms = (q: SummaryFormsQuery) => http.get<Page<SummaryForm>>(`${SUM}/forms/`, { params: q });

/** GET /workflow/api/v1.formSummary/list/: `filters` is JSON { fieldId: filter }. */
export const listSummary = (q: SummaryQuery) => http.get<SummaryPage>(`${SUM}/list/`, { params: q });

/** GET /workflow/api/v1.formSummary/export/ (xlsx, streamed) */
export const exportSummary = (q: Omit<SummaryQuery, 'page' | 'pageSize'>) =>
  http.get<Blob>(`${SUM}/export/`, { params: q, responseType: 'blob', slow: true });
