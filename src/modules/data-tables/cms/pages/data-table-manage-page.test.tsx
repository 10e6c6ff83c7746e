// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { httpInstances } from '@/core/http';
import { AppProviders } from '@/core/ui/app-providers';
import type { DdlPlan, TableDetail } from '../../contract';
import DataTableManagePage from './data-table-manage-page';

const DETAIL: TableDetail = {
  id: 3,
  code: 'scores',
  name: '课程成绩',
  description: '',
  fields: [
    {
      name: 'stu_no',
      label: '学号',
      type: 'string',
      required: true,
      indexed: true,
      visibility: 'all',
      description: '',
      sort: 0,
    },
    {
      name: 'remark',
      label: '备注',
      type: 'text',
      required: false,
      indexed: false,
      visibility: 'all',
      description: '',
      sort: 1,
    },
  ],
  uniqueKey: ['stu_no'],
  ownerDepartmentId: null,
  ownerDepartmentName: null,
  scopeField: null,
  version: 4,
  reportCycle: 'none',
  reportDeadlineDay: 1,
  isPublic: false,
  lastReportedAt: null,
  updatedAt: Date.UTC(2026, 10, 1),
};
const PLAN: DdlPlan = {
  losesData: true,
  changes: [{ kind: 'dropField', field: 'remark', text: '删除字段：备注（remark），12 行的值将丢失', lostRows: 12 }],
};

const calls: InternalAxiosRequestConfig[] = [];
const adapter: AxiosAdapter = async (config) => {
  calls.push(config);
  const data =
    config.url === '/data/api/v1.dataTable/list/'
      ? { list: [{ ...DETAIL, fieldCount: 2 }], total: 1, page: 1, pageSize: 20 }
      : config.url === '/data/api/v1.dataTable/detail/'
        ? DETAIL
        : config.url === '/data/api/v1.dataTable/plan/'
          ? PLAN
          : config.url === '/user/api/v1.department/getTreeNode/' || config.url === '/data/api/v1.dataTable/ddl/'
            ? []
            : null;
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

const body = (url: string) =>
  JSON.parse(String(calls.filter((c) => c.url === url).at(-1)!.data)) as Record<string, unknown>;

describe('数据表管理 page', () => {
  it('lists the changes a save would make and saves with confirmDataLoss only after the confirmation', async () => {
    render(
      <AppProviders>
        <MemoryRouter>
          <DataTableManagePage />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByText('dt_scores', {}, { timeout: 8000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /设\s*计/ }));
    expect(await screen.findByDisplayValue('备注', {}, { timeout: 8000 })).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: '删除字段' })[1]!);
    fireEvent.click(screen.getByRole('button', { name: /保存修改/ }));
    expect(await screen.findByText('删除字段：备注（remark），12 行的值将丢失')).toBeTruthy();
    expect(body('/data/api/v1.dataTable/plan/')).toMatchObject({
      id: 3,
      version: 4,
      fields: [expect.objectContaining({ name: 'stu_no' })],
    });
    expect(calls.some((c) => c.url === '/data/api/v1.dataTable/save/')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /确认丢失数据并保存/ }));
    await waitFor(() =>
      expect(body('/data/api/v1.dataTable/save/')).toMatchObject({ id: 3, version: 4, confirmDataLoss: true }),
    );
  });
});
