import { Type, type Static } from 'typebox';
import { Flag01, Nullable } from './response-schema';

/**
 * Wire shapes the client core keeps in its session and the modules produce: the signed-in
 * user of the login answer (auth) and the logo config (org-config). Defined once here, since
 * core may not import modules.
 */
export const UserInfo = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  real_name: Type.String(),
  user_no: Type.String(),
  /** 'student' | 'staff' | 'admin' */
  kind: Type.String(),
  is_admin: Flag01(),
  department: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  avatar: Nullable(Type.String()),
  roles: Type.Array(Type.Object({ code: Type.String(), name: Type.String() })),
  /** 1 when an administrator reset the password: the user must change it now. */
  must_change_pwd: Flag01(),
  /** 1 when the account signs in by single sign-on only (no password here): no 修改密码. */
  sso_only: Type.Optional(Flag01()),
});
export type UserInfo = Static<typeof UserInfo>;

/** Logo config (spec section 3). */
export interface LogoConfig {
  icon: string;
  logo: string;
  backend: { title: string; font: string };
  front: { title: string };
}
