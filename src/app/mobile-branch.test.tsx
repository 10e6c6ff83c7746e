// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import type { AxiosAdapter } from 'axios';
import { httpInstances } from '@/core/http';
import { useSession } from '@/core/session/store';
import { createQueryClient } from '@/core/ui/query-client';
import { buildMobileRouteObjects } from './mobile-router';
import { mobileRoutes } from './mobile-routes';

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
const platform = { platform_id: 1, platform_name: '学生服务平台', icon: '', index_url: '', kind: 'normal', web: [] };

// Every call answers "still signed in" with no data: enough for the shell and the pages to settle.
const adapter: AxiosAdapter = async (config) => {
  const data = config.url?.includes('check_user_is_login') ? { is_login: true, to_url: '', ternantId: '' } : null;
  return {
    data: { errorCode: '0x00000000', message: '成功', data },
    status: 200,
    statusText: 'OK',
    headers: {},
    config,
  };
};

function open(path: string) {
  httpInstances.normal.defaults.adapter = adapter;
  const router = createMemoryRouter(buildMobileRouteObjects(mobileRoutes), { initialEntries: [path] });
  // as mobile-main.tsx mounts it
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(async () => {
  cleanup();
  await useSession.getState().clear();
});

describe('the /mobile branch', () => {
  it('sends /mobile/home without a token to the phone login, carrying the page', async () => {
    const router = open('/mobile/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/mobile/mobileLogin'), { timeout: 10000 });
    expect(router.state.location.search).toBe('?to=%2Fmobile%2Fhome');
  });

  it('opens /mobile/home for a signed-in user whose menu does not name it', async () => {
    useSession
      .getState()
      .setLogin({ Authorization: 't', user_info: user, menus: { plant_front: [platform], cms: [] }, is_admin: 0 });
    const router = open('/mobile/home');
    // (jsdom has no IndexedDB, so the shell's hydrate leaves no platform: the page itself is the point)
    expect(await screen.findByRole('button', { name: '消息' }, { timeout: 10000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/mobile/home');
  });

  it('shows the flow chart page without a token, with its empty state', async () => {
    open('/mobile/mobileFlowChart');
    expect(await screen.findByText('暂无流程信息', undefined, { timeout: 10000 })).toBeTruthy();
  });
});
