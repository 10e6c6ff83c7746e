// @vitest-environment jsdom
import '../../../../core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { httpInstances } from '../../../../core/http';
import { AppProviders } from '../../../../core/ui/app-providers';
import { HomeContent } from './home-content';

const calls: InternalAxiosRequestConfig[] = [];
const adapter: AxiosAdapter = async (config) => {
  calls.push(config);
  const kind = (config.params as { kind?: string } | undefined)?.kind;
  const data = config.url === '/portal/api/v1.notice/list/'
    ? { list: [{ id: 7, kind, title: kind === 'news' ? '图书馆24小时自习室开放' : '寒假放假安排的通知', summary: '', publishedAt: Date.UTC(2026, 10, 20) }], total: 1, page: 1, pageSize: 8 }
    : { day: '2026-11-22', count: 1 };
  return { data: { errorCode: '0x00000000', message: '成功', data }, status: 200, statusText: 'OK', headers: {}, config };
};

const renderHome = () =>
  render(
    <AppProviders>
      <MemoryRouter>
        <HomeContent />
      </MemoryRouter>
    </AppProviders>,
  );

beforeEach(() => {
  calls.length = 0;
  sessionStorage.clear();
  httpInstances.normal.defaults.adapter = adapter;
});
afterEach(cleanup);

describe('visitor home', () => {
  it('lists notices and news from the server with links to their detail page', async () => {
    renderHome();
    const notice = await screen.findByRole('link', { name: '寒假放假安排的通知' });
    expect(notice.getAttribute('href')).toBe('/home/notice/7');
    expect(await screen.findByRole('link', { name: '图书馆24小时自习室开放' })).toBeTruthy();
  });

  it('counts one visit per browser session however often the home opens', async () => {
    renderHome();
    cleanup();
    renderHome();
    await screen.findAllByRole('link');
    expect(calls.filter((c) => c.url === '/user/api/v1.user/incVisit/')).toHaveLength(1);
    sessionStorage.clear(); // a new browser session counts again
    cleanup();
    renderHome();
    await screen.findAllByRole('link');
    expect(calls.filter((c) => c.url === '/user/api/v1.user/incVisit/')).toHaveLength(2);
  });
});
