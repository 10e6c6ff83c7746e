// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { generateKeyPairSync } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { httpInstances } from '@/core/http';
import { useSession } from '@/core/session/store';
import { AppProviders } from '@/core/ui/app-providers';
import { LOGIN_RETRY_DELAY_MS } from '@/shared/constants';
import type { UrlsAnswer } from '@/modules/auth/contract';
import LoginPage from './login-page';

// antd's responsive parts ask matchMedia, which jsdom lacks.
const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024, publicExponent: 65537 });
const PEM = publicKey.export({ type: 'spki', format: 'pem' }).toString();

const URLS: UrlsAnswer = {
  cas_enable: 0,
  is_admin_host: 1,
  retain_back_door: 0,
  user_login_enable: 1,
  admin_login_enable: 1,
  sso_kind: '',
  sso_login_url: '',
  logout_url: '',
};

/** The network, faked at the axios adapter: each call answers an envelope by path. */
let answers: Record<string, () => { status?: number; body: unknown }>;
const calls: InternalAxiosRequestConfig[] = [];
const adapter: AxiosAdapter = async (config) => {
  calls.push(config);
  const path = (config.url ?? '').split('?')[0]!;
  const a = answers[path]?.() ?? { status: 404, body: { errorCode: '0x00000404', message: '无此接口', data: null } };
  return { data: a.body, status: a.status ?? 200, statusText: 'OK', headers: {}, config };
};
const ok = (data: unknown) => () => ({ body: { errorCode: '0x00000000', message: '成功', data } });

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/loginAdmin', element: <LoginPage /> },
      { path: '*', element: <div>landed</div> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const captchaSrc = () => screen.getByAltText('验证码').getAttribute('src');

beforeEach(() => {
  calls.length = 0;
  answers = {
    '/user/login/get_urls/': ok(URLS),
    '/user/commonInterface/get_public_key/': ok({ public_key: PEM, max_plain_bytes: 62 }),
    '/portal/backend/organizationConfig/getLoginConfig/': ok({
      picture: '',
      browsers: ['Chrome'],
      resolution: '1920*1080',
      filings: [{ text: '京ICP备00000000号', url: '' }],
      copyright: '',
    }),
    '/portal/backend/organizationConfig/getCommonConfig/': ok({
      icon: '',
      logo: '',
      backend: { title: '后台', font: '' },
      front: { title: '华夏理工大学综合服务平台' },
    }),
  };
  httpInstances.normal.defaults.adapter = adapter;
});

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  await useSession.getState().clear();
});

describe('login page', () => {
  it('says which field is missing when it loses focus empty', async () => {
    renderAt('/login');
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

  it('shows the filing numbers and the browser note from the login config', async () => {
    renderAt('/login');
    expect(await screen.findByText('京ICP备00000000号')).toBeTruthy();
    expect(screen.getByText(/建议使用 1920\*1080 分辨率/)).toBeTruthy();
  });

  it('switching the role resets the form and moves between /login and /loginAdmin', async () => {
    const router = renderAt('/login?to=%2Fweb%2Fx');
    const user = screen.getByPlaceholderText('用户名 / 学工号') as HTMLInputElement;
    fireEvent.change(user, { target: { value: 'teacher' } });
    expect(user.value).toBe('teacher');

    fireEvent.click(screen.getByRole('radio', { name: '管理员登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/loginAdmin'));
    expect(router.state.location.search).toBe('?to=%2Fweb%2Fx');
    expect((screen.getByPlaceholderText('用户名 / 学工号') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('heading', { name: '管理员登录' })).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: '用户登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('hides the role toggle and leaves a switched-off side when get_urls says so', async () => {
    answers['/user/login/get_urls/'] = ok({ ...URLS, admin_login_enable: 0 });
    const router = renderAt('/loginAdmin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(screen.queryByRole('radio', { name: '管理员登录' })).toBeNull());
  });

  it('loads a new captcha image when the image is clicked', async () => {
    renderAt('/login');
    const first = captchaSrc();
    expect(first).toMatch(/^\/user\/login\/get_code\/\?r=/);
    expect(screen.getByAltText('验证码').getAttribute('width')).toBe('140');
    fireEvent.click(screen.getByAltText('验证码'));
    expect(captchaSrc()).not.toBe(first);
  });

  it('after a failed login refreshes the captcha and re-enables the button 200 ms later', async () => {
    answers['/user/login/'] = () => ({
      status: 400,
      body: { errorCode: '0x00000031', message: '验证码错误', data: null },
    });
    renderAt('/login');
    await waitFor(() => expect(useSession.getState().publicKey).toBe(PEM));
    fireEvent.change(screen.getByPlaceholderText('用户名 / 学工号'), { target: { value: 'teacher' } });
    fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: 'Teacher@2026' } });
    fireEvent.change(screen.getByPlaceholderText('验证码'), { target: { value: 'WRONG' } });
    const before = captchaSrc();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.submit(screen.getByPlaceholderText('验证码').closest('form')!);
    await waitFor(() => expect(calls.some((c) => c.url === '/user/login/')).toBe(true));
    const button = screen.getByRole('button', { name: /登\s*录/ });
    await waitFor(() => expect(button.className).toMatch(/loading/));
    expect(captchaSrc()).toBe(before);
    await act(async () => {
      vi.advanceTimersByTime(LOGIN_RETRY_DELAY_MS + 10);
    });
    await waitFor(() => expect(captchaSrc()).not.toBe(before));
    expect(button.className).not.toMatch(/loading/);
    expect((screen.getByPlaceholderText('验证码') as HTMLInputElement).value).toBe('');
    // the password went encrypted, never in clear
    const sent = String(calls.find((c) => c.url === '/user/login/')!.data);
    expect(sent).not.toContain('Teacher%402026');
    expect(sent).toContain('is_admin=0');
  });

  it('signs in and lands a one-platform user on the first page of that platform', async () => {
    const platform = {
      platform_id: 1,
      platform_name: '学生服务平台',
      icon: '',
      index_url: '/web/home/index',
      kind: 'normal',
      web: [
        { name: 'webHomeIndex', path: '/web/home/index', title: '首页', icon: null, children: [], relationRoutes: [] },
      ],
    };
    answers['/user/login/'] = ok({
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
      menus: { plant_front: [platform], cms: [] },
    });
    answers['/portal/backend/organizationConfig/getConfig/'] = ok({
      icon: '',
      logo: '',
      backend: { title: '', font: '' },
      front: { title: '学生服务平台' },
    });
    answers['/user/api/v1.platform/choice_platform/'] = ok(platform);
    const router = renderAt('/login');
    await waitFor(() => expect(useSession.getState().publicKey).toBe(PEM));
    fireEvent.change(screen.getByPlaceholderText('用户名 / 学工号'), { target: { value: 'student' } });
    fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: 'Student@2026' } });
    fireEvent.change(screen.getByPlaceholderText('验证码'), { target: { value: 'TEST' } });
    fireEvent.submit(screen.getByPlaceholderText('验证码').closest('form')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/web/home/index'));
    expect(useSession.getState().platform?.platform_id).toBe(1);
    const order = calls
      .map((c) => c.url)
      .filter(
        (u) => u === '/portal/backend/organizationConfig/getConfig/' || u === '/user/api/v1.platform/choice_platform/',
      );
    expect(order).toEqual(['/portal/backend/organizationConfig/getConfig/', '/user/api/v1.platform/choice_platform/']);
  });

  describe('on a phone', () => {
    const width = window.innerWidth;
    beforeEach(() => {
      window.innerWidth = 360;
    });
    afterEach(() => {
      window.innerWidth = width;
      localStorage.clear();
    });

    it('offers the phone login, and taking it remembers the choice', async () => {
      const router = renderAt('/login?to=%2Fmobile%2Fme');
      fireEvent.click(screen.getByText('使用手机版登录'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/mobile/mobileLogin'));
      expect(router.state.location.search).toBe('?to=%2Fmobile%2Fme');
      expect(localStorage.getItem('preferMobile')).toBe('1');
    });

    it('sends a phone that chose the phone pages before straight to them', async () => {
      localStorage.setItem('preferMobile', '1');
      const router = renderAt('/login');
      await waitFor(() => expect(router.state.location.pathname).toBe('/mobile/mobileLogin'));
    });

    it('keeps a phone that chose the desktop on /login, without the offer', async () => {
      renderAt('/login');
      fireEvent.click(screen.getByText('继续使用电脑版'));
      expect(screen.queryByText('使用手机版登录')).toBeNull();
      expect(localStorage.getItem('preferDesktop')).toBe('1');
      cleanup();
      const again = renderAt('/login');
      await screen.findByText('京ICP备00000000号');
      expect(again.state.location.pathname).toBe('/login');
    });
  });

  it('offers no phone login on a wide desktop window', async () => {
    renderAt('/login');
    await screen.findByText('京ICP备00000000号');
    expect(screen.queryByText('使用手机版登录')).toBeNull();
  });
});
