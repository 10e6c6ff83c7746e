// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { httpInstances } from '@/core/http';
import { AppProviders } from '@/core/ui/app-providers';
import type { DepartmentDetail, DepartmentTree, UserPick } from '@/modules/organization/contract';
import OrganizationPage from './organization-page';

const node = (
  id: number,
  name: string,
  kind: DepartmentTree['kind'],
  parentId: number | null,
  sort: number,
  children: DepartmentTree[] = [],
): DepartmentTree => ({ id, name, code: `D${id}`, kind, sort, parentId, children });
const TREE = [
  node(1, '华夏理工大学', 'school', null, 0, [
    node(2, '计算机科学与技术学院', 'college', 1, 1),
    node(3, '教务处', 'office', 1, 100),
  ]),
];
const detail = (id: number): DepartmentDetail => {
  const n = id === 1 ? TREE[0]! : TREE[0]!.children.find((c) => c.id === id)!;
  return {
    ...n,
    createdAt: Date.UTC(2026, 0, 1),
    path: id === 1 ? [] : [{ id: 1, name: '华夏理工大学' }],
    userCount: id === 2 ? 1 : 0,
    totalUserCount: 1,
    childCount: n.children.length,
    leaders: id === 2 ? [{ id: 11, realName: '张三', userNo: '2024010101' }] : [],
  };
};
const member: UserPick = {
  id: 11,
  username: 'zhangsan',
  realName: '张三',
  userNo: '2024010101',
  kind: 'student',
  department: { id: 2, name: '计算机科学与技术学院' },
  status: 'active',
};

const calls: InternalAxiosRequestConfig[] = [];
const bodyOf = (c: InternalAxiosRequestConfig) =>
  typeof c.data === 'string' && c.data.startsWith('{')
    ? JSON.parse(c.data)
    : Object.fromEntries(new URLSearchParams(String(c.data ?? '')));
const adapter: AxiosAdapter = async (config) => {
  calls.push(config);
  const body = bodyOf(config);
  let data: unknown = null;
  if (config.url === '/user/api/v1.department/getTreeNode/') data = TREE;
  else if (config.url === '/user/api/v1.department/getDepartment/') data = detail(Number(body.id));
  else if (config.url === '/user/api/v1.user/getUserList/') {
    const list = body.departmentId === 2 ? [member] : [];
    data = { list, total: list.length, page: body.page, pageSize: body.pageSize };
  }
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
// A shared, busy machine renders antd slowly: wait longer than the 1 s default.
const slow = { timeout: 8000 };

const renderPage = () =>
  render(
    <AppProviders>
      <MemoryRouter>
        <OrganizationPage />
      </MemoryRouter>
    </AppProviders>,
  );

describe('部门管理 page', () => {
  it('draws the department tree from getTreeNode and starts on the first department', async () => {
    renderPage();
    expect(await screen.findByText('计算机科学与技术学院', undefined, slow)).toBeTruthy();
    expect(screen.getByText('教务处')).toBeTruthy();
    // The school is selected: its form holds its name and its members were asked for.
    await waitFor(
      () => expect((screen.getByLabelText('部门名称') as HTMLInputElement).value).toBe('华夏理工大学'),
      slow,
    );
    expect(calls.some((c) => c.url === '/user/api/v1.user/getUserList/' && bodyOf(c).departmentId === 1)).toBe(true);
    expect(await screen.findByText('该部门暂无人员', undefined, slow)).toBeTruthy();
  });

  it('selecting a department shows its details and its members from getUserList', async () => {
    renderPage();
    fireEvent.click(await screen.findByText('计算机科学与技术学院', undefined, slow));
    await waitFor(
      () => expect((screen.getByLabelText('部门名称') as HTMLInputElement).value).toBe('计算机科学与技术学院'),
      slow,
    );
    const row = (await screen.findByText('张三', undefined, slow)).closest('tr')!;
    expect(within(row).getByText('zhangsan')).toBeTruthy();
    expect(within(row).getByText('2024010101')).toBeTruthy();
    const asked = calls.filter((c) => c.url === '/user/api/v1.user/getUserList/').map(bodyOf);
    expect(asked.at(-1)).toMatchObject({ departmentId: 2, includeChildren: false, page: 1, pageSize: 10 });
    // The path of ancestors leads to it.
    expect(screen.getAllByText('华夏理工大学').length).toBeGreaterThan(1);
    // Its leaders are in the form, and saving sends them.
    expect(await screen.findByText('张三（2024010101）', undefined, slow)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.find((c) => c.url === '/user/api/v1.department/update/')).toBeTruthy(), slow);
    expect(bodyOf(calls.find((c) => c.url === '/user/api/v1.department/update/')!)).toMatchObject({
      id: 2,
      name: '计算机科学与技术学院',
      leaderIds: [11],
    });
  });

  it('asks for the whole subtree when 包含下级部门 is ticked', async () => {
    renderPage();
    fireEvent.click(await screen.findByText('教务处', undefined, slow));
    await waitFor(() => expect((screen.getByLabelText('部门名称') as HTMLInputElement).value).toBe('教务处'), slow);
    fireEvent.click(screen.getByLabelText('包含下级部门'));
    await waitFor(
      () =>
        expect(
          calls
            .filter((c) => c.url === '/user/api/v1.user/getUserList/')
            .map(bodyOf)
            .at(-1),
        ).toMatchObject({ departmentId: 3, includeChildren: true }),
      slow,
    );
  });
});
