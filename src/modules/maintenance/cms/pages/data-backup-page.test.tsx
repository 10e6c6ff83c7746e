// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import qs from 'qs';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { httpInstances } from '@/core/http';
import { AppProviders } from '@/core/ui/app-providers';
import type { BackupItem } from '@/modules/maintenance/contract';
import DataBackupPage from './data-backup-page';

const ITEM: BackupItem = {
  id: 5,
  fileName: 'campus-portal-20261122-020000-a1b2c3.jsonl.gz',
  size: 1_572_864,
  createdAt: Date.UTC(2026, 10, 22, 2),
  createdBy: 1,
  createdByName: 'admin',
  kind: 'scheduled',
  note: '定时备份',
  checksum: 'c0ffee00112233445566778899aabbccddeeff00112233445566778899aabbcc',
};

const SCHEDULE = {
  enabled: true,
  hour: 2,
  keep: 7,
  keepManual: 0,
  timeZone: 'Asia/Shanghai',
  utcOffset: 'UTC+08:00',
};

const calls: InternalAxiosRequestConfig[] = [];
const adapter: AxiosAdapter = async (config) => {
  calls.push(config);
  const data =
    {
      '/user/api/v1.backup/list/': { list: [ITEM], total: 1, page: 1, pageSize: 20 },
      '/user/api/v1.backup/schedule/': SCHEDULE,
      '/user/api/v1.backup/saveSchedule/': { ...SCHEDULE, keep: 12, keepManual: 5 },
      '/user/api/v1.backup/restore/': {
        fileName: ITEM.fileName,
        rows: { app_user: 10, department: 4, audit_log: 21 },
        files: 3,
        signedOut: true,
        restored: { app_user: 10, department: 4 },
        audit: { inBackup: 21, added: 21, present: 0 },
        migrated: ['0013-data-tables'],
        kept: ['授权信息', '登录加密密钥', '备份计划与保留份数'],
        schedule: SCHEDULE,
      },
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
        <DataBackupPage />
      </MemoryRouter>
    </AppProviders>,
  );
const restores = () => calls.filter((c) => c.url === '/user/api/v1.backup/restore/');

describe('数据备份 page', () => {
  it("lists the server's backups with size, time, who and kind", async () => {
    renderPage();
    const row = (await screen.findByText(ITEM.fileName)).closest('tr')!;
    expect(within(row).getByText('1.5 MB')).toBeTruthy();
    expect(within(row).getByText('admin')).toBeTruthy();
    expect(within(row).getByText('定时')).toBeTruthy();
    expect(screen.getByText('共 1 个备份')).toBeTruthy();
  });

  it("restores only after the administrator types the backup's file name, naming what will be replaced", async () => {
    renderPage();
    const row = (await screen.findByText(ITEM.fileName)).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /恢\s*复/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/将替换：全部用户、组织机构.*平台与菜单、设置、通知/)).toBeTruthy();
    expect(within(dialog).getByText(/所有用户（包括您）都将退出登录/)).toBeTruthy();
    const ok = () =>
      within(dialog)
        .getAllByRole('button')
        .find((b) => /^恢\s*复$/.test(b.textContent ?? ''))! as HTMLButtonElement;
    expect(ok().disabled).toBe(true);

    const input = within(dialog).getByLabelText('备份文件名');
    fireEvent.change(input, { target: { value: ITEM.fileName.slice(0, -3) } });
    expect(ok().disabled).toBe(true);
    fireEvent.click(ok());
    expect(restores()).toHaveLength(0);

    fireEvent.change(input, { target: { value: ITEM.fileName } });
    expect(ok().disabled).toBe(false);
    fireEvent.click(ok());
    await waitFor(() => expect(restores()).toHaveLength(1));
    expect(qs.parse(String(restores()[0]!.data))).toEqual({ id: '5', confirm: ITEM.fileName });
    // What came back: rows per table, the audit log's merge, the kept schedule, the upgrade.
    const report = await screen.findByTestId('restore-report');
    expect(within(report).getByText(/恢复 2 张表共 14 行数据、3 个上传文件/)).toBeTruthy();
    expect(within(report).getByText('app_user').closest('tr')!.textContent).toContain('10');
    expect(within(report).getByText(/备份中 21 条全部保留：新增 21 条，已存在 0 条/)).toBeTruthy();
    expect(
      within(report).getByText(/保持本机设置不变：每天 02:00（服务器时区 Asia\/Shanghai，UTC\+08:00）/),
    ).toBeTruthy();
    expect(within(report).getByText(/0013-data-tables/)).toBeTruthy();
  });

  it('backs up now and saves the schedule', async () => {
    renderPage();
    await screen.findByText(ITEM.fileName);
    fireEvent.click(screen.getByRole('button', { name: /立即备份/ }));
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/user/api/v1.backup/create/' && c.method === 'post')).toBe(true),
    );
    await waitFor(() => expect((screen.getByLabelText('保留份数') as HTMLInputElement).value).toBe('7'));
    // The hour is the server's: its zone is named beside the picker.
    expect(screen.getByTestId('schedule-zone').textContent).toContain('服务器时区 Asia/Shanghai（UTC+08:00）');
    fireEvent.change(screen.getByLabelText('保留份数'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('手动备份保留份数'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: /保存计划/ }));
    await waitFor(() => expect(calls.some((c) => c.url === '/user/api/v1.backup/saveSchedule/')).toBe(true));
    const saved = calls.find((c) => c.url === '/user/api/v1.backup/saveSchedule/')!;
    expect(qs.parse(String(saved.data))).toEqual({ enabled: 'true', hour: '2', keep: '12', keepManual: '5' });
  });
});
