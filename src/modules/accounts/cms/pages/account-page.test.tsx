// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { httpInstances } from '@/core/http';
import { AppProviders } from '@/core/ui/app-providers';
import type { AccountSummary } from '@/modules/accounts/contract';
import AccountPage from './account-page';

const TREE = [
  {
    id: 1,
    name: '华夏理工大学',
    code: 'U',
    kind: 'school',
    sort: 1,
    parentId: null,
    children: [{ id: 2, name: '计算机学院', code: 'C01', kind: 'college', sort: 1, parentId: 1, children: [] }],
  },
];
const GROUPS = [
  {
    id: 1,
    name: '学生组',
    sort: 1,
    roles: [{ id: 7, code: 'student', name: '学生角色', groupId: 1, sort: 1, userCount: 1, system: true }],
  },
];
const ROW: AccountSummary = {
  id: 42,
  username: 'lisi01',
  realName: '李四',
  userNo: '20230101',
  kind: 'student',
  departmentId: 2,
  departmentName: '计算机学院',
  roles: [{ id: 7, name: '学生角色' }],
  status: 'active',
  locked: true,
  lockedUntil: Date.now() + 600_000,
  lastLoginAt: null,
};

const calls: InternalAxiosRequestConfig[] = [];
const adapter: AxiosAdapter = async (config) => {
  calls.push(config);
  const data =
    {
      '/user/api/v1.account/list/': {
        list: [ROW],
        total: 45,
        page: (config.params as { page?: number } | undefined)?.page ?? 1,
        pageSize: 20,
      },
      '/user/api/v1.department/getTreeNode/': TREE,
      '/user/api/v1.role/getAllRoleGroup/': GROUPS,
      '/user/api/v1.platform/list/': [],
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
  httpInstances.slow.defaults.adapter = adapter;
});
afterEach(cleanup);

const renderPage = () =>
  render(
    <AppProviders>
      <MemoryRouter>
        <AccountPage />
      </MemoryRouter>
    </AppProviders>,
  );
const lists = () => calls.filter((c) => c.url === '/user/api/v1.account/list/');
const posts = (path: string) => calls.filter((c) => c.url === `/user/api/v1.account/${path}/`);

/** Opens an antd Select by its label and picks the option with this text. */
async function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const items = await screen.findAllByTitle(option);
  fireEvent.click(items[items.length - 1]!);
}

/** Searches the department TreeSelect and picks the matching node. */
async function pickDepartment(search: string, name: string) {
  const box = screen.getByLabelText('部门');
  fireEvent.mouseDown(box);
  fireEvent.change(box, { target: { value: search } });
  await waitFor(() => expect(document.querySelector('.ant-select-tree-list')).not.toBeNull());
  const node = await waitFor(() => {
    const n = [...document.querySelectorAll('.ant-select-tree-node-content-wrapper')].find(
      (e) => e.textContent === name,
    );
    expect(n).toBeTruthy();
    return n!;
  });
  fireEvent.click(node);
}

describe('账号管理 page', () => {
  it('shows the server page with department, roles and the lock tag', async () => {
    renderPage();
    const row = (await screen.findByText('lisi01')).closest('tr')!;
    expect(within(row).getByText('计算机学院')).toBeTruthy();
    expect(within(row).getByText('学生角色')).toBeTruthy();
    expect(within(row).getByText('锁定')).toBeTruthy();
    expect(within(row).getByRole('button', { name: /解\s*锁/ })).toBeTruthy();
    expect(screen.getByText('共 45 个账号')).toBeTruthy();
    expect(lists()[0]!.params).toEqual({ page: 1, pageSize: 20 });
  });

  it('sends the chosen filters to the server and starts again at page 1', async () => {
    renderPage();
    await screen.findByText('lisi01');
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(lists().at(-1)!.params).toMatchObject({ page: 3 }));

    fireEvent.change(screen.getByLabelText('关键字'), { target: { value: '  李四 ' } });
    await pickDepartment('计算机', '计算机学院');
    await pick('角色', '学生角色');
    await pick('类型', '教职工');
    await pick('状态', '锁定');
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(lists().at(-1)!.params).toEqual({
        keyword: '李四',
        departmentId: 2,
        roleId: 7,
        kind: 'staff',
        status: 'locked',
        page: 1,
        pageSize: 20,
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: /^重\s*置$/ }));
    await waitFor(() => expect(lists().at(-1)!.params).toEqual({ page: 1, pageSize: 20 }));
  });

  it('asks before disabling, naming the consequence, and only then calls the server', async () => {
    renderPage();
    const row = (await screen.findByText('lisi01')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /停\s*用/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/停用后该用户将立即退出登录/)).toBeTruthy();
    expect(posts('disable')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await new Promise((r) => setTimeout(r, 50));
    expect(posts('disable')).toHaveLength(0);

    fireEvent.click(within(row).getByRole('button', { name: /停\s*用/ }));
    const again = (await screen.findAllByRole('dialog')).at(-1)!;
    await act(async () => {
      fireEvent.click(within(again).getByRole('button', { name: /停\s*用/ }));
    });
    await waitFor(() => expect(posts('disable')).toHaveLength(1));
    expect(String(posts('disable')[0]!.data)).toBe('id=42');
  });
});
