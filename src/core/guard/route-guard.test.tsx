// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { toast } from '../ui/toast';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { httpInstances } from '../http';
import type { AppRoute } from '../routing/types';
import { useSession } from '../session/store';
import { RouteGuard } from './route-guard';

const route = (name: string, path: string, isPublic = false): AppRoute => ({
  name,
  path,
  meta: { title: name, public: isPublic },
  lazy: async () => ({ default: () => null }),
});
const ROUTES = [
  route('login', '/login', true),
  route('notFound', '/notFound', true),
  route('platformSelection', '/platformSelection', true),
  route('webHomeIndex', '/web/home/index', true),
  route('taskWorkBench', '/web/taskCenter/taskWorkBench'),
  route('taskApproval', '/web/taskCenter/taskApproval'),
  route('formSummary', '/web/taskCenter/formSummary'),
];

type Handler = (config: InternalAxiosRequestConfig) => Promise<AxiosResponse>;
const answer =
  (status: number, body: unknown): Handler =>
  async (config) => ({
    status,
    statusText: '',
    headers: { 'content-type': 'application/json' },
    config,
    request: {},
    data: JSON.stringify(body),
  });
const loggedIn = answer(200, {
  errorCode: '0x00000000',
  message: '',
  data: { is_login: true, to_url: '', ternantId: 't1' },
});
let handler: Handler;
const adapter = vi.fn<AxiosAdapter>((config) => handler(config));
const checks = () => adapter.mock.calls.filter(([c]) => c.url === '/user/api/v1.user/check_user_is_login/');

function mount(initial: string) {
  const router = createMemoryRouter(
    ROUTES.map((r) => ({
      path: r.path,
      element: (
        <RouteGuard route={r}>
          <p>{r.name} page</p>
        </RouteGuard>
      ),
    })),
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const flush = () =>
  act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

let errorSpy: ReturnType<typeof vi.spyOn>;
let warningSpy: ReturnType<typeof vi.spyOn>;

beforeEach(async () => {
  httpInstances.normal.defaults.adapter = adapter;
  adapter.mockClear();
  handler = loggedIn;
  errorSpy = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
  warningSpy = vi.spyOn(toast, 'warning').mockImplementation(() => undefined);
  vi.spyOn(toast, 'destroy').mockImplementation(() => undefined);
  localStorage.clear();
  localStorage.setItem('Authorization', 'tok');
  useSession.setState({
    token: 'tok',
    isAdmin: false,
    authorisedRoutes: ['taskWorkBench', 'taskApproval'],
    platform: null,
    menus: null,
  });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('RouteGuard', () => {
  it('shows an authorised page and checks the login status', async () => {
    mount('/web/taskCenter/taskWorkBench');
    expect(await screen.findByText('taskWorkBench page')).toBeTruthy();
    await flush();
    expect(checks()).toHaveLength(1);
    expect(checks()[0]![0].headers.get('Authorization')).toBe('tok');
  });

  it('rechecks the login status on every route change', async () => {
    const router = mount('/web/taskCenter/taskWorkBench');
    await flush();
    await act(() => router.navigate('/web/taskCenter/taskApproval'));
    expect(screen.getByText('taskApproval page')).toBeTruthy();
    await flush();
    await act(() => router.navigate('/web/taskCenter/taskWorkBench?tab=ysp'));
    await flush();
    expect(checks()).toHaveLength(3);
  });

  it('rechecks a token on a public page too, clearing a dead session without leaving the page', async () => {
    handler = answer(200, {
      errorCode: '0x00000011',
      message: '',
      data: { is_login: false, to_url: '/login', ternantId: '' },
    });
    const router = mount('/web/home/index');
    expect(await screen.findByText('webHomeIndex page')).toBeTruthy();
    await flush();
    expect(checks()).toHaveLength(1);
    expect(useSession.getState().token).toBeNull();
    expect(router.state.location.pathname).toBe('/web/home/index');
  });

  it('checks a signed-out visitor on a public page too, and keeps what a visitor keeps', async () => {
    localStorage.clear();
    localStorage.setItem('logoConfig', '{"front":{"title":"一表通平台"}}');
    useSession.setState({ token: null, userInfo: null, authorisedRoutes: [] });
    handler = answer(200, { errorCode: '0x00000011', message: '', data: { is_login: false, to_url: '/login' } });
    const router = mount('/web/home/index');
    expect(await screen.findByText('webHomeIndex page')).toBeTruthy();
    await flush();
    expect(checks()).toHaveLength(1);
    expect(checks()[0]![0].headers.get('Authorization')).toBeFalsy();
    expect(router.state.location.pathname).toBe('/web/home/index');
    expect(localStorage.getItem('logoConfig')).toContain('一表通平台');
    // a signed-in user's leftovers without their token are cleared
    useSession.setState({ userInfo: { username: 'old' } as never });
    await act(() => router.navigate('/web/home/index?x=1'));
    await flush();
    expect(checks()).toHaveLength(2);
    expect(useSession.getState().userInfo).toBeNull();
  });

  it('does not check on a sign-in page without a session', async () => {
    localStorage.clear();
    useSession.setState({ token: null });
    mount('/login');
    expect(await screen.findByText('login page')).toBeTruthy();
    await flush();
    expect(checks()).toHaveLength(0);
  });

  it('shares one check among route changes made while it is on its way (no storm)', async () => {
    let release: () => void = () => undefined;
    handler = (config) => new Promise((r) => (release = () => r(loggedIn(config)))).then((x) => x as AxiosResponse);
    const router = mount('/web/taskCenter/taskWorkBench');
    expect(await screen.findByText('taskWorkBench page')).toBeTruthy();
    await act(() => router.navigate('/web/taskCenter/taskApproval'));
    await act(() => router.navigate('/web/taskCenter/taskWorkBench?tab=ysp'));
    await act(() => router.navigate('/web/taskCenter/taskApproval?id=2'));
    expect(checks()).toHaveLength(1);
    await act(async () => release());
    await flush();
    handler = loggedIn;
    await act(() => router.navigate('/web/taskCenter/taskWorkBench'));
    await flush();
    expect(checks()).toHaveLength(2);
  });

  it('ignores an answer about a token that was replaced meanwhile (a sign-in during the check)', async () => {
    let release: () => void = () => undefined;
    const out = answer(200, { errorCode: '0x00000011', message: '', data: { is_login: false, to_url: '/login' } });
    handler = (config) => new Promise((r) => (release = () => r(out(config)))).then((x) => x as AxiosResponse);
    const router = mount('/web/taskCenter/taskWorkBench');
    expect(await screen.findByText('taskWorkBench page')).toBeTruthy();
    useSession.setState({ token: 'fresh' });
    await act(async () => release());
    await flush();
    expect(useSession.getState().token).toBe('fresh');
    expect(router.state.location.pathname).toBe('/web/taskCenter/taskWorkBench');
  });

  it('sends a page without a token to login with to', async () => {
    localStorage.clear();
    useSession.setState({ token: null, authorisedRoutes: [] });
    const router = mount('/web/taskCenter/taskWorkBench?tab=dsp');
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/login?to=%2Fweb%2FtaskCenter%2FtaskWorkBench%3Ftab%3Ddsp',
    );
    expect(screen.queryByText('taskWorkBench page')).toBeNull();
  });

  it("denies a page outside the menu with '无资源访问权限' and goes to notFound", async () => {
    const router = mount('/web/taskCenter/formSummary');
    expect(await screen.findByText('notFound page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/notFound');
    expect(errorSpy).toHaveBeenCalledWith('无资源访问权限');
    expect(screen.queryByText('formSummary page')).toBeNull();
  });

  it('shows the empty-menu message and re-checks after 500 ms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    useSession.setState({ authorisedRoutes: [] });
    mount('/web/taskCenter/taskWorkBench');
    await advance(0);
    expect(warningSpy).toHaveBeenCalledWith('未读取到当前用户权限菜单，请稍后重试！');
    expect(screen.queryByText('taskWorkBench page')).toBeNull();
    useSession.setState({ authorisedRoutes: ['taskWorkBench'] });
    await advance(499);
    expect(screen.queryByText('taskWorkBench page')).toBeNull();
    await advance(1);
    expect(screen.getByText('taskWorkBench page')).toBeTruthy();
  });

  it('goes to platform selection when the menu is still empty after the re-check and no platform is chosen', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const p = (id: number) => ({
      platform_id: id,
      platform_name: 'p',
      icon: '',
      index_url: '/web',
      kind: 'normal',
      web: [],
    });
    useSession.setState({ authorisedRoutes: [], menus: { plant_front: [p(1), p(2)], cms: [] } });
    const router = mount('/web/taskCenter/taskWorkBench');
    await advance(500);
    expect(router.state.location.pathname).toBe('/platformSelection');
  });

  it('goes to notFound when the menu is still empty after the re-check otherwise', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    useSession.setState({ authorisedRoutes: [] });
    const router = mount('/web/taskCenter/taskWorkBench');
    await advance(500);
    expect(router.state.location.pathname).toBe('/notFound');
    expect(warningSpy).toHaveBeenCalledTimes(1);
  });

  it('clears the session and goes to login with the current page when the check says not logged in', async () => {
    handler = answer(401, {
      errorCode: '0x00000014',
      message: '登录超时',
      data: { is_login: false, to_url: '/login', ternantId: '' },
    });
    const router = mount('/web/taskCenter/taskWorkBench');
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.state.location.search).toBe('?to=%2Fweb%2FtaskCenter%2FtaskWorkBench');
    expect(localStorage.getItem('Authorization')).toBeNull();
    expect(useSession.getState().token).toBeNull();
    // the check is silent: no toast from the request layer
    expect(errorSpy).not.toHaveBeenCalled();
  });

  it('clears the session and goes to login when the check cannot reach the server', async () => {
    handler = (config) => Promise.reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK, config));
    const router = mount('/web/taskCenter/taskApproval');
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.state.location.search).toBe('?to=%2Fweb%2FtaskCenter%2FtaskApproval');
    expect(useSession.getState().token).toBeNull();
  });
});
