import { http } from '@/core/http';
import type { Page } from '@/shared/envelope';
import type {
  Attachment,
  Audience,
  AudienceCount,
  AudienceOptions,
  RecipientListAnswer,
  ReleaseBody,
  ReleaseDetail,
  ReleaseItem,
  ReleaseListQuery,
  ReleaseStatus,
  ReleaseView,
  TemplateBody,
  TemplateItem,
  TemplateListQuery,
  UnreadQuery,
  UnreadRecipient,
} from './contract';

const T = '/message/api/v1.publishTemplate';
const R = '/message/api/v1.publish';

/** GET /message/api/v1.publishTemplate/list/ */
export const listTemplates = (q: TemplateListQuery) => http.get<Page<TemplateItem>>(`${T}/list/`, { params: q });
/** GET /message/api/v1.publishTemplate/categories/ */
export const templateCategories = () => http.get<string[]>(`${T}/categories/`);
/** POST /message/api/v1.publishTemplate/save/ (JSON: rich text) */
export const saveTemplate = (b: TemplateBody) => http.post<{ id: number }>(`${T}/save/`, b, { json: true });
/** POST /message/api/v1.publishTemplate/delete/ */
export const deleteTemplate = (id: number) => http.post<null>(`${T}/delete/`, { id });

/** GET /message/api/v1.publish/audienceOptions/ */
export const audienceOptions = () => http.get<AudienceOptions>(`${R}/audienceOptions/`);
/** POST /message/api/v1.publish/audienceCount/ (JSON: id lists) */
export const audienceCount = (a: Audience) => http.post<AudienceCount>(`${R}/audienceCount/`, a, { json: true });
/** POST /message/api/v1.publish/recipientList/ (multipart .xlsx) */
export const uploadRecipientList = (file: File) => {
  const fd = new FormData();
  fd.append('file', file);
  return http.post<RecipientListAnswer>(`${R}/recipientList/`, fd, { slow: true });
};
/** POST /message/api/v1.publish/attachment/ (multipart) */
export const uploadAttachment = (file: File) => {
  const fd = new FormData();
  fd.append('file', file);
  return http.post<Attachment>(`${R}/attachment/`, fd, { slow: true });
};
/** POST /message/api/v1.publish/create/ (JSON: rich text and audience) */
export const createRelease = (b: ReleaseBody) =>
  http.post<{ id: number; status: ReleaseStatus }>(`${R}/create/`, b, { json: true });
/** GET /message/api/v1.publish/mine/ */
export const myReleases = (q: ReleaseListQuery) => http.get<Page<ReleaseItem>>(`${R}/mine/`, { params: q });
/** GET /message/api/v1.publish/detail/ */
export const releaseDetail = (id: number) => http.get<ReleaseDetail>(`${R}/detail/`, { params: { id } });
/** GET /message/api/v1.publish/unread/ */
export const unreadRecipients = (q: UnreadQuery) => http.get<Page<UnreadRecipient>>(`${R}/unread/`, { params: q });
/** POST /message/api/v1.publish/withdraw/ */
export const withdrawRelease = (id: number) => http.post<{ removed: number }>(`${R}/withdraw/`, { id });
/** GET /message/api/v1.publish/view/ (a recipient reads the message) */
export const viewRelease = (id: number) => http.get<ReleaseView>(`${R}/view/`, { params: { id } });
