/**
 * The phone/desktop choice a phone remembers (localStorage 'preferMobile' / 'preferDesktop'):
 * a phone that chose the phone pages before goes straight to them from /login. No antd-mobile
 * here — the desktop login page imports this file.
 */
export const PREFER_MOBILE_KEY = 'preferMobile';
export const PREFER_DESKTOP_KEY = 'preferDesktop';
export const MOBILE_LOGIN_PATH = '/mobile/mobileLogin';
export const PHONE_MAX_WIDTH = 768;

const MOBILE_UA = /Android|iPhone|iPod|iPad|Mobile|HarmonyOS|MicroMessenger/i;

function store(): Storage | null {
  return typeof localStorage === 'undefined' ? null : localStorage;
}

/** A phone: a narrow viewport (≤ 768 px) or a mobile user agent. */
export function isPhone(width: number = window.innerWidth, userAgent: string = navigator.userAgent): boolean {
  return width <= PHONE_MAX_WIDTH || MOBILE_UA.test(userAgent);
}

export function rememberDevice(choice: 'mobile' | 'desktop'): void {
  const s = store();
  if (!s) return;
  s.setItem(choice === 'mobile' ? PREFER_MOBILE_KEY : PREFER_DESKTOP_KEY, '1');
  s.removeItem(choice === 'mobile' ? PREFER_DESKTOP_KEY : PREFER_MOBILE_KEY);
}

export function prefersMobile(): boolean {
  const s = store();
  return !!s && s.getItem(PREFER_MOBILE_KEY) === '1' && s.getItem(PREFER_DESKTOP_KEY) !== '1';
}
