// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { httpInstances } from '@/core/http';
import { useSession } from '@/core/session/store';
import type { MenuNode, PlatformMenus } from '@/shared/menus';
import type { GroupView } from '@/modules/mobile-layout/contract';
import MobileHomePage from './mobile-home-page';

const node = (name: string, title: string, path: string, children: MenuNode[] = []): MenuNode => ({
  name,
  path,
  title,
  icon: null,
  children,
  relationRoutes: [],
});
const platform = (id: number, name: string, web: MenuNode[]): PlatformMenus => ({
  platform_id: id,
  platform_name: name,
  icon: '',
  index_url: '',
  kind: 'normal',
  web,
});
const STUDENT = platform(7, '学生服务平台', [
  node('webHomeIndex', '首页', '/web/home/index'),
  node('helpIndex', '帮助中心', '/web/help/index'),
]);
const user = {
  id: 2,
  username: 'student',
  real_name: '张三',
  user_no: 'S1',
  kind: 'student',
  is_admin: 0 as const,
  department: null,
  avatar: null,
  roles: [],
  must_change_pwd: 0 as const,
};

const calls: InternalAxiosRequestConfig[] = [];
let groups: GroupView[] = [];
let modules: unknown[] = [];
let unread = 0;
let layoutFails = false;
const adapter: AxiosAdapter = async (config) => {
  calls.push(config);
  const url = config.url ?? '';
  if (url === '/portal/api/v1.mobileLayout/get/' && layoutFails) {
    return {
      data: { errorCode: '0x00000010', message: '您不属于该平台', data: null },
      status: 403,
      statusText: 'Forbidden',
      headers: {},
      config,
    };
  }
  let data: unknown = null;
  if (url === '/portal/api/v1.mobileLayout/get/') data = { platformId: 7, own: true, groups, entries: [] };
  if (url === '/portal/api/v1.homepage/modules/') data = { scope: '7', own: true, modules };
  if (url === '/message/api/v1.message/message_count/') data = { unread };
  return {
    data: { errorCode: '0x00000000', message: '成功', data },
    status: 200,
    statusText: 'OK',
    headers: {},
    config,
  };
};

function renderHome() {
  const router = createMemoryRouter(
    [
      { path: '/mobile/home', element: <MobileHomePage /> },
      { path: '*', element: <div>elsewhere</div> },
    ],
    { initialEntries: ['/mobile/home'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
const signIn = (plant_front: PlatformMenus[], isAdmin = false) =>
  useSession.getState().setLogin({
    Authorization: 't',
    user_info: { ...user, is_admin: isAdmin ? 1 : 0 },
    menus: { plant_front, cms: [] },
    is_admin: isAdmin ? 1 : 0,
  });

beforeEach(() => {
  calls.length = 0;
  groups = [];
  modules = [];
  unread = 0;
  layoutFails = false;
  httpInstances.normal.defaults.adapter = adapter;
  useSession.setState({ hydrated: true });
});

afterEach(async () => {
  cleanup();
  await useSession.getState().clear();
});

describe('phone home', () => {
  it("draws the platform's layout: groups of tiles in order, the unread badge, a tap opening the page", async () => {
    groups = [
      {
        title: '常用服务',
        tiles: [
          {
            kind: 'menu',
            name: 'webHomeIndex',
            url: '',
            title: '消息首页',
            icon: 'home',
            badge: 'messages',
            to: '/web/home/index',
          },
          {
            kind: 'link',
            name: '',
            url: '/web/help/index',
            title: '使用帮助',
            icon: 'help',
            badge: '',
            to: '/web/help/index',
          },
        ],
      },
      {
        title: '学习',
        tiles: [
          {
            kind: 'menu',
            name: 'helpIndex',
            url: '',
            title: '帮助中心',
            icon: 'book',
            badge: '',
            to: '/web/help/index',
          },
        ],
      },
    ];
    unread = 5;
    signIn([STUDENT]);
    const router = renderHome();
    expect(screen.getByRole('heading', { name: '学生服务平台' })).toBeTruthy();
    const common = await screen.findByRole('region', { name: '常用服务' });
    expect(
      within(common)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['消息首页，5 条未读', '使用帮助']);
    expect(within(common).getByText('5')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: '学习' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['帮助中心']);
    expect(screen.getByRole('button', { name: '消息，5 条未读' })).toBeTruthy();
    expect(calls.find((c) => c.url === '/portal/api/v1.mobileLayout/get/')!.params).toEqual({ platformId: 7 });
    fireEvent.click(screen.getByRole('button', { name: '帮助中心' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/web/help/index'));
  });

  it('keeps the homepage shortcuts as their own group after the layout', async () => {
    groups = [
      {
        title: '全部应用',
        tiles: [
          {
            kind: 'menu',
            name: 'webHomeIndex',
            url: '',
            title: '首页',
            icon: 'home',
            badge: '',
            to: '/web/home/index',
          },
        ],
      },
    ];
    modules = [
      { kind: 'banner', title: '', subtitle: '', picture: '' },
      {
        kind: 'shortcuts',
        title: '服务直通车',
        items: [
          { title: '成绩查询', icon: 'BookOutlined', path: '', url: 'https://jw.example.edu.cn/score' },
          { title: '办事服务', icon: 'AppstoreOutlined', path: '/web/taskCenter/taskProcessServices', url: '' },
          { title: '表单汇总', icon: 'TableOutlined', path: '/web/taskCenter/formSummary', url: '' },
        ],
      },
    ];
    signIn([STUDENT]);
    renderHome();
    const shortcuts = await screen.findByRole('region', { name: '快捷入口' });
    expect(within(shortcuts).getByRole('button', { name: '成绩查询' })).toBeTruthy();
    // A shortcut opens its page's phone page; one to a desktop page without a phone page is not offered.
    expect(within(shortcuts).getByRole('button', { name: '办事服务' })).toBeTruthy();
    expect(within(shortcuts).queryByRole('button', { name: '表单汇总' })).toBeNull();
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'))).toEqual(['全部应用', '快捷入口']);
    expect(calls.find((c) => c.url === '/portal/api/v1.homepage/modules/')!.params).toMatchObject({ scope: '7' });
  });

  it('opens the message list from the header bell', async () => {
    unread = 0;
    signIn([STUDENT]);
    const router = renderHome();
    fireEvent.click(await screen.findByRole('button', { name: '消息' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mobile/messages'));
  });

  it('says so when the layout cannot be loaded, with a retry', async () => {
    layoutFails = true;
    signIn([STUDENT]);
    renderHome();
    expect(await screen.findByText('应用加载失败')).toBeTruthy();
    layoutFails = false;
    groups = [
      {
        title: '全部应用',
        tiles: [
          {
            kind: 'menu',
            name: 'webHomeIndex',
            url: '',
            title: '首页',
            icon: 'home',
            badge: '',
            to: '/web/home/index',
          },
        ],
      },
    ];
    fireEvent.click(screen.getByRole('button', { name: /重新加载/ }));
    expect(await screen.findByRole('region', { name: '全部应用' })).toBeTruthy();
  });

  it('asks a user with several platforms and none chosen to pick one', async () => {
    signIn([STUDENT, platform(8, '教师服务平台', [])]);
    renderHome();
    expect(await screen.findByText('请选择要进入的平台')).toBeTruthy();
    expect(screen.getByText('教师服务平台')).toBeTruthy();
    expect(calls.some((c) => c.url === '/portal/api/v1.mobileLayout/get/')).toBe(false);
  });

  it('tells an administrator to use a computer', () => {
    signIn([], true);
    renderHome();
    expect(screen.getByText('管理后台请在电脑端使用')).toBeTruthy();
    expect(calls.filter((c) => c.url?.startsWith('/message/') || c.url?.startsWith('/portal/'))).toEqual([]);
  });
});
