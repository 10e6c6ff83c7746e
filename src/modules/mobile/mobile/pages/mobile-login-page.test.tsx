// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { httpInstances } from '@/core/http';
import { useSession } from '@/core/session/store';
import { LOGIN_RETRY_DELAY_MS } from '@/shared/constants';
import type { UrlsAnswer } from '@/modules/auth/contract';
import MobileLoginPage from './mobile-login-page';

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024, publicExponent: 65537 });
const PEM = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const URLS: UrlsAnswer = {
  cas_enable: 0,
  is_admin_host: 0,
  retain_back_door: 0,
  user_login_enable: 1,
  admin_login_enable: 1,
  sso_kind: '',
  sso_login_url: '',
  logout_url: '',
};

let answers: Record<string, () => { status?: number; body: unknown }>;
const calls: InternalAxiosRequestConfig[] = [];
const adapter: AxiosAdapter = async (config) => {
  calls.push(config);
  const path = (config.url ?? '').split('?')[0]!;
  const a = answers[path]?.() ?? { status: 404, body: { errorCode: '0x00000404', message: '无此接口', data: null } };
  return { data: a.body, status: a.status ?? 200, statusText: 'OK', headers: {}, config };
};
const ok = (data: unknown) => () => ({ body: { errorCode: '0x00000000', message: '成功', data } });

const platform = (id: number, name: string) => ({
  platform_id: id,
  platform_name: name,
  icon: '',
  index_url: '',
  kind: 'normal',
  web: [{ name: `p${id}Home`, path: `/web/p${id}`, title: '办事大厅', icon: null, children: [], relationRoutes: [] }],
});
const answer = (platforms: ReturnType<typeof platform>[]) =>
  ok({
    Authorization: 'tok',
    is_admin: 0,
    redirect: '',
    to: '',
    message: '',
    error: '',
    user_info: {
      id: 2,
      username: 'student',
      real_name: '张三',
      user_no: 'S1',
      kind: 'student',
      is_admin: 0,
      department: null,
      avatar: null,
      roles: [],
      must_change_pwd: 0,
    },
    menus: { plant_front: platforms, cms: [] },
  });

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

const captchaSrc = () => screen.getByAltText('验证码').getAttribute('src');
const sentBody = () => new URLSearchParams(String(calls.find((c) => c.url === '/user/login/')!.data));

async function fillAndSubmit() {
  await waitFor(() => expect(useSession.getState().publicKey).toBe(PEM));
  fireEvent.change(screen.getByPlaceholderText('用户名 / 学工号'), { target: { value: 'student' } });
  fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: 'Student@2026' } });
  fireEvent.change(screen.getByPlaceholderText('验证码'), { target: { value: 'TEST' } });
  fireEvent.submit(screen.getByPlaceholderText('验证码').closest('form')!);
}

beforeEach(() => {
  calls.length = 0;
  answers = {
    '/user/login/get_urls/': ok(URLS),
    '/user/commonInterface/get_public_key/': ok({ public_key: PEM, max_plain_bytes: 62 }),
    '/portal/backend/organizationConfig/getCommonConfig/': ok({
      icon: '',
      logo: '',
      backend: { title: '后台', font: '' },
      front: { title: '华夏理工大学' },
    }),
    '/portal/backend/organizationConfig/getConfig/': ok({
      icon: '',
      logo: '',
      backend: { title: '', font: '' },
      front: { title: '学生平台' },
    }),
    '/user/api/v1.platform/choice_platform/': () => ({
      body: { errorCode: '0x00000000', message: '成功', data: null },
    }),
  };
  httpInstances.normal.defaults.adapter = adapter;
});

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  await useSession.getState().clear();
});

describe('phone login page', () => {
  it('says which field is missing when it loses focus empty', async () => {
    renderAt('/mobile/mobileLogin');
    for (const [placeholder, text] of [
      ['用户名 / 学工号', '请输入用户名'],
      ['密码', '请输入密码'],
      ['验证码', '请输入验证码'],
    ]) {
      const input = screen.getByPlaceholderText(placeholder!);
      expect(screen.queryByText(text!)).toBeNull();
      fireEvent.focus(input);
      fireEvent.blur(input);
      expect(await screen.findByText(text!)).toBeTruthy();
    }
  });

  it('names every missing field on submit and sends nothing', async () => {
    renderAt('/mobile/mobileLogin');
    fireEvent.submit(screen.getByPlaceholderText('验证码').closest('form')!);
    for (const text of ['请输入用户名', '请输入密码', '请输入验证码'])
      expect(await screen.findByText(text)).toBeTruthy();
    expect(calls.some((c) => c.url === '/user/login/')).toBe(false);
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
    answers['/user/login/'] = () => ({
      status: 400,
      body: { errorCode: '0x00000032', message: '账号已锁定，请 10 分钟后再试', data: null },
    });
    renderAt('/mobile/mobileLogin');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await fillAndSubmit();
    await waitFor(() => expect(calls.some((c) => c.url === '/user/login/')).toBe(true));
    const body = sentBody();
    expect(body.get('is_admin')).toBe('0');
    expect(body.get('password')).not.toContain('Student');
    const clear = privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(body.get('password')!, 'base64'),
    );
    expect(clear.toString()).toBe('Student@2026');
    expect(await screen.findByText('账号已锁定，请 10 分钟后再试')).toBeTruthy();
    const before = captchaSrc();
    await act(async () => {
      vi.advanceTimersByTime(LOGIN_RETRY_DELAY_MS + 10);
    });
    await waitFor(() => expect(captchaSrc()).not.toBe(before));
    expect((screen.getByPlaceholderText('验证码') as HTMLInputElement).value).toBe('');
  });

  it('lands a one-platform user on the phone home, entered through choice_platform', async () => {
    answers['/user/login/'] = answer([platform(1, '学生平台')]);
    const router = renderAt('/mobile/mobileLogin');
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/mobile/home'));
    expect(useSession.getState().platform?.platform_id).toBe(1);
    expect(calls.some((c) => c.url === '/user/api/v1.platform/choice_platform/')).toBe(true);
    expect(localStorage.getItem('preferMobile')).toBe('1');
  });

  it('returns to the phone page it was sent from, never to a desktop page', async () => {
    answers['/user/login/'] = answer([platform(1, '学生平台')]);
    const router = renderAt('/mobile/mobileLogin?to=%2Fmobile%2Fme');
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/mobile/me'));
    cleanup();
    await useSession.getState().clear();
    calls.length = 0;
    const again = renderAt('/mobile/mobileLogin?to=%2Fcms%2Fhome%2Findex');
    await fillAndSubmit();
    await waitFor(() => expect(again.state.location.pathname).toBe('/mobile/home'));
  });

  it('has a user with several platforms pick one before landing', async () => {
    answers['/user/login/'] = answer([platform(1, '学生平台'), platform(2, '教师平台')]);
    const router = renderAt('/mobile/mobileLogin');
    await fillAndSubmit();
    fireEvent.click(await screen.findByText('教师平台'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mobile/home'));
    expect(useSession.getState().platform?.platform_id).toBe(2);
    expect(String(calls.find((c) => c.url === '/user/api/v1.platform/choice_platform/')!.data)).toContain(
      'platform_id=2',
    );
  });

  it('goes to the SSO sign-in when SSO is on without a back door', async () => {
    answers['/user/login/get_urls/'] = ok({ ...URLS, cas_enable: 1, sso_login_url: 'https://sso.example.edu/login' });
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
});
