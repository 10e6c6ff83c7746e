// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { httpInstances } from '@/core/http';
import { useSession } from '@/core/session/store';
import { AppProviders } from '@/core/ui/app-providers';
import type { PlatformMenus } from '@/shared/menus';
import PlatformSelectionPage, { toSlides } from './platform-selection-page';

// antd's Carousel and responsive parts ask matchMedia, which jsdom lacks.
const platform = (id: number): PlatformMenus => ({
  platform_id: id,
  platform_name: `平台${id}`,
  icon: '',
  index_url: `/web/p${id}`,
  kind: 'normal',
  web: [{ name: `page${id}`, path: `/web/page${id}`, title: '首页', icon: null, children: [], relationRoutes: [] }],
});

let answers: Record<string, (config: InternalAxiosRequestConfig) => unknown>;
const calls: InternalAxiosRequestConfig[] = [];
const adapter: AxiosAdapter = async (config) => {
  calls.push(config);
  const handler = answers[(config.url ?? '').split('?')[0]!] as
    | ((c: InternalAxiosRequestConfig) => unknown)
    | undefined;
  const data = handler
    ? { errorCode: '0x00000000', message: '成功', data: handler(config) }
    : { errorCode: '0x00000404', message: '无此接口', data: null };
  return { data, status: handler ? 200 : 404, statusText: 'OK', headers: {}, config };
};

function signInWith(platforms: PlatformMenus[]) {
  useSession.getState().setLogin({
    Authorization: 'tok',
    is_admin: 0,
    menus: { plant_front: platforms, cms: [] },
    user_info: {
      id: 3,
      username: 'teacher',
      real_name: '李老师',
      user_no: 'T1',
      kind: 'staff',
      is_admin: 0,
      department: null,
      avatar: null,
      roles: [],
      must_change_pwd: 0,
    },
  });
}

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/platformSelection', element: <PlatformSelectionPage /> },
      { path: '*', element: <div>elsewhere</div> },
    ],
    { initialEntries: ['/platformSelection'] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

beforeEach(() => {
  calls.length = 0;
  answers = {
    '/portal/backend/organizationConfig/getConfig/': () => ({
      icon: '',
      logo: '',
      backend: { title: '', font: '' },
      front: { title: '平台' },
    }),
    '/user/api/v1.platform/choice_platform/': (c) =>
      platform(Number(new URLSearchParams(String(c.data)).get('platform_id'))),
    '/user/login/login_out/': () => ({ logout_url: '' }),
  };
  httpInstances.normal.defaults.adapter = adapter;
});

afterEach(async () => {
  cleanup();
  await useSession.getState().clear();
});

describe('platform selection', () => {
  it('cuts platforms into slides of four', () => {
    expect(toSlides([1, 2, 3, 4, 5, 6, 7, 8, 9]).map((s) => s.length)).toEqual([4, 4, 1]);
    expect(toSlides([])).toEqual([]);
  });

  it("shows the user's platforms four to a slide", () => {
    signInWith([1, 2, 3, 4, 5, 6].map(platform));
    renderPage();
    const slides = screen.getAllByTestId('platform-slide');
    // the second slide is off screen (aria-hidden) until the carousel moves to it
    expect(slides.map((s) => within(s).getAllByRole('button', { hidden: true }).length)).toEqual([4, 2]);
    expect(within(slides[1]!).getByRole('button', { name: '进入平台6', hidden: true })).toBeTruthy();
  });

  it('choosing a platform keeps it, fetches its logo config, tells the server, then opens its index page (index_url)', async () => {
    signInWith([1, 2].map(platform));
    const router = renderPage();
    fireEvent.click(screen.getByRole('button', { name: '进入平台2' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/web/p2'));
    expect(calls.map((c) => c.url)).toEqual([
      '/portal/backend/organizationConfig/getConfig/',
      '/user/api/v1.platform/choice_platform/',
    ]);
    expect(useSession.getState().platform?.platform_id).toBe(2);
    expect(useSession.getState().authorisedRoutes).toEqual(['page2']);
  });

  it('the exit button signs out on the server, clears the session and goes to the login page', async () => {
    signInWith([1, 2].map(platform));
    const router = renderPage();
    fireEvent.click(screen.getByRole('button', { name: /退\s*出/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.map((c) => c.url)).toEqual(['/user/login/login_out/']);
    expect(useSession.getState().token).toBeNull();
    expect(localStorage.getItem('Authorization')).toBeNull();
  });
});
