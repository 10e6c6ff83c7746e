import { http } from '@/core/http';
import type { CheckLoginAnswer, LoginAnswer, PublicKeyAnswer, UrlsAnswer } from './contract';

/** Sign-in calls of spec section 7. Passwords arrive here already encrypted (encryptPassword). */

/**
 * Which sign-in sides and single sign-on are on (viewing: writes nothing on the server). With
 * `start` it begins an SSO round trip for this browser and answers the provider's address; SSO
 * returns to `page`, then opens `to`. POST /user/login/get_urls/
 */
export const getUrls = (page: 'login' | 'loginAdmin', to?: string, start = false) =>
  http.post<UrlsAnswer>(
    '/user/login/get_urls/',
    { page, ...(to ? { to } : {}), ...(start ? { start: 1 } : {}) },
    // a failed start is shown in place by the sign-in page
    start ? { silent: true } : undefined,
  );

// Captcha image address (its own file, so the entry can ask for the first one without the request layer).
export { captchaUrl } from './captcha-url';

/** RSA public key for password encryption. POST /user/commonInterface/get_public_key/ */
export const getPublicKeyAnswer = () => http.post<PublicKeyAnswer>('/user/commonInterface/get_public_key/');

export interface LoginParams {
  is_admin: 0 | 1;
  username: string;
  /** encrypted */
  password: string;
  code: string;
  to?: string;
}

/** Password sign-in. POST /user/login/ */
export const login = (p: LoginParams) => http.post<LoginAnswer>('/user/login/', p);

// The exchanges are silent: the sign-in page shows a refusal in place, and a 401/403 must not
// trigger the global "signed out" or "no permission" redirects (which sent the browser back to the
// provider, and round again).

/** Single-sign-on exchange of a CAS ticket or an OIDC code. GET /user/login/ */
export const ssoExchange = (q: { ticket?: string; code?: string; state?: string; to?: string }) =>
  http.get<LoginAnswer>('/user/login/', { params: q, silent: true });

/** Single-sign-on exchange on the administrators' side. POST /user/login/admin_login/ */
export const adminSsoLogin = (q: { ticket?: string; code?: string; state?: string; to?: string }) =>
  http.post<LoginAnswer>('/user/login/admin_login/', q, { silent: true });

// Sign-out lives in core (every shell's exit uses it); re-exported for the pages that sign in and out here.
export { logout, signOut } from '@/core/session/sign-out';

/** Is the session still alive. POST /user/api/v1.user/check_user_is_login/ */
export const checkUserIsLogin = () =>
  http.post<CheckLoginAnswer>('/user/api/v1.user/check_user_is_login/', undefined, { silent: true });

/** Count one visit of the visitor home. POST /user/api/v1.user/incVisit/ */
export const incVisit = () => http.post<unknown>('/user/api/v1.user/incVisit/', undefined, { silent: true });

/** Change the signed-in user's password (both encrypted). POST /user/api/v1.user/change_pwd/ */
export const changePassword = (b: { old_password: string; new_password: string }) =>
  http.post<unknown>('/user/api/v1.user/change_pwd/', b);

/** Re-confirm the signed-in user's password (encrypted). POST /user/api/v1.user/check_user/ */
export const checkUser = (b: { password: string }) => http.post<unknown>('/user/api/v1.user/check_user/', b);
