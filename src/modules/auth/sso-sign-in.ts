import { useEffect, useRef, useState } from 'react';
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

/**
 * The single sign-on half of a sign-in page, shared by desktop and phone (spec section 4):
 * get_urls keeps the SSO settings in the session and, when SSO has no password back door,
 * sends the browser to the identity provider; a return with a ticket (CAS) or code (OIDC) is
 * exchanged once for a session, and a refused one falls back to the form without the grant.
 */
export function useSsoSignIn({ page, exchange, land }: SsoSignInOptions) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const ticket = params.get('ticket') ?? '';
  const ssoCode = params.get('code') ?? '';
  const to = params.get('to') ?? '';
  const [exchanging, setExchanging] = useState(Boolean(ticket || ssoCode));
  const [urls, setUrls] = useState<UrlsAnswer | null>(null);
  // get_urls may answer after a failed exchange dropped the grant from the address: read it then
  const search = useRef(params);
  useEffect(() => {
    search.current = params;
  });

  useEffect(() => {
    let live = true;
    // The deep link travels with the pending sign-in on the server, not through the provider.
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
        const hasGrant = search.current.has('ticket') || search.current.has('code');
        if (u.cas_enable === 1 && u.retain_back_door === 0 && u.sso_login_url && !hasGrant) {
          setExchanging(true);
          window.location.assign(u.sso_login_url);
        }
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [page]);

  useEffect(() => {
    if (!ticket && !ssoCode) return;
    let live = true;
    exchange({
      ticket: ticket || undefined,
      code: ssoCode || undefined,
      state: params.get('state') ?? undefined,
      to: to || undefined,
    })
      .then((r) => (live ? land(r.data) : undefined))
      .catch(() => {
        if (!live) return;
        setExchanging(false);
        navigate({ pathname, search: to ? `?to=${encodeURIComponent(to)}` : '' }, { replace: true });
      });
    return () => {
      live = false;
    };
    // the grant is used once, when the page opens with it
  }, []);

  return { exchanging, urls };
}
