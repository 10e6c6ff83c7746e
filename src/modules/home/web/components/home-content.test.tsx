// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { httpInstances } from '@/core/http';
import { AppProviders } from '@/core/ui/app-providers';
import { HomeContent } from './home-content';
import { DEFAULT_HOME_MODULES, type HomeModule } from '@/modules/site-settings/contract';

const calls: InternalAxiosRequestConfig[] = [];

function SearchTarget() {
  return <div data-testid="search-target">{useLocation().search}</div>;
}
let modules: HomeModule[] = DEFAULT_HOME_MODULES;
const adapter: AxiosAdapter = async (config) => {
  calls.push(config);
  const kind = (config.params as { kind?: string } | undefined)?.kind;
  const data =
    config.url === '/portal/api/v1.notice/list/'
      ? {
          list: [
            {
              id: 7,
              kind,
              title: kind === 'news' ? '图书馆24小时自习室开放' : '寒假放假安排的通知',
              summary: '',
              publishedAt: Date.UTC(2026, 10, 20),
            },
          ],
          total: 1,
          page: 1,
          pageSize: 8,
        }
      : config.url === '/portal/api/v1.homepage/modules/'
        ? { scope: (config.params as { scope: string }).scope, own: true, modules }
        : { day: '2026-11-22', count: 1 };
  return {
    data: { errorCode: '0x00000000', message: '成功', data },
    status: 200,
    statusText: 'OK',
    headers: {},
    config,
  };
};

const renderHome = (scope?: string) =>
  render(
    <AppProviders>
      <MemoryRouter>
        <HomeContent scope={scope} />
      </MemoryRouter>
    </AppProviders>,
  );

beforeEach(() => {
  calls.length = 0;
  modules = DEFAULT_HOME_MODULES;
  sessionStorage.clear();
  localStorage.clear();
  httpInstances.normal.defaults.adapter = adapter;
});
afterEach(cleanup);

describe('visitor home', () => {
  it('lists notices and news from the server with links to their detail page', async () => {
    renderHome();
    const notice = await screen.findByRole('link', { name: '寒假放假安排的通知' }, { timeout: 5000 });
    expect(notice.getAttribute('href')).toBe('/home/notice/7');
    expect(await screen.findByRole('link', { name: '图书馆24小时自习室开放' })).toBeTruthy();
  });

  it('counts one visit per browser session however often the home opens', async () => {
    renderHome();
    cleanup();
    renderHome();
    await screen.findAllByRole('link', {}, { timeout: 5000 });
    expect(calls.filter((c) => c.url === '/user/api/v1.user/incVisit/')).toHaveLength(1);
    sessionStorage.clear(); // a new browser session counts again
    cleanup();
    renderHome();
    await screen.findAllByRole('link', {}, { timeout: 5000 });
    expect(calls.filter((c) => c.url === '/user/api/v1.user/incVisit/')).toHaveLength(2);
  });

  it('shows exactly the configured modules of its scope, in order, and nothing else', async () => {
    modules = [
      {
        kind: 'shortcuts',
        title: '服务直通车',
        items: [
          { title: '网上报销', icon: 'FormOutlined', path: '/home/index', url: '' },
          { title: '学校官网', icon: 'LinkOutlined', path: '', url: 'https://www.example.edu' },
        ],
      },
      {
        kind: 'topAffairs',
        title: '热门事项',
        items: [{ title: '成绩查询', icon: 'BookOutlined', path: '/web/home/index', url: '' }],
      },
      { kind: 'notices', title: '学院通知' },
    ];
    const { container } = renderHome('3');
    expect(await screen.findByRole('link', { name: '寒假放假安排的通知' }, { timeout: 5000 })).toBeTruthy();
    expect(calls.find((c) => c.url === '/portal/api/v1.homepage/modules/')?.params).toEqual({ scope: '3' });
    const headings = [...container.querySelectorAll('.ant-card-head-title')].map((h) => h.textContent);
    expect(headings).toEqual(['服务直通车', '热门事项', '学院通知']);
    // No news module: news is never asked for; no banner either.
    expect(calls.some((c) => (c.params as { kind?: string } | undefined)?.kind === 'news')).toBe(false);
    expect(container.querySelector('h1')).toBeNull();
    expect(screen.getByRole('link', { name: /网上报销/ }).getAttribute('href')).toBe('/home/index');
    const outside = screen.getByRole('link', { name: /学校官网/ });
    expect(outside.getAttribute('href')).toBe('https://www.example.edu');
    expect(outside.getAttribute('target')).toBe('_blank');
  });

  it('sends a search to the portal results page and remembers the word', async () => {
    modules = [{ kind: 'search', placeholder: '搜索服务事项' }];
    render(
      <AppProviders>
        <MemoryRouter initialEntries={['/home/index']}>
          <Routes>
            <Route path="/home/index" element={<HomeContent />} />
            <Route path="/web/search" element={<SearchTarget />} />
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
    const box = await screen.findByPlaceholderText('搜索服务事项');
    fireEvent.change(box, { target: { value: 'xsqj' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect((await screen.findByTestId('search-target')).textContent).toBe('?q=xsqj');
    expect(JSON.parse(localStorage.getItem('recentSearches') ?? '[]')).toContain('xsqj');
  });
});
