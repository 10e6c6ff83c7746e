import { useCallback, useEffect, useRef, useState } from 'react';
import { encryptPassword, preloadEncryption } from '@/core/crypto/encrypt-password';
import { getPublicKey } from '@/core/crypto/public-key';
import type { Envelope } from '@/shared/envelope';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, LOGIN_RETRY_DELAY_MS } from '@/shared/constants';
import { captchaUrl, type LoginParams } from './api';
import { firstCaptchaKey, forgetFirstCaptcha } from './first-captcha';
import type { LoginAnswer } from './contract';

/** What a sign-in form collects, on either kit. */
export interface SignInFields {
  username: string;
  password: string;
  code: string;
}

export const ENCRYPT_FAILED_MESSAGE = '密码加密失败，请刷新页面后重试';

export interface SignInFlowOptions {
  isAdmin: boolean;
  /** Sent as the answer's `to` (the desktop sends '' as it is, the phone leaves it out). */
  to: string | undefined;
  /** The call that signs in (desktop: auth `login`, which toasts refusals; phone: a silent one). */
  send: (p: LoginParams) => Promise<Envelope<LoginAnswer>>;
  /** Keeps the session and leaves the page (or shows what comes next). */
  land: (answer: LoginAnswer) => Promise<void>;
  /** Empties the captcha input of the page's form: a used captcha is spent. */
  clearCode: () => void;
  /** Shows a failure no request toasted (the password could not be encrypted). */
  report: (text: string) => void;
  /** Called with a refused sign-in before the captcha is renewed (a silent `send` shows it here). */
  onRefused?: (error: unknown) => void;
}

const newCaptchaKey = () => `${Date.now()}${Math.random().toString().slice(2, 8)}`;
const errorText = (e: unknown, fallback: string) => (e instanceof Error && e.message ? e.message : fallback);

/**
 * The password sign-in both kits share (spec sections 4, 5): a fresh RSA key, jsencrypt loaded
 * on the first focus, tap or key in the page, the captcha image and its refresh, then on submit encrypt → send →
 * land; a refusal renews the captcha and empties its input LOGIN_RETRY_DELAY_MS later.
 */
export function useSignInFlow(options: SignInFlowOptions) {
  // The captcha the entry already asked for, on the first sign-in page of this page load.
  const [captchaKey, setCaptchaKey] = useState(() => firstCaptchaKey() ?? newCaptchaKey());
  const [submitting, setSubmitting] = useState(false);
  const retryTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const mounted = useRef(true);
  // The latest callbacks, so a submit started before a re-render still lands with the current ones.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const refreshCaptcha = useCallback(() => setCaptchaKey(newCaptchaKey()), []);

  useEffect(() => {
    mounted.current = true;
    forgetFirstCaptcha();
    // a key kept from an earlier visit may be stale (the server made a new pair): fetch it afresh
    getPublicKey(true).catch(() => undefined);
    // jsencrypt (~19 KB gzip) only once the visitor starts filling the form (issue 14: not part of a
    // first load that signs nobody in); submit loads it too if it is still missing.
    const warm = () => {
      events.forEach((e) => document.removeEventListener(e, warm, true));
      preloadEncryption();
    };
    const events = ['focusin', 'pointerdown', 'keydown'] as const;
    events.forEach((e) => document.addEventListener(e, warm, true));
    return () => {
      mounted.current = false;
      clearTimeout(retryTimer.current);
      events.forEach((e) => document.removeEventListener(e, warm, true));
    };
  }, []);

  const submit = useCallback(
    async (v: SignInFields) => {
      const o = latest.current;
      let password: string;
      try {
        password = await encryptPassword(await getPublicKey(), v.password);
      } catch (e) {
        o.report(errorText(e, ENCRYPT_FAILED_MESSAGE));
        return;
      }
      setSubmitting(true);
      try {
        const r = await o.send({
          is_admin: o.isAdmin ? 1 : 0,
          username: v.username.trim(),
          password,
          code: v.code.trim(),
          to: o.to,
        });
        await o.land(r.data);
        // still here (a platform to pick, an administrator on a phone): the button works again
        if (mounted.current) setSubmitting(false);
      } catch (e) {
        latest.current.onRefused?.(e);
        retryTimer.current = setTimeout(() => {
          latest.current.clearCode();
          refreshCaptcha();
          setSubmitting(false);
        }, LOGIN_RETRY_DELAY_MS);
      }
    },
    [refreshCaptcha],
  );

  const captchaSrc = captchaUrl(captchaKey);
  return {
    captchaSrc,
    /** The captcha <img>'s attributes: 140×40, a click loads a new one. */
    captchaImage: {
      src: captchaSrc,
      width: CAPTCHA_WIDTH,
      height: CAPTCHA_HEIGHT,
      alt: '验证码',
      title: '看不清？点击刷新',
      onClick: refreshCaptcha,
    },
    refreshCaptcha,
    submitting,
    submit,
  };
}
