// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import dayjs from 'dayjs';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { httpInstances } from '@/core/http';
import { AppProviders } from '@/core/ui/app-providers';
import type { AuditRow } from '@/modules/maintenance/contract';
import { toFilter } from '../components/audit-filters';
import AuditLogPage from './audit-log-page';

const ROW: AuditRow = {
  id: 9,
  at: Date.UTC(2026, 10, 20, 8),
  actorId: 1,
  actorName: 'admin',
  action: 'backup_restored',
  target: 'x.jsonl.gz',
  detail: null,
  ip: '10.0.0.1',
  result: 'ok',
};

const calls: InternalAxiosRequestConfig[] = [];
const adapter: AxiosAdapter = async (config) => {
  calls.push(config);
  if (config.url === '/user/api/v1.audit/export/') {
    return {
      data: new Blob(['xlsx']),
      status: 200,
      statusText: 'OK',
      headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      config,
    };
  }
  const data = { list: [ROW], total: 41, page: 1, pageSize: 20 };
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
  URL.createObjectURL = () => 'blob:x';
  URL.revokeObjectURL = () => undefined;
});
afterEach(cleanup);

const renderPage = () =>
  render(
    <AppProviders>
      <MemoryRouter>
        <AuditLogPage />
      </MemoryRouter>
    </AppProviders>,
  );
const lists = () => calls.filter((c) => c.url === '/user/api/v1.audit/list/');

async function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const items = await screen.findAllByTitle(option);
  fireEvent.click(items[items.length - 1]!);
}

describe('审计日志 page', () => {
  it("shows rows with Chinese action names and the server's total", async () => {
    renderPage();
    expect(await screen.findByText('恢复备份')).toBeTruthy();
    expect(screen.getByText('共 41 条')).toBeTruthy();
    expect(lists()[0]!.params).toEqual({ page: 1, pageSize: 20 });
  });

  it('sends the chosen filters to the server and starts again at page 1', async () => {
    renderPage();
    await screen.findByText('恢复备份');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(lists().at(-1)!.params).toMatchObject({ page: 2 }));

    await pick('操作', '登录失败');
    fireEvent.change(screen.getByLabelText('操作人'), { target: { value: '  zhang ' } });
    await pick('结果', '失败');
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(lists().at(-1)!.params).toEqual({
        action: 'login_failed',
        actor: 'zhang',
        result: 'fail',
        page: 1,
        pageSize: 20,
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/user/api/v1.audit/export/')?.params).toEqual({
        action: 'login_failed',
        actor: 'zhang',
        result: 'fail',
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(lists().at(-1)!.params).toEqual({ page: 1, pageSize: 20 }));
  });

  it('turns a date range into whole days in milliseconds', () => {
    const start = dayjs('2026-11-01 15:20');
    const end = dayjs('2026-11-03 09:00');
    expect(toFilter({ range: [start, end] })).toEqual({
      from: dayjs('2026-11-01 00:00:00.000').valueOf(),
      to: dayjs('2026-11-03 23:59:59.999').valueOf(),
    });
    expect(toFilter({ range: [null, end], actor: '   ' })).toEqual({ to: dayjs('2026-11-03 23:59:59.999').valueOf() });
  });
});
