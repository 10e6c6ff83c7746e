// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { useSession } from '@/core/session/store';
import { ok as envelope } from '@/shared/envelope';
import type { LoginAnswer } from './contract';
import { useSsoSignIn, type SsoSignInOptions } from './sso-sign-in';
import { fakeSignInNetwork, loginAnswer, okAnswer, SIGN_IN_URLS } from './testing';

const net = fakeSignInNetwork();
const ANSWER = loginAnswer([]);

function Probe(props: SsoSignInOptions) {
  const { exchanging, urls } = useSsoSignIn(props);
  return (
    <div>
      {exchanging ? '正在授权登录…' : '表单'}
      {urls && <span>admin side {urls.admin_login_enable}</span>}
    </div>
  );
}

function renderAt(path: string, over: Partial<SsoSignInOptions> = {}) {
  const options = {
    page: 'login' as const,
    exchange: vi.fn(async () => envelope(ANSWER)),
    land: vi.fn(async (_a: LoginAnswer) => undefined),
    ...over,
  };
  const router = createMemoryRouter([{ path: '/login', element: <Probe {...options} /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return { router, options };
}

/** window.location.assign, watched (jsdom cannot navigate). */
function watchAssign() {
  const assign = vi.fn();
  const original = window.location;
  Object.defineProperty(window, 'location', { configurable: true, value: { ...original, assign } });
  return { assign, restore: () => Object.defineProperty(window, 'location', { configurable: true, value: original }) };
}

beforeEach(() => net.install());
afterEach(async () => {
  cleanup();
  await useSession.getState().clear();
});

describe('useSsoSignIn', () => {
  it('keeps the SSO settings in the session and shows the form while a password back door is open', async () => {
    net.answers['/user/login/get_urls/'] = okAnswer({
      ...SIGN_IN_URLS,
      cas_enable: 1,
      retain_back_door: 1,
      sso_login_url: 'https://sso.example.edu/login',
      logout_url: 'https://sso.example.edu/logout',
    });
    const { assign, restore } = watchAssign();
    try {
      renderAt('/login');
      expect(await screen.findByText('admin side 1')).toBeTruthy();
      expect(useSession.getState().ssoInfo).toMatchObject({
        cas_enable: 1,
        retain_back_door: 1,
        logout_url: 'https://sso.example.edu/logout',
      });
      expect(screen.getByText('表单')).toBeTruthy();
      expect(assign).not.toHaveBeenCalled();
    } finally {
      restore();
    }
  });

  it('sends the browser to the identity provider when SSO has no back door', async () => {
    net.answers['/user/login/get_urls/'] = okAnswer({
      ...SIGN_IN_URLS,
      cas_enable: 1,
      sso_login_url: 'https://sso.example.edu/login',
    });
    const { assign, restore } = watchAssign();
    try {
      renderAt('/login');
      await waitFor(() => expect(assign).toHaveBeenCalledWith('https://sso.example.edu/login'));
      expect(screen.getByText('正在授权登录…')).toBeTruthy();
    } finally {
      restore();
    }
  });

  it('exchanges a returning ticket once, with the state and target, and lands the answer', async () => {
    net.answers['/user/login/get_urls/'] = okAnswer({ ...SIGN_IN_URLS, cas_enable: 1, sso_login_url: 'https://sso' });
    const { assign, restore } = watchAssign();
    try {
      const { options } = renderAt('/login?ticket=ST-1&state=s1&to=%2Fweb%2Fx');
      expect(screen.getByText('正在授权登录…')).toBeTruthy();
      await waitFor(() => expect(options.land).toHaveBeenCalledWith(ANSWER));
      expect(options.exchange).toHaveBeenCalledTimes(1);
      expect(options.exchange).toHaveBeenCalledWith({ ticket: 'ST-1', code: undefined, state: 's1', to: '/web/x' });
      // back with a grant: never sent to the identity provider again
      await waitFor(() => expect(useSession.getState().ssoInfo?.cas_enable).toBe(1));
      expect(assign).not.toHaveBeenCalled();
    } finally {
      restore();
    }
  });

  it('a refused grant is dropped from the address and the form shows, keeping the target', async () => {
    const { router, options } = renderAt('/login?code=bad&state=s1&to=%2Fweb%2Fx', {
      exchange: vi.fn(async () => Promise.reject(new Error('授权失败'))),
    });
    await waitFor(() => expect(router.state.location.search).toBe('?to=%2Fweb%2Fx'));
    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByText('表单')).toBeTruthy();
    expect(options.land).not.toHaveBeenCalled();
  });
});
