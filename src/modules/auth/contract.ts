import { Type, type Static } from 'typebox';
import { EmojiFreeText } from '@/shared/emoji-free';
import { UserInfo } from '@/shared/identity';
import { LoginMenusSchema } from '@/shared/menu-schema';
import { Flag01 } from '@/shared/response-schema';

/** POST /user/login/ (form-urlencoded). password is RSA-OAEP-SHA-256 ciphertext, base64. */
export const LoginBody = Type.Object({
  is_admin: Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal(0), Type.Literal(1)]),
  username: EmojiFreeText({ minLength: 1, maxLength: 64 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
  code: Type.String({ minLength: 1, maxLength: 16 }),
  /** Where the user wanted to go before being sent to login (a same-site path). */
  to: Type.Optional(Type.String({ maxLength: 512 })),
});
export type LoginBody = Static<typeof LoginBody>;

/** GET /user/login/?ticket=… (CAS) or ?code=…&state=… (OIDC): single-sign-on exchange. */
export const SsoQuery = Type.Object({
  ticket: Type.Optional(Type.String({ maxLength: 1024 })),
  code: Type.Optional(Type.String({ maxLength: 2048 })),
  state: Type.Optional(Type.String({ maxLength: 512 })),
  service: Type.Optional(Type.String({ maxLength: 1024 })),
  to: Type.Optional(Type.String({ maxLength: 512 })),
});
export type SsoQuery = Static<typeof SsoQuery>;

export type { UserInfo };

/**
 * The data of a successful login answer (spec section 3); also its response schema: the menu
 * trees refer to `MENU_DEFS`, which the route passes to `okResponse`.
 */
export const LoginAnswer = Type.Object({
  Authorization: Type.String(),
  user_info: UserInfo,
  menus: LoginMenusSchema,
  is_admin: Flag01(),
  /** A page the server sends the user to first (e.g. change password), or ''. */
  redirect: Type.String(),
  /** The validated `to` path of the request, or ''. */
  to: Type.String(),
  /** A warning to show as a notice, or ''. */
  message: Type.String(),
  error: Type.String(),
});
export type LoginAnswer = Static<typeof LoginAnswer>;

/** POST /user/login/get_urls/: which sign-in sides and single sign-on are on. */
export interface UrlsAnswer {
  cas_enable: 0 | 1;
  /** 1: this host is the administrators' host (admin side shown). */
  is_admin_host: 0 | 1;
  /** 1: with SSO on, the password form stays available as a back door. */
  retain_back_door: 0 | 1;
  user_login_enable: 0 | 1;
  admin_login_enable: 0 | 1;
  /** 'cas' | 'oidc' | '' */
  sso_kind: string;
  /**
   * '' without SSO. Viewing: the sign-in page's SSO entry (`<site>/<page>?sso=1`); with `start`: the
   * provider's sign-in address of the round trip just started (service / redirect_uri, state, PKCE).
   */
  sso_login_url: string;
  /** Where the browser goes after logout ('' = /login). */
  logout_url: string;
}

/** POST /user/api/v1.user/check_user_is_login/ (data; errorCode is in the envelope). */
export const CheckLoginAnswer = Type.Object({
  is_login: Type.Boolean(),
  to_url: Type.String(),
  ternantId: Type.String(),
});
export type CheckLoginAnswer = Static<typeof CheckLoginAnswer>;

/** POST /user/commonInterface/get_public_key/ */
export const PublicKeyAnswer = Type.Object({
  /** PEM, SPKI */
  public_key: Type.String(),
  /** Bytes of UTF-8 plaintext the key can encrypt with OAEP-SHA-256 (62 for 1024 bits). */
  max_plain_bytes: Type.Integer(),
});
export type PublicKeyAnswer = Static<typeof PublicKeyAnswer>;

/** POST /user/login/login_out/: where the browser goes next ('' = the sign-in page). */
export const LogoutAnswer = Type.Object({ logout_url: Type.String() });
export type LogoutAnswer = Static<typeof LogoutAnswer>;

/** POST /user/api/v1.user/incVisit/: today's visit count after this one. */
export const VisitAnswer = Type.Object({ day: Type.String(), count: Type.Integer() });
export type VisitAnswer = Static<typeof VisitAnswer>;

/** POST /user/api/v1.user/change_pwd/ (both encrypted like the login password). */
export const ChangePwdBody = Type.Object({
  old_password: Type.String({ minLength: 1, maxLength: 1024 }),
  new_password: Type.String({ minLength: 1, maxLength: 1024 }),
});
export type ChangePwdBody = Static<typeof ChangePwdBody>;

/** POST /user/api/v1.user/check_user/: re-confirm the signed-in user's password. */
export const CheckUserBody = Type.Object({ password: Type.String({ minLength: 1, maxLength: 1024 }) });
export type CheckUserBody = Static<typeof CheckUserBody>;

/** Password policy for new passwords (change_pwd): shown to users as written here. */
export const PASSWORD_POLICY_TEXT = '密码长度 8–32 位，须同时包含字母和数字';
export const isStrongPassword = (p: string) => p.length >= 8 && p.length <= 32 && /[A-Za-z]/.test(p) && /\d/.test(p);
