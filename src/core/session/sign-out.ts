import { http, LOGOUT_PATH } from '@/core/http';
import { useSession } from './store';

/** Sign out on the server; answers where the browser goes next. POST /user/login/login_out/ */
export const logout = () => http.post<{ logout_url: string }>(LOGOUT_PATH, undefined, { silent: true });

/**
 * Sign out (spec section 4 "Exit"): tell the server (a failure must not keep the user in),
 * clear the session, and answer where the browser goes: the SSO logout address or the login page.
 * In core because every shell's exit uses it (header, platform selection, the phone's home and "me").
 */
export async function signOut(loginPath: '/login' | '/loginAdmin' = '/login'): Promise<string> {
  const kept = useSession.getState().ssoInfo?.logout_url ?? '';
  let target = kept;
  try {
    const res = await logout();
    target = res.data?.logout_url || kept;
  } catch {
    // the session is cleared below either way
  }
  await useSession.getState().clear();
  return target || loginPath;
}
