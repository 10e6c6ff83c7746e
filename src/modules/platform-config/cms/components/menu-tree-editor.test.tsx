// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { httpInstances } from '@/core/http';
import { AppProviders } from '@/core/ui/app-providers';
import type { MenuTreeNode, RouteOption } from '@/modules/platform-config/contract';
import { MenuTreeEditor } from './menu-tree-editor';
import { addRoute, toEditor } from './tree-ops';

const route = (name: string, path: string, title: string): RouteOption => ({
  name,
  path,
  title,
  area: 'web',
  icon: null,
  menu: true,
  relationRoutes: [],
  indexPage: true,
});
const ROUTES: RouteOption[] = [
  route('webHomeIndex', '/web/home/index', '首页'),
  route('helpIndex', '/web/help/index', '帮助中心'),
];
const TREE: MenuTreeNode[] = [
  {
    id: 7,
    name: 'webHomeIndex',
    path: '/web/home/index',
    title: '首页',
    icon: 'HomeOutlined',
    sort: 1,
    relationRoutes: ['noticeDetail'],
    children: [],
  },
];

const calls: InternalAxiosRequestConfig[] = [];
const adapter: AxiosAdapter = async (config) => {
  calls.push(config);
  const data =
    config.url === '/user/api/v1.menu/routes/'
      ? ROUTES
      : config.url === '/user/api/v1.menu/tree/'
        ? TREE
        : config.url === '/user/api/v1.menu/save_tree/'
          ? JSON.parse(String(config.data)).nodes
          : null;
  return {
    data: { errorCode: '0x00000000', message: '成功', data },
    status: 200,
    statusText: 'OK',
    headers: {},
    config,
  };
};

beforeEach(() => {
  calls.length = 0;
  httpInstances.normal.defaults.adapter = adapter;
});
afterEach(cleanup);

const openSelect = () => fireEvent.mouseDown(screen.getByRole('combobox', { name: '选择要添加的页面' }));

describe('menu tree editor', () => {
  it('refuses to add a route the tree already has', () => {
    const nodes = toEditor(TREE);
    const res = addRoute(nodes, ROUTES[0]!);
    expect(res.error).toBe('「首页」已在菜单中');
    expect(res.nodes).toBe(nodes);
    const ok = addRoute(nodes, ROUTES[1]!);
    expect(ok.error).toBeUndefined();
    expect(ok.nodes.map((n) => n.name)).toEqual(['webHomeIndex', 'helpIndex']);
    expect(addRoute(ok.nodes, ROUTES[1]!).error).toBe('「帮助中心」已在菜单中');
  });

  it('offers only the pages not yet in the menu, adds one, and saves the tree keeping node ids', async () => {
    render(
      <AppProviders>
        <MenuTreeEditor scope="web" platformId={3} />
      </AppProviders>,
    );
    await screen.findByText('/web/home/index');
    await waitFor(() => expect(calls.some((c) => c.url === '/user/api/v1.menu/routes/')).toBe(true));
    openSelect();
    await screen.findAllByText(/帮助中心（\/web\/help\/index）/);
    const listbox = document.querySelector('.ant-select-dropdown')!;
    const home = within(listbox as HTMLElement)
      .getByText(/首页（\/web\/home\/index） · 已在菜单中/)
      .closest('.ant-select-item')!;
    expect(home.className).toContain('ant-select-item-option-disabled');
    fireEvent.click(within(listbox as HTMLElement).getByText(/帮助中心（\/web\/help\/index）/));
    fireEvent.click(screen.getByRole('button', { name: /添加页面/ }));
    expect(await screen.findByText('/web/help/index')).toBeTruthy();

    // The page just added is now refused as well.
    openSelect();
    const again = within(document.querySelector('.ant-select-dropdown') as HTMLElement)
      .getByText(/帮助中心（\/web\/help\/index） · 已在菜单中/)
      .closest('.ant-select-item')!;
    expect(again.className).toContain('ant-select-item-option-disabled');

    fireEvent.click(screen.getByRole('button', { name: /保存菜单/ }));
    await waitFor(() => expect(calls.some((c) => c.url === '/user/api/v1.menu/save_tree/')).toBe(true));
    const body = JSON.parse(String(calls.find((c) => c.url === '/user/api/v1.menu/save_tree/')!.data));
    expect(body.scope).toBe('web');
    expect(body.platformId).toBe(3);
    expect(body.nodes.map((n: MenuTreeNode) => [n.id, n.name, n.sort])).toEqual([
      [7, 'webHomeIndex', 1],
      [undefined, 'helpIndex', 2],
    ]);
    expect(body.nodes[0].relationRoutes).toEqual(['noticeDetail']);
  });
});
