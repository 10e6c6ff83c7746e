// @vitest-environment jsdom
import '../../../../core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { httpInstances } from '../../../../core/http';
import { useSession } from '../../../../core/session/store';
import type { MenuNode, PlatformMenus } from '../../../../shared/menus';
import MobileHomePage from './mobile-home-page';

const node = (name: string, title: string, path: string, children: MenuNode[] = []): MenuNode => ({ name, path, title, icon: null, children, relationRoutes: [] });
const platform = (id: number, name: string, web: MenuNode[]): PlatformMenus => ({ platform_id: id, platform_name: name, icon: '', index_url: '', kind: 'normal', web });
const STUDENT = platform(7, '学生服务平台', [
  node('webHomeIndex', '首页', '/web/home/index'),
  node('affairs', '办事大厅', '', [node('affairsApply', '事项申请', '/web/affairs/apply'), node('affairsMine', '我的事项', '/web/affairs/mine')]),
]);
const user = { id: 2, username: 'student', real_name: '张三', user_no: 'S1', kind: 'student', is_admin: 0 as const, department: null, avatar: null, roles: [], must_change_pwd: 0 as const };

const calls: InternalAxiosRequestConfig[] = [];
let modules: unknown[] = [];
const adapter: AxiosAdapter = async (config) => {
  calls.push(config);
  const data = (config.url ?? '').startsWith('/portal/api/v1.homepage/modules/') ? { scope: '7', own: true, modules } : null;
  return { data: { errorCode: '0x00000000', message: '成功', data }, status: 200, statusText: 'OK', headers: {}, config };
};

function renderHome() {
  const router = createMemoryRouter([{ path: '/mobile/home', element: <MobileHomePage /> }, { path: '*', element: <div>elsewhere</div> }], { initialEntries: ['/mobile/home'] });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  calls.length = 0;
  modules = [];
  httpInstances.normal.defaults.adapter = adapter;
  useSession.setState({ hydrated: true });
});

afterEach(async () => {
  cleanup();
  await useSession.getState().clear();
});

describe('phone home', () => {
  it('shows the chosen platform menu leaves as a grid in menu order, a tap opening the page', async () => {
    useSession.getState().setLogin({ Authorization: 't', user_info: user, menus: { plant_front: [STUDENT], cms: [] }, is_admin: 0 });
    const router = renderHome();
    expect(screen.getByRole('heading', { name: '学生服务平台' })).toBeTruthy();
    const apps = screen.getByRole('region', { name: '应用' });
    expect(Array.from(apps.querySelectorAll('button')).map((b) => b.textContent)).toEqual(['首首页', '事事项申请', '我我的事项']);
    fireEvent.click(screen.getByText('事项申请'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/web/affairs/apply'));
  });

  it('adds the shortcuts configured for that platform, asked for with its id as scope', async () => {
    modules = [
      { kind: 'banner', title: '', subtitle: '', picture: '' },
      { kind: 'shortcuts', title: '服务直通车', items: [{ title: '成绩查询', icon: 'BookOutlined', path: '/web/score', url: '' }] },
    ];
    useSession.getState().setLogin({ Authorization: 't', user_info: user, menus: { plant_front: [STUDENT], cms: [] }, is_admin: 0 });
    renderHome();
    expect(await screen.findByText('成绩查询')).toBeTruthy();
    const call = calls.find((c) => c.url?.startsWith('/portal/api/v1.homepage/modules/'))!;
    expect(call.params).toMatchObject({ scope: '7' });
  });

  it('asks a user with several platforms and none chosen to pick one', async () => {
    useSession.getState().setLogin({ Authorization: 't', user_info: user, menus: { plant_front: [STUDENT, platform(8, '教师服务平台', [])], cms: [] }, is_admin: 0 });
    renderHome();
    expect(await screen.findByText('请选择要进入的平台')).toBeTruthy();
    expect(screen.getByText('教师服务平台')).toBeTruthy();
  });

  it('tells an administrator to use a computer', () => {
    useSession.getState().setLogin({ Authorization: 't', user_info: { ...user, is_admin: 1 }, menus: { plant_front: [], cms: [] }, is_admin: 1 });
    renderHome();
    expect(screen.getByText('管理后台请在电脑端使用')).toBeTruthy();
    expect(screen.queryByRole('region', { name: '应用' })).toBeNull();
  });
});
