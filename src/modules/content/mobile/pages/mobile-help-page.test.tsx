// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppProviders } from '@/core/ui/app-providers';
import MobileHelpPage from './mobile-help-page';

vi.mock('@/modules/content/api', () => ({
  listHelpCategories: vi.fn(),
  listHelpArticles: vi.fn(),
  getHelpArticle: vi.fn(),
}));
const api = await import('@/modules/content/api');
const envelope = <T,>(data: T) => ({ errorCode: '0x00000000', message: '成功', data });
const row = {
  id: 4,
  categoryId: 1,
  categoryName: '账号与登录',
  title: '忘记密码怎么办',
  keywords: '',
  status: 'published',
  sort: 0,
  updatedAt: Date.UTC(2026, 10, 1),
};

beforeEach(() => {
  vi.mocked(api.listHelpCategories).mockResolvedValue(
    envelope([{ id: 1, name: '账号与登录', sort: 1, articleCount: 1 }]) as never,
  );
  vi.mocked(api.listHelpArticles).mockResolvedValue(
    envelope({ list: [row], total: 1, page: 1, pageSize: 20 }) as never,
  );
  vi.mocked(api.getHelpArticle).mockResolvedValue(
    envelope({ ...row, content: '<p>请联系信息化办公室重置密码。</p>' }) as never,
  );
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const open = (path = '/mobile/help') =>
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/mobile/help" element={<MobileHelpPage />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );

describe('mobileHelp', () => {
  it('lists the articles by category, searches, and reads one in place', async () => {
    open();
    expect(await screen.findByText('忘记密码怎么办')).toBeTruthy();
    fireEvent.click(screen.getByText('账号与登录', { selector: '.adm-tabs-tab' }));
    await waitFor(() =>
      expect(api.listHelpArticles).toHaveBeenLastCalledWith(expect.objectContaining({ categoryId: 1 })),
    );
    fireEvent.click(await screen.findByText('忘记密码怎么办'));
    expect(await screen.findByText('请联系信息化办公室重置密码。')).toBeTruthy();
    expect(api.getHelpArticle).toHaveBeenCalledWith(4);
  });

  it('opens the article a link names (?id=)', async () => {
    open('/mobile/help?id=4');
    expect(await screen.findByRole('heading', { name: '忘记密码怎么办' })).toBeTruthy();
  });
});
