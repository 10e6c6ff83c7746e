// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { httpInstances } from '@/core/http';
import { setRouteCatalog } from '@/core/routing/catalog';
import { AppProviders } from '@/core/ui/app-providers';
import { DEFAULT_HOME_MODULES, type HomeModule } from '@/modules/site-settings/contract';
import HomepageModulesPage from './homepage-modules-page';

const calls: InternalAxiosRequestConfig[] = [];
const stored = new Map<string, HomeModule[]>();
const adapter: AxiosAdapter = async (config) => {
  calls.push(config);
  let data: unknown = null;
  if (config.url === '/user/api/v1.platform/list/') data = [{ id: 3, name: '教职工服务平台' }];
  if (config.url === '/portal/api/v1.homepage/modules/') {
    const scope = (config.params as { scope: string }).scope;
    data = { scope, own: stored.has(scope), modules: stored.get(scope) ?? DEFAULT_HOME_MODULES };
  }
  if (config.url === '/portal/api/v1.homepage/save/') {
    const body = JSON.parse(config.data as string) as { scope: string; modules: HomeModule[] };
    stored.set(body.scope, body.modules);
    data = { scope: body.scope, own: true, modules: body.modules };
  }
  return {
    data: { errorCode: '0x00000000', message: '成功', data },
    status: 200,
    statusText: 'OK',
    headers: {},
    config,
  };
};

const renderPage = () =>
  render(
    <AppProviders>
      <MemoryRouter>
        <HomepageModulesPage />
      </MemoryRouter>
    </AppProviders>,
  );

const order = () =>
  screen
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('aria-label'))
    .filter(Boolean);
const saves = () =>
  calls.filter((c) => c.url === '/portal/api/v1.homepage/save/').map((c) => JSON.parse(c.data as string));

beforeEach(() => {
  calls.length = 0;
  stored.clear();
  httpInstances.normal.defaults.adapter = adapter;
});
afterEach(() => {
  cleanup();
  setRouteCatalog({ modules: [], routes: [] });
});

describe('homepage modules page', () => {
  it('moves a module down and saves the new order for the visitor home', async () => {
    renderPage();
    await waitFor(() => expect(order()).toEqual(['1. 横幅', '2. 通知公告', '3. 新闻动态']));
    fireEvent.click(screen.getByRole('button', { name: '下移横幅' }));
    fireEvent.click(screen.getByRole('button', { name: '上移新闻动态' }));
    expect(order()).toEqual(['1. 通知公告', '2. 新闻动态', '3. 横幅']);
    expect(screen.getByText('有未保存的修改')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0].scope).toBe('visitor');
    expect(saves()[0].modules.map((m: HomeModule) => m.kind)).toEqual(['notices', 'news', 'banner']);
    await waitFor(() => expect(screen.queryByText('有未保存的修改')).toBeNull());
  });

  it("adds a shortcut group on a platform's home and sends it with that platform as the scope", async () => {
    renderPage();
    await waitFor(() => expect(order()).toHaveLength(3));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '选择首页' }));
    fireEvent.click(await screen.findByText('教职工服务平台（/web 首页）'));
    await waitFor(() =>
      expect(calls.some((c) => (c.params as { scope?: string } | undefined)?.scope === '3')).toBe(true),
    );
    fireEvent.mouseEnter(screen.getByRole('button', { name: /添加模块/ }));
    fireEvent.click(await screen.findByText('服务直通车', { selector: '.ant-dropdown-menu-title-content' }));
    expect(order()).toEqual(['1. 横幅', '2. 通知公告', '3. 新闻动态', '4. 服务直通车']);
    // The new module is selected: its title is editable and the preview follows.
    const title = screen.getByLabelText('模块标题');
    fireEvent.change(title, { target: { value: '教工服务' } });
    expect(within(screen.getByLabelText('首页预览')).getByText('教工服务')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toEqual({
      scope: '3',
      modules: [...DEFAULT_HOME_MODULES, { kind: 'shortcuts', title: '教工服务', items: [] }],
    });
  });
  it("offers the app's pages without parameters as shortcut targets, from the catalogue the app hands in", async () => {
    const page = async () => ({ default: () => null });
    setRouteCatalog({
      modules: [],
      routes: [
        { name: 'helpIndex', path: '/web/help/index', title: '帮助中心', area: 'web', page },
        { name: 'login', path: '/login', title: '用户登录', area: 'top', page },
        { name: 'noticeDetail', path: '/home/notice/:id', title: '通知公告', area: 'visitor', page },
      ],
    });
    renderPage();
    await waitFor(() => expect(order()).toHaveLength(3));
    fireEvent.mouseEnter(screen.getByRole('button', { name: /添加模块/ }));
    fireEvent.click(await screen.findByText('服务直通车', { selector: '.ant-dropdown-menu-title-content' }));
    fireEvent.click(screen.getByRole('button', { name: /添加服务/ }));
    // The new item's page choice: the last combobox on the page.
    fireEvent.mouseDown(screen.getAllByRole('combobox').at(-1)!);
    expect(await screen.findByText('帮助中心（/web/help/index）')).toBeTruthy();
    expect(screen.queryByText('用户登录（/login）')).toBeNull();
    expect(screen.queryByText('通知公告（/home/notice/:id）')).toBeNull();
  });
});
