import { captchaUrl } from './captcha-url';

/**
 * The first captcha of a sign-in page, asked for by the entry (src/app/main.tsx) before any page
 * code has loaded (issue 14: on the phone login the captcha image is the largest paint, and it
 * waited for ~250 KB of scripts). The page's first <img> takes the same address, and the browser
 * hands it the image already loaded (or loading) for this document instead of asking again — so
 * the captcha the server remembers (cookie `cid`) is the one shown. Free of imports but the
 * address, so it adds nothing to the entry.
 */
let first: { key: string; image: HTMLImageElement } | null = null;

export function requestFirstCaptcha(key = `${Date.now()}${Math.random().toString().slice(2, 8)}`): void {
  if (typeof Image === 'undefined') return;
  const image = new Image();
  image.src = captchaUrl(key);
  first = { key, image };
}

/** The key of the captcha the entry asked for, while no page has used it. */
export const firstCaptchaKey = (): string | null => first?.key ?? null;

/** A page took it (or replaced it): later pages ask for their own. */
export function forgetFirstCaptcha(): void {
  first = null;
}
