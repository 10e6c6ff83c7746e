import { http } from '@/core/http';
import type { Page } from '@/shared/envelope';
import type {
  AccountCreateBody,
  AccountDetail,
  AccountFilter,
  AccountListQuery,
  AccountSummary,
  AccountUpdateBody,
  AvatarAnswer,
  ImportAnswer,
  ResetPasswordAnswer,
} from './contract';

const BASE = '/user/api/v1.account';

/** Accounts filtered and paged on the server. GET /user/api/v1.account/list/ */
export const listAccounts = (q: Partial<AccountListQuery> & { page: number; pageSize: number }) =>
  http.get<Page<AccountSummary>>(`${BASE}/list/`, { params: q });

/** One account with its roles and direct platforms. GET /user/api/v1.account/detail/ */
export const getAccount = (id: number) => http.get<AccountDetail>(`${BASE}/detail/`, { params: { id } });

/** `password` encrypted with the server key (core/crypto). POST /user/api/v1.account/create/ */
export const createAccount = (b: AccountCreateBody) => http.post<AccountDetail>(`${BASE}/create/`, b, { json: true });

/** POST /user/api/v1.account/update/ */
export const updateAccount = (b: AccountUpdateBody) => http.post<AccountDetail>(`${BASE}/update/`, b, { json: true });

/** Disable: the user's sessions end at once. POST /user/api/v1.account/disable/ */
export const disableAccount = (id: number) => http.post<null>(`${BASE}/disable/`, { id });

/** POST /user/api/v1.account/enable/ */
export const enableAccount = (id: number) => http.post<null>(`${BASE}/enable/`, { id });

/** Clear failed sign-ins and the lock. POST /user/api/v1.account/unlock/ */
export const unlockAccount = (id: number) => http.post<null>(`${BASE}/unlock/`, { id });

/** Encrypted new password, or none for a generated one (answered once). POST /user/api/v1.account/reset_password/ */
export const resetAccountPassword = (id: number, password?: string) =>
  http.post<ResetPasswordAnswer>(`${BASE}/reset_password/`, password ? { id, password } : { id });

/** Replace the user's roles. POST /user/api/v1.account/assign_roles/ */
export const assignAccountRoles = (id: number, roleIds: number[]) =>
  http.post<null>(`${BASE}/assign_roles/`, { id, roleIds }, { json: true });

/** Replace the user's directly assigned platforms. POST /user/api/v1.account/assign_platforms/ */
export const assignAccountPlatforms = (id: number, platformIds: number[]) =>
  http.post<null>(`${BASE}/assign_platforms/`, { id, platformIds }, { json: true });

/** Image ≤ 2 MB. POST /user/api/v1.account/avatar/ */
export const uploadAvatar = (userId: number, file: File) => {
  const fd = new FormData();
  fd.append('userId', String(userId));
  fd.append('file', file);
  return http.post<AvatarAnswer>(`${BASE}/avatar/`, fd);
};

/**
 * The signed-in user's own avatar (spec §7 uploadAvatar): an image ≤ 2 MB (PNG, JPEG, GIF or
 * WebP). The personal centre calls the same. POST /user/api/v1.user/uploadAvatar/
 */
export const uploadMyAvatar = (file: File) => {
  const fd = new FormData();
  fd.append('file', file);
  return http.post<AvatarAnswer>('/user/api/v1.user/uploadAvatar/', fd);
};

/**
 * Import an .xlsx (slow: one Argon2id hash a row). A partial import rejects with code
 * 0x00000106 and the ImportAnswer as the HttpError's data.data. POST /user/api/v1.account/import/
 */
export const importAccounts = (file: File) => {
  const fd = new FormData();
  fd.append('file', file);
  return http.post<ImportAnswer>(`${BASE}/import/`, fd, { slow: true });
};

/** The import template (.xlsx). GET /user/api/v1.account/import_template/ */
export const downloadImportTemplate = () => http.get<Blob>(`${BASE}/import_template/`, { responseType: 'blob' });

/** The filtered accounts as .xlsx. GET /user/api/v1.account/export/ */
export const exportAccounts = (f: Partial<AccountFilter>) =>
  http.get<Blob>(`${BASE}/export/`, { params: f, responseType: 'blob', slow: true });
