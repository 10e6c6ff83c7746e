// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useSession } from '@/core/session/store';
import MobileMePage from './mobile-me-page';

const user = (ssoOnly: 0 | 1) => ({
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
  sso_only: ssoOnly,
});

function renderMe(ssoOnly: 0 | 1) {
  useSession.getState().setLogin({
    Authorization: 't',
    user_info: user(ssoOnly),
    menus: { plant_front: [], cms: [] },
    is_admin: 0,
  });
  const router = createMemoryRouter([{ path: '/mobile/me', element: <MobileMePage /> }], {
    initialEntries: ['/mobile/me'],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(async () => {
  cleanup();
  await useSession.getState().clear();
});

describe('phone 我的 page', () => {
  it('offers 修改密码 to an account with a password', async () => {
    renderMe(0);
    expect(await screen.findByText('修改密码')).toBeTruthy();
  });

  it('offers no 修改密码 to an account that signs in by single sign-on only', async () => {
    renderMe(1);
    expect(await screen.findByText('退出登录')).toBeTruthy();
    expect(screen.queryByText('修改密码')).toBeNull();
  });
});
