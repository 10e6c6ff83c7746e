// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { useSession } from '@/core/session/store';
import { ok as envelope } from '@/shared/envelope';
import type { LoginAnswer } from './contract';
import { useSsoSignIn, type SsoSignInOptions } from './sso-sign-in';
import { fakeSignInNetwork, loginAnswer, okAnswer, SIGN_IN_URLS } from './testing';

const net = fakeSignInNetwork();
const ANSWER = loginAnswer([]);

function Probe(props: SsoSignInOptions) {
  const { exchanging, redirecting, urls, ssoOn, failure, startSso } = useSsoSignIn(props);
  return (
    <div>
      {exchanging || redirecting ? '正在授权登录…' : failure ? `失败：${failure.message}` : '表单'}
      {urls && <span>admin side {urls.admin_login_enable}</span>}
      {ssoOn && (
        <button type="button" onClick={() => void startSso()}>
          统一身份认证登录
        </button>
      )}
    </div>
  );
}

/** get_urls calls that started a round trip (the others only viewed). */
const starts = () =>
  net.calls.filter(
    (c) => c.url === '/user/login/get_urls/' && new URLSearchParams(String(c.data)).get('start') === '1',
  );

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

  it('a refused grant stays on screen with its reason, dropped from the address, and never bounces to the provider', async () => {
    net.answers['/user/login/get_urls/'] = okAnswer({
      ...SIGN_IN_URLS,
      cas_enable: 1,
      retain_back_door: 0,
      sso_login_url: 'https://sso.example.edu/login',
    });
    const { assign, restore } = watchAssign();
    try {
      const { router, options } = renderAt('/login?code=bad&state=s1&to=%2Fweb%2Fx', {
        exchange: vi.fn(async () => Promise.reject(new Error('该账号不是管理员，不能登录管理端'))),
      });
      await waitFor(() => expect(router.state.location.search).toBe('?to=%2Fweb%2Fx'));
      expect(router.state.location.pathname).toBe('/login');
      expect(await screen.findByText('失败：该账号不是管理员，不能登录管理端')).toBeTruthy();
      await waitFor(() => expect(useSession.getState().ssoInfo?.cas_enable).toBe(1));
      // Even without a back door: no new round trip until the person asks for one.
      await new Promise((r) => setTimeout(r, 50));
      expect(starts()).toHaveLength(0);
      expect(assign).not.toHaveBeenCalled();
      expect(options.land).not.toHaveBeenCalled();
      // 重新统一认证
      fireEvent.click(screen.getByRole('button', { name: '统一身份认证登录' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('https://sso.example.edu/login'));
      expect(starts()).toHaveLength(1);
      expect(new URLSearchParams(String(starts()[0]!.data)).get('to')).toBe('/web/x');
    } finally {
      restore();
    }
  });

  it('only views while the back door is open: get_urls without start, then starts when asked', async () => {
    net.answers['/user/login/get_urls/'] = okAnswer({
      ...SIGN_IN_URLS,
      cas_enable: 1,
      retain_back_door: 1,
      sso_login_url: 'http://localhost/login?sso=1',
    });
    const { assign, restore } = watchAssign();
    try {
      renderAt('/login');
      const entry = await screen.findByRole('button', { name: '统一身份认证登录' });
      expect(starts()).toHaveLength(0);
      fireEvent.click(entry);
      await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
      expect(starts()).toHaveLength(1);
    } finally {
      restore();
    }
  });

  it('starts by itself when opened as the SSO entry (?sso=1)', async () => {
    net.answers['/user/login/get_urls/'] = okAnswer({
      ...SIGN_IN_URLS,
      cas_enable: 1,
      retain_back_door: 1,
      sso_login_url: 'https://sso',
    });
    const { assign, restore } = watchAssign();
    try {
      renderAt('/login?sso=1');
      await waitFor(() => expect(assign).toHaveBeenCalledWith('https://sso'));
      expect(starts()).toHaveLength(1);
    } finally {
      restore();
    }
  });

  it('shows why a round trip could not start, in place', async () => {
    net.answers['/user/login/get_urls/'] = okAnswer({
      ...SIGN_IN_URLS,
      cas_enable: 1,
      retain_back_door: 1,
      sso_login_url: 'x',
    });
    const { assign, restore } = watchAssign();
    try {
      renderAt('/login');
      const entry = await screen.findByRole('button', { name: '统一身份认证登录' });
      net.answers['/user/login/get_urls/'] = () => ({
        status: 503,
        body: { errorCode: '0x00000503', message: '无法连接统一身份认证服务：无法读取身份提供方的配置', data: null },
      });
      fireEvent.click(entry);
      expect(await screen.findByText('失败：无法连接统一身份认证服务：无法读取身份提供方的配置')).toBeTruthy();
      expect(assign).not.toHaveBeenCalled();
    } finally {
      restore();
    }
  });
});
