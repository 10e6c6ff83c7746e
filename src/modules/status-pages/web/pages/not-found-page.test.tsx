// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { useSession } from '@/core/session/store';
import { NOT_FOUND_RETURN_SECONDS } from '@/shared/constants';
import NotFoundPage from './not-found-page';

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/notFound', element: <NotFoundPage /> },
      { path: '*', element: <div>home</div> },
    ],
    { initialEntries: ['/notFound'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  await useSession.getState().clear();
});

describe('not found page', () => {
  it('counts ten seconds down, then returns a signed-out visitor to the login page', async () => {
    vi.useFakeTimers();
    const router = renderPage();
    expect(screen.getByTestId('countdown').textContent).toBe(String(NOT_FOUND_RETURN_SECONDS));
    await act(async () => vi.advanceTimersByTime((NOT_FOUND_RETURN_SECONDS - 1) * 1000));
    expect(router.state.location.pathname).toBe('/notFound');
    expect(screen.getByTestId('countdown').textContent).toBe('1');
    await act(async () => vi.advanceTimersByTime(1000));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('returns an administrator to the back office home at once from the button', () => {
    useSession.getState().setLogin({
      Authorization: 'tok',
      is_admin: 1,
      menus: { plant_front: [], cms: [] },
      user_info: {
        id: 1,
        username: 'admin',
        real_name: '管理员',
        user_no: 'A1',
        kind: 'admin',
        is_admin: 1,
        department: null,
        avatar: null,
        roles: [],
        must_change_pwd: 0,
      },
    });
    const router = renderPage();
    fireEvent.click(screen.getByRole('button', { name: /立即返回首页/ }));
    expect(router.state.location.pathname).toBe('/cms/home/index');
  });
});
