// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppProviders } from '@/core/ui/app-providers';
import type { AppView } from '../../contract';
import ApplicationCenterPage from './application-center-page';

vi.mock('@/modules/app-center/api', () => ({
  fetchApps: vi.fn(),
  fetchCategories: vi.fn(),
  setFavorite: vi.fn(),
  rateApp: vi.fn(),
  openApp: vi.fn(),
}));
const api = await import('@/modules/app-center/api');
const envelope = <T,>(data: T, message = '成功') => ({ errorCode: '0x00000000', message, data });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const app = (over: Partial<AppView>): AppView => ({
  id: 1,
  categoryId: 1,
  categoryName: '教学教务',
  name: '校历日程',
  description: '校历与日程',
  color: '#1677ff',
  kind: 'internal',
  url: '/web/lightApps/calendar',
  sso: false,
  rating: 0,
  ratingCount: 0,
  useCount: 0,
  favorite: false,
  myScore: null,
  ...over,
});

describe('应用中心', () => {
  it('lists the apps, favourites one, and opens an internal page in the app', async () => {
    vi.mocked(api.fetchCategories).mockResolvedValue(envelope([{ id: 1, name: '教学教务', sort: 10, count: 2 }]));
    vi.mocked(api.fetchApps).mockResolvedValue(
      envelope({
        list: [
          app({}),
          app({
            id: 2,
            name: '图书馆',
            kind: 'external',
            url: 'https://lib.example.edu/',
            rating: 4.5,
            ratingCount: 2,
          }),
        ],
        total: 2,
        page: 1,
        pageSize: 24,
      }),
    );
    vi.mocked(api.setFavorite).mockResolvedValue(envelope(null, '已收藏'));
    vi.mocked(api.openApp).mockResolvedValue(envelope({ url: '/web/lightApps/calendar', kind: 'internal' as const }));
    render(
      <AppProviders>
        <MemoryRouter initialEntries={['/web/lightApps/applicationCenter']}>
          <Routes>
            <Route path="/web/lightApps/applicationCenter" element={<ApplicationCenterPage />} />
            <Route path="/web/lightApps/calendar" element={<p>calendar opened</p>} />
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByText('图书馆')).toBeTruthy();
    expect(screen.getByText('教学教务（2）')).toBeTruthy();
    expect(screen.getByText('4.5（2）')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '收藏图书馆' }));
    await waitFor(() => expect(api.setFavorite).toHaveBeenCalledWith(2, true));

    fireEvent.click(screen.getAllByRole('button', { name: /打\s*开/ })[0]!);
    await waitFor(() => expect(api.openApp).toHaveBeenCalledWith(1, 'desktop'));
    expect(await screen.findByText('calendar opened')).toBeTruthy();
  });
});
