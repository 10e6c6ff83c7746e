// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppProviders } from '@/core/ui/app-providers';
import MobileNoticePage from './mobile-notice-page';

vi.mock('@/modules/home/api', () => ({ getNotice: vi.fn() }));
const api = await import('@/modules/home/api');
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const open = (path: string) =>
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/mobile/notice" element={<MobileNoticePage />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );

describe('mobileNotice', () => {
  it('shows the notice a message announces', async () => {
    vi.mocked(api.getNotice).mockResolvedValue({
      errorCode: '0x00000000',
      message: '成功',
      data: {
        id: 3,
        kind: 'notice',
        title: '寒假放假安排',
        summary: '',
        publishedAt: Date.UTC(2026, 0, 5, 1),
        content: '<p>1月17日起放假。</p>',
      },
    } as never);
    open('/mobile/notice?id=3');
    expect(await screen.findByRole('heading', { name: '寒假放假安排' })).toBeTruthy();
    expect(screen.getByText('1月17日起放假。')).toBeTruthy();
    expect(api.getNotice).toHaveBeenCalledWith(3);
  });

  it('says so when the link names no notice', async () => {
    open('/mobile/notice?id=abc');
    expect(await screen.findByText('该通知不存在或已撤回')).toBeTruthy();
    expect(api.getNotice).not.toHaveBeenCalled();
  });
});
