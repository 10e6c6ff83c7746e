import { landingPath } from '@/core/guard/landing';
import { useSession } from '@/core/session/store';
import { enterPlatform } from '@/modules/platform/api';
import type { LoginAnswer } from '../contract';

/**
 * What follows a successful login or SSO exchange (spec section 4): keep the session; a user
 * with exactly one platform enters it straight away; then answer the landing path (platform
 * selection for a user with several, /cms for an administrator, else redirect / to / first menu).
 */
export async function completeSignIn(answer: LoginAnswer): Promise<string> {
  const session = useSession.getState();
  session.setLogin({
    Authorization: answer.Authorization,
    user_info: answer.user_info,
    menus: answer.menus,
    is_admin: answer.is_admin,
  });
  const isAdmin = answer.is_admin === 1;
  const platforms = answer.menus.plant_front;
  let chosen = null;
  if (!isAdmin && platforms.length === 1) chosen = await enterPlatform(platforms[0]!);
  return landingPath({ isAdmin, platforms, chosen, redirect: answer.redirect, to: answer.to });
}

/** Open a landing path: in-app paths through the router, full addresses (SSO, external index_url) in the browser. */
export function openPath(path: string, navigate: (to: string, opts?: { replace?: boolean }) => void) {
  if (/^https?:\/\//i.test(path)) window.location.assign(path);
  else navigate(path, { replace: true });
}
