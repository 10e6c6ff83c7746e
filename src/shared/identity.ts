/**
 * Wire shapes the client core keeps in its session and the modules produce: the signed-in
 * user of the login answer (auth) and the logo config (org-config). Defined once here, since
 * core may not import modules.
 */
export interface UserInfo {
  id: number;
  username: string;
  real_name: string;
  user_no: string;
  /** 'student' | 'staff' | 'admin' */
  kind: string;
  is_admin: 0 | 1;
  department: { id: number; name: string } | null;
  avatar: string | null;
  roles: { code: string; name: string }[];
  /** 1 when an administrator reset the password: the user must change it now. */
  must_change_pwd: 0 | 1;
  /** 1 when the account signs in by single sign-on only (no password here): no 修改密码. */
  sso_only?: 0 | 1;
}

/** Logo config (spec section 3). */
export interface LogoConfig {
  icon: string;
  logo: string;
  backend: { title: string; font: string };
  front: { title: string };
}
