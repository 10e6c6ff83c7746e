// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppProviders } from '@/core/ui/app-providers';
import { HttpError } from '@/core/http';
import type { OpenAnswer, ShareInfo } from '../../contract';
import SharePage from './share-page';

vi.mock('@/modules/resource-center/api', () => ({ fetchShareInfo: vi.fn(), openShare: vi.fn() }));
const api = await import('@/modules/resource-center/api');
const envelope = <T,>(data: T) => ({ errorCode: '0x00000000', message: '成功', data });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const TOKEN = 'demoHandbookLink2026a';
const info: ShareInfo = {
  title: '学生手册',
  kind: 'document',
  ownerName: '王建国',
  needsPassword: true,
  expiresAt: Date.UTC(2026, 11, 1),
};
const opened: OpenAnswer = {
  preview: 'pdf',
  src: '/resource/api/v1.resource/file/?ticket=abcdefghijklmnopqrstuvwx',
  resource: {
    id: 1,
    title: '学生手册',
    description: '',
    kind: 'document',
    mime: 'application/pdf',
    fileName: 'handbook.pdf',
    size: 1000,
    url: '',
    departmentId: null,
    departmentName: '',
    labels: [],
    visibility: 'all',
    status: 'released',
    ownerName: '王建国',
    releasedAt: 1,
    createdAt: 1,
    viewCount: 1,
    favorite: false,
  },
};

const show = (token = TOKEN) =>
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[`/share/resource?token=${token}`]}>
        <Routes>
          <Route path="/share/resource" element={<SharePage />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );

describe('the visitor share page', () => {
  it('asks for the password, shows the server refusal, then the PDF', async () => {
    vi.mocked(api.fetchShareInfo).mockResolvedValue(envelope(info));
    vi.mocked(api.openShare)
      .mockRejectedValueOnce(new HttpError('访问密码错误', '0x00000874', 403))
      .mockResolvedValueOnce(envelope(opened));
    show();
    const password = await screen.findByLabelText('访问密码');
    fireEvent.change(password, { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: '查看资源' }));
    expect(await screen.findByText('访问密码错误')).toBeTruthy();
    fireEvent.change(password, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '查看资源' }));
    await waitFor(() => expect(document.querySelector('iframe')?.getAttribute('src')).toBe(opened.src));
    expect(vi.mocked(api.openShare).mock.calls.map((c) => c[1])).toEqual(['nope', '123456']);
  });

  it('says why a link no longer opens', async () => {
    vi.mocked(api.fetchShareInfo).mockRejectedValue(new HttpError('分享链接已过期', '0x00000871', 410));
    show();
    expect(await screen.findByText('分享链接已过期')).toBeTruthy();
  });
});
