import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useSession } from '@/core/session/store';
import type { Envelope } from '@/shared/envelope';
import { getUrls } from './api';
import type { LoginAnswer, UrlsAnswer } from './contract';

type Grant = { ticket?: string; code?: string; state?: string; to?: string };

export interface SsoSignInOptions {
  /** Which sign-in page asks get_urls (SSO returns to it). */
  page: 'login' | 'loginAdmin';
  /** Trades a CAS ticket or OIDC code for a session (the desktop administrators' side has its own call). */
  exchange: (grant: Grant) => Promise<Envelope<LoginAnswer>>;
  land: (answer: LoginAnswer) => Promise<void>;
}

/** Why single sign-on did not finish, shown in place with 重新统一认证. */
export interface SsoFailure {
  message: string;
}

export const SSO_FAILED_FALLBACK = '统一身份认证登录失败，请重试';
const reasonOf = (e: unknown) => (e instanceof Error && e.message ? e.message : SSO_FAILED_FALLBACK);

/**
 * The single sign-on half of a sign-in page, shared by desktop and phone (spec section 4):
 * - get_urls (viewing writes nothing) keeps the SSO settings in the session; with SSO on the
 *   page offers `startSso` (统一身份认证登录), which starts a round trip on the server and goes to the
 *   provider. The page does so by itself when SSO has no password back door, or when opened as
 *   the SSO entry (`?sso=1`).
 * - A return with a ticket (CAS) or code (OIDC) is exchanged once for a session. A refusal stays
 *   on screen (`failure`) and is never followed by an automatic trip back to the provider, which
 *   would only be refused again (the bounce of issue 25): the person chooses 重新统一认证.
 */
export function useSsoSignIn({ page, exchange, land }: SsoSignInOptions) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const ticket = params.get('ticket') ?? '';
  const ssoCode = params.get('code') ?? '';
  const to = params.get('to') ?? '';
  const hasGrant = Boolean(ticket || ssoCode);
  const [exchanging, setExchanging] = useState(hasGrant);
  const [redirecting, setRedirecting] = useState(false);
  const [failure, setFailure] = useState<SsoFailure | null>(null);
  const [urls, setUrls] = useState<UrlsAnswer | null>(null);
  // Read at the time of an answer: a failed exchange may have dropped the grant from the address meanwhile.
  const search = useRef(params);
  const failed = useRef(false);
  useEffect(() => {
    search.current = params;
  });

  /** 统一身份认证登录 / 重新统一认证: start a round trip on the server, then leave for the provider. */
  const startSso = useCallback(async () => {
    setFailure(null);
    setRedirecting(true);
    try {
      const r = await getUrls(page, search.current.get('to') ?? undefined, true);
      if (!r.data.sso_login_url) throw new Error('单点登录未启用');
      window.location.assign(r.data.sso_login_url);
    } catch (e) {
      failed.current = true;
      setRedirecting(false);
      setFailure({ message: reasonOf(e) });
    }
  }, [page]);

  useEffect(() => {
    let live = true;
    getUrls(page, search.current.get('to') ?? undefined).then(
      (r) => {
        if (!live) return;
        const u = r.data;
        setUrls(u);
        useSession.getState().setSsoInfo({
          cas_enable: u.cas_enable,
          is_admin_host: u.is_admin_host,
          retain_back_door: u.retain_back_door,
          logout_url: u.logout_url,
          sso_login_url: u.sso_login_url,
        });
        const q = search.current;
        const returning = q.has('ticket') || q.has('code');
        // /loginAdmin?password=1: the break-glass form an operator opened on the server (README).
        const breakGlass = page === 'loginAdmin' && q.get('password') === '1';
        const wanted = (u.retain_back_door === 0 && !breakGlass) || q.get('sso') === '1';
        // Never after a failure on this page: that would bounce between portal and provider.
        if (u.cas_enable === 1 && wanted && !returning && !failed.current) void startSso();
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [page, startSso]);

  useEffect(() => {
    if (!hasGrant) return;
    let live = true;
    exchange({
      ticket: ticket || undefined,
      code: ssoCode || undefined,
      state: params.get('state') ?? undefined,
      to: to || undefined,
    })
      .then((r) => (live ? land(r.data) : undefined))
      .catch((e: unknown) => {
        if (!live) return;
        failed.current = true;
        setFailure({ message: reasonOf(e) });
        setExchanging(false);
        // The grant is spent: drop it (and sso=1) from the address, keep the deep link.
        navigate({ pathname, search: to ? `?to=${encodeURIComponent(to)}` : '' }, { replace: true });
      });
    return () => {
      live = false;
    };
    // the grant is used once, when the page opens with it
  }, []);

  const ssoOn = urls?.cas_enable === 1;
  return {
    /** A ticket or code is being exchanged: the page shows only the 授权登录中 spinner. */
    exchanging,
    /** On the way to the provider (started, not yet gone). */
    redirecting,
    urls,
    /** SSO is on: offer 统一身份认证登录. */
    ssoOn,
    /** SSO without a password back door: no password form (break-glass aside, which is the administrators' side). */
    passwordClosed: ssoOn && urls?.retain_back_door === 0,
    failure,
    /** Back to the password form (when there is one) without retrying. */
    dismissFailure: useCallback(() => setFailure(null), []),
    startSso,
  };
}
