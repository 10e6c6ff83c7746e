// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { httpInstances } from '@/core/http';
import { AppProviders } from '@/core/ui/app-providers';
import type { ChangeItem, TableView } from '../../contract';
import DataTablePage from './data-table-page';
import DataTableEditPage from './data-table-edit-page';
import DataTableRecordsPage from './data-table-records-page';
import { sentBody } from '@/core/testing/sent-body';

const VIEW: TableView = {
  id: 5,
  code: 'scores',
  name: '课程成绩',
  description: '本学期成绩',
  ownerDepartmentName: '教务处',
  uniqueKey: ['stu_no'],
  canEdit: true,
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
      name: 'score',
      label: '成绩',
      type: 'decimal',
      required: false,
      indexed: false,
      visibility: 'all',
      description: '',
      sort: 1,
    },
    {
      name: 'passed',
      label: '通过',
      type: 'boolean',
      required: false,
      indexed: false,
      visibility: 'all',
      description: '',
      sort: 2,
    },
  ],
};
const ROW = { _id: 11, _version: 3, stu_no: '2026001', score: 91.5, passed: true };
const CHANGE: ChangeItem = {
  id: 77,
  rowId: 11,
  action: 'update',
  source: 'edit',
  before: { stu_no: '2026001', score: 60, passed: false },
  after: { stu_no: '2026001', score: 91.5, passed: true },
  actorName: '王建国',
  createdAt: Date.UTC(2026, 10, 20, 8),
  reason: '数据纠错 #3：成绩漏登',
  restorable: true,
};

const calls: InternalAxiosRequestConfig[] = [];
let saveStatus = 200;
const ok = (
  config: InternalAxiosRequestConfig,
  data: unknown,
  status = 200,
  errorCode = '0x00000000',
  message = '成功',
) => ({
  data: { errorCode, message, data },
  status,
  statusText: 'OK',
  headers: {},
  config,
});
const adapter: AxiosAdapter = async (config) => {
  calls.push(config);
  switch (config.url) {
    case '/data/api/v1.dataRows/tables/':
      return ok(config, {
        list: [{ id: 5, name: '课程成绩', ownerDepartmentName: '教务处', description: '本学期成绩', fieldCount: 3 }],
        total: 1,
        page: 1,
        pageSize: 50,
      });
    case '/data/api/v1.dataRows/view/':
      return ok(config, VIEW);
    case '/data/api/v1.dataRows/list/':
      return ok(config, { list: [ROW], total: 1, totalExact: true, page: 1, pageSize: 20 });
    case '/data/api/v1.dataRows/changes/':
      return ok(config, { list: [CHANGE], total: 1, page: 1, pageSize: 20 });
    case '/data/api/v1.dataRows/save/':
      if (saveStatus === 409)
        return ok(config, null, 409, '0x00000409', '该行已被他人修改，请刷新后重新编辑（您的修改未保存）');
      return ok(config, ROW);
    default:
      return ok(config, null);
  }
};

beforeEach(() => {
  calls.length = 0;
  saveStatus = 200;
  httpInstances.normal.defaults.adapter = adapter;
  httpInstances.slow.defaults.adapter = adapter;
});
afterEach(cleanup);

const at = (node: React.ReactNode, path = '/web/datasource/dataTable?id=5') =>
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
    </AppProviders>,
  );
const last = (url: string) => calls.filter((c) => c.url === url).at(-1);

describe('数据表 pages', () => {
  it('browses the table with a filter on every column and sorts on the server', async () => {
    at(<DataTablePage />);
    expect(await screen.findByText('2026001', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByText('共 1 行')).toBeTruthy();
    expect(screen.getByText('是')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('筛选 成绩'), { target: { value: '90~100' } });
    fireEvent.change(screen.getByLabelText('筛选 学号'), { target: { value: '2026' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(last('/data/api/v1.dataRows/list/')!.params).toMatchObject({
        id: 5,
        page: 1,
        filters: JSON.stringify({ score: '90~100', stu_no: '2026' }),
      }),
    );
    fireEvent.click(screen.getByRole('columnheader', { name: /成绩/ }));
    await waitFor(() =>
      expect(last('/data/api/v1.dataRows/list/')!.params).toMatchObject({ sortField: 'score', sortOrder: 'asc' }),
    );
    expect(screen.getByRole('button', { name: /编辑数据/ })).toBeTruthy();
  });

  it('lists the tables the user may see when none is chosen, and opens one', async () => {
    at(<DataTablePage />, '/web/datasource/dataTable');
    const link = await screen.findByRole('link', { name: '课程成绩' }, { timeout: 8000 });
    expect(link.getAttribute('href')).toBe('?id=5');
    expect(screen.getByText('本学期成绩')).toBeTruthy();
    expect(last('/data/api/v1.dataRows/view/')).toBeUndefined();
    fireEvent.click(link);
    expect(await screen.findByText('2026001', {}, { timeout: 8000 })).toBeTruthy();
    expect(last('/data/api/v1.dataRows/view/')!.params).toMatchObject({ id: 5 });
  });

  it('sends the row version with an edit and reloads after a stale-edit refusal', async () => {
    at(<DataTableEditPage />, '/web/datasource/dataTableEdit?id=5');
    await screen.findByText('2026001', {}, { timeout: 8000 });
    fireEvent.click(screen.getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    const score = within(dialog).getByRole('spinbutton');
    expect((score as HTMLInputElement).value).toBe('91.5');
    fireEvent.change(score, { target: { value: '95' } });
    fireEvent.blur(score);
    saveStatus = 409;
    const before = calls.filter((c) => c.url === '/data/api/v1.dataRows/list/').length;
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(last('/data/api/v1.dataRows/save/')).toBeTruthy());
    expect(JSON.parse(String(last('/data/api/v1.dataRows/save/')!.data))).toMatchObject({
      id: 5,
      rowId: 11,
      version: 3,
      values: { stu_no: '2026001', score: 95, passed: true },
    });
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/data/api/v1.dataRows/list/').length).toBeGreaterThan(before),
    );
  });

  it('shows who changed what and restores the value before a change', async () => {
    at(<DataTableRecordsPage />, '/web/datasource/dataTableOperaRecords?id=5');
    expect(await screen.findByText('王建国', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByText('60 → 91.5', { exact: false })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /恢复原值/ }));
    fireEvent.click(await screen.findByRole('button', { name: /^恢\s*复$/ }));
    await waitFor(() => expect(sentBody(last('/data/api/v1.dataRows/restore/')!)).toEqual({ id: 5, changeId: 77 }));
  });
});
