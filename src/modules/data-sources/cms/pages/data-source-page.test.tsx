// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { httpInstances } from '@/core/http';
import { AppProviders } from '@/core/ui/app-providers';
import type { DataSourceItem } from '@/modules/data-sources/contract';
import DataSourcePage from './data-source-page';

const SOURCE: DataSourceItem = {
  id: 3,
  name: '教务系统',
  kind: 'mysql',
  config: { host: '10.0.0.8', port: 3306, database: 'jw', user: 'reader' },
  hasSecret: true,
  description: '正方教务',
  datasetCount: 2,
  lastTestAt: Date.UTC(2026, 10, 20, 8),
  lastTestOk: false,
  lastTestMessage: '数据源拒绝登录',
  createdAt: Date.UTC(2026, 10, 1),
  updatedAt: Date.UTC(2026, 10, 2),
  updatedByName: '系统管理员',
};

const calls: InternalAxiosRequestConfig[] = [];
const ok = (config: InternalAxiosRequestConfig, data: unknown) => ({
  data: { errorCode: '0x00000000', message: '成功', data },
  status: 200,
  statusText: 'OK',
  headers: {},
  config,
});
const adapter: AxiosAdapter = async (config) => {
  calls.push(config);
  switch (config.url) {
    case '/data/api/v1.dataSource/list/':
      return ok(config, { list: [SOURCE], total: 1, page: 1, pageSize: 20 });
    case '/data/api/v1.dataSource/detail/':
      return ok(config, SOURCE);
    case '/data/api/v1.dataSource/test/':
      return ok(config, { ok: true, message: 'MariaDB 10.11', elapsedMs: 12 });
    default:
      return ok(config, SOURCE);
  }
};

beforeEach(() => {
  calls.length = 0;
  httpInstances.normal.defaults.adapter = adapter;
  httpInstances.slow.defaults.adapter = adapter;
});
afterEach(cleanup);

const renderPage = () =>
  render(
    <AppProviders>
      <MemoryRouter>
        <DataSourcePage />
      </MemoryRouter>
    </AppProviders>,
  );
const body = (c: InternalAxiosRequestConfig) => JSON.parse(String(c.data)) as Record<string, unknown>;

describe('数据源管理 page', () => {
  it('lists sources with where they point, 已设置 for a stored password and the last test', async () => {
    renderPage();
    expect(await screen.findByText('教务系统')).toBeTruthy();
    expect(screen.getByText('reader@10.0.0.8:3306/jw')).toBeTruthy();
    expect(screen.getByText('已设置')).toBeTruthy();
    expect(screen.getByText('失败')).toBeTruthy();
  });

  it('tests a saved source by its id', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '测试连接' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/data/api/v1.dataSource/test/')).toBe(true));
    expect(body(calls.find((c) => c.url === '/data/api/v1.dataSource/test/')!)).toEqual({ id: 3 });
  });

  it('edits a source without sending the password unless one is typed', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '编辑' }));
    const drawer = await screen.findByRole('dialog');
    await waitFor(() => expect((within(drawer).getByLabelText('主机') as HTMLInputElement).value).toBe('10.0.0.8'));
    expect(within(drawer).getByPlaceholderText('已设置')).toBeTruthy();
    fireEvent.change(within(drawer).getByLabelText('名称'), { target: { value: '正方教务系统' } });
    fireEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.url === '/data/api/v1.dataSource/update/')).toBe(true));
    const sent = body(calls.find((c) => c.url === '/data/api/v1.dataSource/update/')!);
    expect(sent).toEqual({
      id: 3,
      name: '正方教务系统',
      config: { host: '10.0.0.8', port: 3306, database: 'jw', user: 'reader' },
      description: '正方教务',
      clearSecret: false,
    });
  });
});
