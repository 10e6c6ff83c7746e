// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { httpInstances } from '@/core/http';
import { AppProviders } from '@/core/ui/app-providers';
import HelpPage from './help-page';

const calls: InternalAxiosRequestConfig[] = [];
const ARTICLES = [
  {
    id: 3,
    categoryId: 1,
    categoryName: '账号与密码',
    title: '如何修改密码',
    keywords: '密码',
    status: 'published',
    sort: 10,
    updatedAt: Date.UTC(2026, 10, 1),
  },
  {
    id: 4,
    categoryId: 2,
    categoryName: '使用指南',
    title: '如何切换服务平台',
    keywords: '平台',
    status: 'published',
    sort: 10,
    updatedAt: Date.UTC(2026, 10, 1),
  },
];
const adapter: AxiosAdapter = async (config) => {
  calls.push(config);
  const params = (config.params ?? {}) as { keyword?: string; id?: number };
  let data: unknown = null;
  if (config.url === '/portal/api/v1.help/categories/')
    data = [
      { id: 1, name: '账号与密码', sort: 10, articleCount: 1 },
      { id: 2, name: '使用指南', sort: 20, articleCount: 1 },
    ];
  if (config.url === '/portal/api/v1.help/list/') {
    const list = params.keyword ? ARTICLES.filter((a) => a.title.includes(params.keyword!)) : ARTICLES;
    data = { list, total: list.length, page: 1, pageSize: 10 };
  }
  if (config.url === '/portal/api/v1.help/detail/') {
    const a = ARTICLES.find((x) => x.id === Number(params.id))!;
    data = { ...a, content: `<p>正文：<strong>${a.title}</strong></p>` };
  }
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

const renderPage = () =>
  render(
    <AppProviders>
      <MemoryRouter initialEntries={['/web/help/index']}>
        <HelpPage />
      </MemoryRouter>
    </AppProviders>,
  );

describe('help centre page', () => {
  it('lists published articles and opens the first one in the reading pane', async () => {
    renderPage();
    expect(await screen.findByRole('button', { name: /如何切换服务平台/ }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: '如何修改密码' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('如何修改密码', { selector: 'strong' })).toBeTruthy();
  });

  it('searches with the keyword the user typed', async () => {
    renderPage();
    await screen.findByRole('button', { name: /如何切换服务平台/ }, { timeout: 5000 });
    fireEvent.change(screen.getByRole('searchbox', { name: '搜索帮助文章' }), { target: { value: '切换' } });
    fireEvent.click(screen.getByRole('button', { name: /^搜\s?索$/ }));
    await waitFor(() =>
      expect(
        calls.some(
          (c) => c.url === '/portal/api/v1.help/list/' && (c.params as { keyword?: string }).keyword === '切换',
        ),
      ).toBe(true),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: /如何修改密码/ })).toBeNull());
    expect(await screen.findByRole('heading', { name: '如何切换服务平台' }, { timeout: 5000 })).toBeTruthy();
  });
});
