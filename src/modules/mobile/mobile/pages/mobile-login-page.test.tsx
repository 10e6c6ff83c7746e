// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { useSession } from '@/core/session/store';
import { LOGIN_RETRY_DELAY_MS } from '@/shared/constants';
import {
  captchaSrc,
  decryptSentPassword,
  expectMissingFieldMessages,
  fakeSignInNetwork,
  fillAndSubmitSignIn as fillAndSubmit,
  loginAnswer,
  okAnswer as ok,
  refusal,
  samplePlatform as platform,
  SIGN_IN_URLS,
  submitSignIn,
} from '@/modules/auth/testing';
import MobileLoginPage from './mobile-login-page';

const net = fakeSignInNetwork();
const URLS = { ...SIGN_IN_URLS, is_admin_host: 0 };
const answer = (platforms: ReturnType<typeof platform>[]) => ok(loginAnswer(platforms));

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/mobile/mobileLogin', element: <MobileLoginPage /> },
      { path: '*', element: <div>landed</div> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() =>
  net.install({
    '/user/login/get_urls/': ok(URLS),
    '/portal/backend/organizationConfig/getConfig/': ok({
      icon: '',
      logo: '',
      backend: { title: '', font: '' },
      front: { title: '学生平台' },
    }),
    '/user/api/v1.platform/choice_platform/': ok(null),
  }),
);

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  await useSession.getState().clear();
});

describe('phone login page', () => {
  it('says which field is missing when it loses focus empty', async () => {
    renderAt('/mobile/mobileLogin');
    await expectMissingFieldMessages();
  });

  it('names every missing field on submit and sends nothing', async () => {
    renderAt('/mobile/mobileLogin');
    submitSignIn();
    for (const text of ['请输入用户名', '请输入密码', '请输入验证码'])
      expect(await screen.findByText(text)).toBeTruthy();
    expect(net.paths()).not.toContain('/user/login/');
  });

  it('loads a new 140 px captcha image when the image is tapped', () => {
    renderAt('/mobile/mobileLogin');
    const first = captchaSrc();
    expect(first).toMatch(/^\/user\/login\/get_code\/\?r=/);
    expect(screen.getByAltText('验证码').getAttribute('width')).toBe('140');
    fireEvent.click(screen.getByAltText('验证码'));
    expect(captchaSrc()).not.toBe(first);
  });

  it('sends the password OAEP-encrypted, toasts the server refusal and refreshes the captcha 200 ms later', async () => {
    net.answers['/user/login/'] = refusal(400, '0x00000032', '账号已锁定，请 10 分钟后再试');
    renderAt('/mobile/mobileLogin');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await fillAndSubmit();
    await waitFor(() => expect(net.paths()).toContain('/user/login/'));
    const body = net.sentLogin();
    expect(body.get('is_admin')).toBe('0');
    expect(body.get('password')).not.toContain('Student');
    expect(decryptSentPassword(body.get('password')!)).toBe('Student@2026');
    // antd-mobile's Toast loads with the first toast (issue 14), which takes a moment in jsdom
    expect(await screen.findByText('账号已锁定，请 10 分钟后再试', {}, { timeout: 10_000 })).toBeTruthy();
    const before = captchaSrc();
    await act(async () => {
      vi.advanceTimersByTime(LOGIN_RETRY_DELAY_MS + 10);
    });
    await waitFor(() => expect(captchaSrc()).not.toBe(before));
    expect((screen.getByPlaceholderText('验证码') as HTMLInputElement).value).toBe('');
  });

  it('lands a one-platform user on the phone home, entered through choice_platform', async () => {
    net.answers['/user/login/'] = answer([platform(1, '学生平台')]);
    const router = renderAt('/mobile/mobileLogin');
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/mobile/home'));
    expect(useSession.getState().platform?.platform_id).toBe(1);
    expect(net.paths()).toContain('/user/api/v1.platform/choice_platform/');
    expect(localStorage.getItem('preferMobile')).toBe('1');
  });

  it('returns to the phone page it was sent from, never to a desktop page', async () => {
    net.answers['/user/login/'] = answer([platform(1, '学生平台')]);
    const router = renderAt('/mobile/mobileLogin?to=%2Fmobile%2Fme');
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/mobile/me'));
    cleanup();
    await useSession.getState().clear();
    net.calls.length = 0;
    const again = renderAt('/mobile/mobileLogin?to=%2Fcms%2Fhome%2Findex');
    await fillAndSubmit();
    await waitFor(() => expect(again.state.location.pathname).toBe('/mobile/home'));
  });

  it('has a user with several platforms pick one before landing', async () => {
    net.answers['/user/login/'] = answer([platform(1, '学生平台'), platform(2, '教师平台')]);
    const router = renderAt('/mobile/mobileLogin');
    await fillAndSubmit();
    fireEvent.click(await screen.findByText('教师平台'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mobile/home'));
    expect(useSession.getState().platform?.platform_id).toBe(2);
    expect(String(net.calls.find((c) => c.url === '/user/api/v1.platform/choice_platform/')!.data)).toContain(
      'platform_id=2',
    );
  });

  it('goes to the SSO sign-in when SSO is on without a back door', async () => {
    net.answers['/user/login/get_urls/'] = ok({
      ...URLS,
      cas_enable: 1,
      sso_login_url: 'https://sso.example.edu/login',
    });
    const assign = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, assign, search: '' } });
    try {
      renderAt('/mobile/mobileLogin');
      await waitFor(() => expect(assign).toHaveBeenCalledWith('https://sso.example.edu/login'));
      expect(screen.getByText('正在授权登录…')).toBeTruthy();
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });

  it('offers 统一身份认证登录 with the form, and keeps a refused sign-in on screen with 重新统一认证', async () => {
    net.answers['/user/login/get_urls/'] = ok({ ...URLS, cas_enable: 1, retain_back_door: 1, sso_login_url: 'x' });
    net.answers['/user/login/'] = () => ({
      status: 401,
      body: { errorCode: '0x00000011', message: '单点登录失败：学号/工号 S1 对应的账号不存在或已停用', data: null },
    });
    renderAt('/mobile/mobileLogin?ticket=ST-1&state=s1');
    expect(await screen.findByText('单点登录失败：学号/工号 S1 对应的账号不存在或已停用')).toBeTruthy();
    expect(screen.getByText('重新统一认证')).toBeTruthy();
    fireEvent.click(screen.getByText('使用账号密码登录'));
    expect(await screen.findByText('统一身份认证登录')).toBeTruthy();
    expect(screen.getByPlaceholderText('用户名 / 学工号')).toBeTruthy();
  });
});
