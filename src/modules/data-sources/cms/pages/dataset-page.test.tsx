// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { httpInstances } from '@/core/http';
import { AppProviders } from '@/core/ui/app-providers';
import type { DatasetItem, DatasetPreview } from '@/modules/data-sources/contract';
import DatasetPage from './dataset-page';

const FIELDS: DatasetItem['fields'] = [
  { name: 'xh', label: '学号', type: 'string', sensitive: false, description: '' },
  { name: 'id_card', label: '身份证号', type: 'string', sensitive: true, description: '' },
  { name: 'enrolled_at', label: '入学时间', type: 'datetime', sensitive: false, description: '' },
];
const DATASET: DatasetItem = {
  id: 5,
  name: '本科生学籍',
  sourceId: 3,
  sourceName: '教务系统',
  sourceKind: 'sqlite',
  kind: 'table',
  table: 'student',
  sql: '',
  description: '',
  fields: FIELDS,
  createdAt: 0,
  updatedAt: 0,
  updatedByName: '系统管理员',
};
const preview = (reveal: boolean): DatasetPreview => ({
  fields: FIELDS,
  rows: [
    {
      xh: '20260001',
      id_card: reveal ? '110105200601010001' : '******',
      enrolled_at: new Date(2026, 8, 1, 8).getTime(),
    },
  ],
  masked: !reveal,
  elapsedMs: 4,
});

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
  const b = config.data ? (JSON.parse(String(config.data)) as Record<string, unknown>) : {};
  switch (config.url) {
    case '/data/api/v1.dataset/list/':
      return ok(config, { list: [DATASET], total: 1, page: 1, pageSize: 20 });
    case '/data/api/v1.dataSource/options/':
      return ok(config, [{ id: 3, name: '教务系统', kind: 'sqlite' }]);
    case '/data/api/v1.dataSource/tables/':
      return ok(config, ['student', 'course']);
    case '/data/api/v1.dataset/detect/':
      return ok(
        config,
        FIELDS.map((f) => ({ ...f, label: f.name, sensitive: false })),
      );
    case '/data/api/v1.dataset/preview/':
      return ok(config, preview(!!b.reveal));
    default:
      return ok(config, DATASET);
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
        <DatasetPage />
      </MemoryRouter>
    </AppProviders>,
  );

describe('数据集 page', () => {
  it('lists datasets with their source, table and sensitive field count', async () => {
    renderPage();
    expect(await screen.findByText('本科生学籍')).toBeTruthy();
    expect(screen.getByText('student')).toBeTruthy();
    expect(screen.getByText('1 个敏感')).toBeTruthy();
  });

  it('previews masked, and reveals sensitive fields on request', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '预览' }));
    expect(await screen.findByText('******')).toBeTruthy();
    expect(screen.getByText('2026-09-01 08:00:00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '显示敏感字段' }));
    expect(await screen.findByText('110105200601010001')).toBeTruthy();
    const previews = calls
      .filter((c) => c.url === '/data/api/v1.dataset/preview/')
      .map((c) => JSON.parse(String(c.data)));
    expect(previews).toEqual([
      { id: 5, reveal: false },
      { id: 5, reveal: true },
    ]);
  });

  it('creates a dataset: pick a source and table, detect fields, mark one sensitive, save', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /新建数据集/ }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.change(within(drawer).getByLabelText('名称'), { target: { value: '学生名单' } });
    fireEvent.mouseDown(within(drawer).getByLabelText('数据源'));
    fireEvent.click((await screen.findAllByTitle('教务系统（SQLite 文件）')).at(-1)!);
    fireEvent.change(within(drawer).getByLabelText('数据表'), { target: { value: 'student' } });
    fireEvent.click(within(drawer).getByRole('button', { name: '识别字段' }));
    const sensitive = await within(drawer).findByLabelText('id_card 是否敏感');
    fireEvent.click(sensitive);
    fireEvent.change(within(drawer).getByLabelText('xh 的显示名'), { target: { value: '学号' } });
    fireEvent.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.url === '/data/api/v1.dataset/create/')).toBe(true));
    const sent = JSON.parse(String(calls.find((c) => c.url === '/data/api/v1.dataset/create/')!.data));
    expect(sent).toMatchObject({ name: '学生名单', sourceId: 3, kind: 'table', table: 'student' });
    expect(
      sent.fields.map((f: { name: string; label: string; sensitive: boolean }) => [f.name, f.label, f.sensitive]),
    ).toEqual([
      ['xh', '学号', false],
      ['id_card', 'id_card', true],
      ['enrolled_at', 'enrolled_at', false],
    ]);
  });
});
