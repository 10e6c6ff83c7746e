// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { httpInstances } from '@/core/http';
import { AppProviders } from '@/core/ui/app-providers';
import type { SyncListItem, SyncRunRow } from '@/modules/data-sync/contract';
import SyncManagePage from './sync-manage-page';

const RUN: SyncRunRow = {
  id: 9,
  syncId: 3,
  trigger: 'schedule',
  status: 'running',
  queuedAt: Date.UTC(2026, 10, 24, 2),
  startedAt: Date.UTC(2026, 10, 24, 2),
  finishedAt: null,
  rowsRead: 4000,
  rowsInserted: 10,
  rowsUpdated: 20,
  rowsUnchanged: 3970,
  rowsDeleted: 0,
  totalRows: 8000,
  errorCode: null,
  errorMessage: null,
  attempt: 1,
};
const FAILED: SyncRunRow = {
  ...RUN,
  id: 8,
  status: 'failed',
  finishedAt: RUN.startedAt! + 2500,
  errorCode: '0x00000631',
  errorMessage: '第 1001 行与前面的行同步键相同（student_no = S1）',
};
const SYNC: SyncListItem = {
  id: 3,
  name: '教务-学生名单',
  datasetId: 1,
  datasetName: '学生基本信息',
  tableId: 2,
  tableName: '学生名单',
  mode: 'full',
  cron: '0 2 * * *',
  nextRunAt: Date.UTC(2026, 10, 25, 2),
  enabled: true,
  ownerId: 5,
  ownerName: '张老师',
  consecutiveFailures: 0,
  lastRun: RUN,
};

const calls: InternalAxiosRequestConfig[] = [];
const adapter: AxiosAdapter = async (config) => {
  calls.push(config);
  const data =
    {
      '/data/api/v1.sync/list/': { list: [SYNC], total: 1, page: 1, pageSize: 20 },
      '/data/api/v1.syncRun/list/': { list: [RUN, FAILED], total: 2, page: 1, pageSize: 10 },
      '/data/api/v1.sync/run/': { runId: 10 },
    }[config.url ?? ''] ?? null;
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
  httpInstances.slow.defaults.adapter = adapter;
});
afterEach(cleanup);

const renderPage = () =>
  render(
    <AppProviders>
      <MemoryRouter>
        <SyncManagePage />
      </MemoryRouter>
    </AppProviders>,
  );

describe('同步管理 page', () => {
  it('lists syncs with their schedule in words and the running one with its progress', async () => {
    renderPage();
    const row = (await screen.findByText('教务-学生名单')).closest('tr')!;
    expect(within(row).getByText('每天 02:00')).toBeTruthy();
    expect(within(row).getByText('同步中')).toBeTruthy();
    expect(within(row).getByRole('progressbar', { name: '同步进度' }).getAttribute('aria-valuenow')).toBe('50');
    expect(within(row).getByText('学生基本信息', { exact: false })).toBeTruthy();
    // A run is going: 立即同步 waits for it.
    expect(
      within(row)
        .getByRole('button', { name: /立即同步/ })
        .hasAttribute('disabled'),
    ).toBe(true);
  });

  it('opens the run history with counts and the coded error of a failed run', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '运行记录' }));
    const drawer = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(drawer).getByText('第 1001 行与前面的行同步键相同（student_no = S1）')).toBeTruthy(),
    );
    expect(within(drawer).getByText('错误码 0x00000631')).toBeTruthy();
    expect(within(drawer).getByText('2.5 秒')).toBeTruthy();
    expect(within(drawer).getAllByText('3,970').length).toBe(2);
    expect(calls.some((c) => c.url === '/data/api/v1.syncRun/list/' && c.params?.syncId === 3)).toBe(true);
  });
});
