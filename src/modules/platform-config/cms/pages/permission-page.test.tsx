// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { httpInstances } from '@/core/http';
import { AppProviders } from '@/core/ui/app-providers';
import type { MenuTreeNode, PlatformSummary } from '@/modules/platform-config/contract';
import PermissionPage from './permission-page';

const leaf = (id: number, name: string, title: string): MenuTreeNode => ({
  id,
  name,
  path: `/web/${name}`,
  title,
  icon: null,
  sort: id,
  relationRoutes: [],
  children: [],
});
const TREE: MenuTreeNode[] = [
  {
    id: 10,
    name: 'group:service',
    path: '',
    title: '办事大厅',
    icon: null,
    sort: 1,
    relationRoutes: [],
    children: [leaf(11, 'first', '首页'), leaf(12, 'second', '帮助中心')],
  },
  leaf(13, 'third', '独立页面'),
];
const PLATFORMS: PlatformSummary[] = [
  {
    id: 1,
    name: '学生服务平台',
    icon: '',
    indexUrl: '/web/home/index',
    kind: 'normal',
    sort: 1,
    status: 'active',
    userCount: 0,
    roleCount: 1,
  },
];
const GROUPS = [
  {
    id: 1,
    name: '学生角色组',
    sort: 1,
    roles: [{ id: 5, code: 'student', name: '学生', groupId: 1, sort: 1, userCount: 1, system: true }],
  },
];

let granted: number[] = [];
const calls: InternalAxiosRequestConfig[] = [];
const adapter: AxiosAdapter = async (config) => {
  calls.push(config);
  const data =
    {
      '/user/api/v1.platform/list/': PLATFORMS,
      '/user/api/v1.role/getAllRoleGroup/': GROUPS,
      '/user/api/v1.menu/tree/': TREE,
      '/user/api/v1.permission/role_menus/': granted,
    }[config.url ?? ''] ?? null;
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

const renderPage = () =>
  render(
    <AppProviders>
      <MemoryRouter>
        <PermissionPage />
      </MemoryRouter>
    </AppProviders>,
  );
const checkbox = (title: string) =>
  screen.getByText(title).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!;
const saved = () =>
  calls.filter((c) => c.url === '/user/api/v1.permission/save/').map((c) => JSON.parse(String(c.data)));

describe('权限分配 page', () => {
  it("shows the role's grants on the first platform and saves the checked pages with their groups", async () => {
    granted = [10, 11];
    renderPage();
    await screen.findByText('帮助中心');
    expect(screen.getByText('保存后，用户下次登录或切换平台时生效；服务端权限立即生效')).toBeTruthy();
    const roleMenus = calls.find((c) => c.url === '/user/api/v1.permission/role_menus/')!;
    expect(roleMenus.params).toEqual({ platformId: 1, roleId: 5 });
    expect(checkbox('首页').className).toContain('ant-tree-checkbox-checked');
    expect(checkbox('办事大厅（分组）').className).toContain('ant-tree-checkbox-indeterminate');
    expect(checkbox('帮助中心').className).not.toContain('ant-tree-checkbox-checked');

    fireEvent.click(checkbox('帮助中心'));
    expect(checkbox('办事大厅（分组）').className).toContain('ant-tree-checkbox-checked');
    fireEvent.click(screen.getByRole('button', { name: /保存权限/ }));
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0]).toEqual({ platformId: 1, roleId: 5, menuIds: [10, 11, 12] });
  });

  it('saves a half-checked group as granted and leaves unchecked pages out', async () => {
    granted = [10, 11, 12, 13];
    renderPage();
    await screen.findByText('帮助中心');
    expect(checkbox('办事大厅（分组）').className).toContain('ant-tree-checkbox-checked');
    fireEvent.click(checkbox('首页'));
    fireEvent.click(checkbox('独立页面'));
    expect(checkbox('办事大厅（分组）').className).toContain('ant-tree-checkbox-indeterminate');
    fireEvent.click(screen.getByRole('button', { name: /保存权限/ }));
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0].menuIds).toEqual([10, 12]);
  });
});
