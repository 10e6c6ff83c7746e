import { MOBILE_LOGIN_PATH, rememberDevice } from '@/core/routing/device-choice';

/**
 * After auth's signOut: the SSO logout address in the browser, else the phone login. Signing out
 * clears localStorage, so the phone's choice of the phone pages is written back.
 */
export function afterSignOut(target: string, navigate: (to: string, opts?: { replace?: boolean }) => void): void {
  rememberDevice('mobile');
  if (/^https?:\/\//i.test(target)) window.location.assign(target);
  else navigate(MOBILE_LOGIN_PATH, { replace: true });
}
