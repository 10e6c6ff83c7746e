// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { httpInstances } from '@/core/http';
import { AppProviders } from '@/core/ui/app-providers';
import { ROLE_CODE_MESSAGE, type RoleGroupWithRoles } from '@/modules/organization/contract';
import RolePage from './role-page';
import { sentBody } from '@/core/testing/sent-body';

const GROUPS: RoleGroupWithRoles[] = [
  {
    id: 1,
    name: '学生',
    sort: 1,
    roles: [{ id: 1, code: 'student', name: '学生', groupId: 1, sort: 1, userCount: 20, system: true }],
  },
  {
    id: 2,
    name: '教职工',
    sort: 2,
    roles: [{ id: 3, code: 'counsellor', name: '辅导员', groupId: 2, sort: 3, userCount: 0, system: false }],
  },
];

const calls: InternalAxiosRequestConfig[] = [];
const adapter: AxiosAdapter = async (config) => {
  calls.push(config);
  const data =
    config.url === '/user/api/v1.role/getAllRoleGroup/'
      ? GROUPS
      : config.url === '/user/api/v1.role/create/'
        ? { id: 9 }
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
// A shared, busy machine renders antd slowly: wait longer than the 1 s default.
const slow = { timeout: 8000 };

const renderPage = () =>
  render(
    <AppProviders>
      <MemoryRouter>
        <RolePage />
      </MemoryRouter>
    </AppProviders>,
  );
const creates = () => calls.filter((c) => c.url === '/user/api/v1.role/create/');

describe('角色管理 page', () => {
  it("lists the groups and the first group's roles; system roles cannot be deleted", async () => {
    renderPage();
    const row = (await screen.findByText('student', undefined, slow)).closest('tr')!;
    expect(within(row).getByText('系统')).toBeTruthy();
    expect((within(row).getByRole('button', { name: '删除' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /^教职工/ }));
    expect(await screen.findByText('counsellor', undefined, slow)).toBeTruthy();
  });

  it('checks the new role form like the server does before sending it', async () => {
    renderPage();
    await screen.findByText('student', undefined, slow);
    fireEvent.click(screen.getByRole('button', { name: /新增角色$/ }));
    const dialog = await screen.findByRole('dialog', undefined, slow);
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('请输入角色编码', undefined, slow)).toBeTruthy();
    expect(within(dialog).getByText('请输入角色名称')).toBeTruthy();

    for (const bad of ['A1', '1ab', 'a-b']) {
      fireEvent.change(within(dialog).getByLabelText('角色编码'), { target: { value: bad } });
      expect(await within(dialog).findByText(ROLE_CODE_MESSAGE, undefined, slow)).toBeTruthy();
    }
    fireEvent.change(within(dialog).getByLabelText('角色名称'), { target: { value: '实验室管理员' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await new Promise((r) => setTimeout(r, 50));
    expect(creates()).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('角色编码'), { target: { value: 'lab_keeper' } });
    await waitFor(() => expect(within(dialog).queryByText(ROLE_CODE_MESSAGE)).toBeNull(), slow);
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(creates()).toHaveLength(1), slow);
    expect(sentBody(creates()[0]!)).toEqual({ groupId: 1, code: 'lab_keeper', name: '实验室管理员' });
  });
});
