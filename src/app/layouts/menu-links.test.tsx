// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, useNavigate } from 'react-router-dom';
import { Menu } from 'antd';
import type { MenuNode } from '@/shared/menus';
import { menuClick, toMenuItems } from './menu-items';

const node = (name: string, title: string, path: string, children: MenuNode[] = []): MenuNode => ({
  name,
  path,
  title,
  icon: null,
  children,
  relationRoutes: [],
});

const tree = [
  node('webHomeIndex', '首页', '/web/home/index'),
  node('taskCenter', '审批中心', '', [node('taskWorkBench', '审批工作台', '/web/taskCenter/taskWorkBench')]),
];

function Sider() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <>
      <Menu
        mode="inline"
        items={toMenuItems(tree)}
        defaultOpenKeys={['group:taskCenter']}
        onClick={menuClick(navigate)}
      />
      <output data-testid="where">{pathname}</output>
    </>
  );
}

function mount() {
  const router = createMemoryRouter([{ path: '*', element: <Sider /> }], { initialEntries: ['/web/start'] });
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(cleanup);

describe('sider menu entries are links', () => {
  it('renders each page entry as <a href> (new tab, copy address, screen readers) and groups as plain titles', () => {
    mount();
    expect(screen.getByRole('link', { name: '首页' }).getAttribute('href')).toBe('/web/home/index');
    expect(screen.getByRole('link', { name: '审批工作台' }).getAttribute('href')).toBe('/web/taskCenter/taskWorkBench');
    expect(screen.queryByRole('link', { name: '审批中心' })).toBeNull();
  });

  it('a click on the link navigates once inside the app (one history entry)', async () => {
    const router = mount();
    fireEvent.click(screen.getByRole('link', { name: '审批工作台' }));
    expect(screen.getByTestId('where').textContent).toBe('/web/taskCenter/taskWorkBench');
    await act(() => router.navigate(-1));
    expect(screen.getByTestId('where').textContent).toBe('/web/start');
  });

  it('a modified click (new tab) is left to the browser', () => {
    mount();
    fireEvent.click(screen.getByRole('link', { name: '首页' }), { ctrlKey: true });
    expect(screen.getByTestId('where').textContent).toBe('/web/start');
  });

  it('a click on the row outside the link text still navigates', () => {
    mount();
    const item = screen.getByRole('link', { name: '首页' }).closest('[role="menuitem"]') as HTMLElement;
    fireEvent.click(item);
    expect(screen.getByTestId('where').textContent).toBe('/web/home/index');
    const other = screen.getByRole('link', { name: '审批工作台' }).closest('[role="menuitem"]') as HTMLElement;
    fireEvent.click(other);
    expect(screen.getByTestId('where').textContent).toBe('/web/taskCenter/taskWorkBench');
  });
});
