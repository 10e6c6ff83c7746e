// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '@/core/ui/app-providers';
import type { MetricSource } from '../../contract';
import type { DashboardDetail } from '../../dashboard-contract';
import DashboardDesignPage from './dashboard-design-page';

vi.mock('@/modules/bi/dashboard-api', () => ({
  getDashboard: vi.fn(),
  saveDashboard: vi.fn(),
  previewData: vi.fn(),
  dashboardSource: vi.fn(),
  dashboardOptions: vi.fn(),
  audienceOptions: vi.fn(),
  publishDashboard: vi.fn(),
}));
vi.mock('@/modules/data-tables/api', () => ({ listTables: vi.fn() }));
vi.mock('../../web/dashboard/dash-chart', () => ({ default: () => <div role="img" aria-label="图表" /> }));
const api = await import('@/modules/bi/dashboard-api');
const tablesApi = await import('@/modules/data-tables/api');
const envelope = <T,>(data: T) => ({ errorCode: '0x00000000', message: '成功', data });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const detail: DashboardDetail = {
  id: 9,
  name: '新看板',
  description: '',
  theme: 'light',
  status: 'draft',
  widgetCount: 0,
  version: null,
  audience: { platformIds: [], roleCodes: [], isPublic: false },
  audienceText: '',
  updatedAt: 1,
  publishedAt: null,
  widgets: [],
};
const source: MetricSource = {
  code: 'ykt_txn',
  name: '一卡通流水',
  fields: [
    { name: 'txn_id', label: '流水号', type: 'integer' },
    { name: 'merchant_name', label: '商户', type: 'string' },
    { name: 'occurred_at', label: '交易时间', type: 'datetime' },
  ],
};

describe('仪表板设计', () => {
  it('adds widgets from the palette with metrics their type needs, switches the theme and saves the draft', async () => {
    vi.mocked(api.getDashboard).mockResolvedValue(envelope(detail));
    vi.mocked(api.saveDashboard).mockResolvedValue(envelope({ id: 9 }));
    vi.mocked(api.previewData).mockResolvedValue(envelope({}));
    vi.mocked(api.dashboardSource).mockResolvedValue(envelope(source));
    vi.mocked(api.dashboardOptions).mockResolvedValue(envelope([]));
    vi.mocked(tablesApi.listTables).mockResolvedValue(
      envelope({ list: [{ code: 'ykt_txn', name: '一卡通流水' }], total: 1, page: 1, pageSize: 200 }) as never,
    );
    render(
      <AppProviders>
        <MemoryRouter initialEntries={['/cms/plugins/bi/dashboardDesign?id=9']}>
          <DashboardDesignPage />
        </MemoryRouter>
      </AppProviders>,
    );
    const palette = await screen.findByLabelText('组件库');
    await waitFor(() => expect(tablesApi.listTables).toHaveBeenCalled());
    fireEvent.click(palette.querySelectorAll('button')[1]!); // 柱状图
    expect(await screen.findByText('组件设置：柱状图')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('组件标题'), { target: { value: '各商户消费笔数' } });
    fireEvent.click(palette.querySelectorAll('button')[0]!); // 折线图
    expect(await screen.findByText('组件设置：折线图')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('仪表板名称'), { target: { value: '消费看板' } });
    fireEvent.click(screen.getByText('深色'));
    fireEvent.click(screen.getByRole('button', { name: '保存草稿' }));
    await waitFor(() => expect(api.saveDashboard).toHaveBeenCalledTimes(1));
    const saved = vi.mocked(api.saveDashboard).mock.calls[0]![0];
    expect(saved).toMatchObject({ id: 9, name: '消费看板', theme: 'dark' });
    expect(saved.widgets.map((w) => [w.type, w.title, w.metric.table, w.metric.dimension, w.metric.grain])).toEqual([
      ['bar', '各商户消费笔数', 'ykt_txn', 'merchant_name', null],
      ['line', '折线图', 'ykt_txn', null, 'day'],
    ]);
    // The second widget goes under the first.
    expect(saved.widgets[1]!.y).toBeGreaterThanOrEqual(saved.widgets[0]!.y + saved.widgets[0]!.h);
    // Live data asked for the widgets as they stand.
    await waitFor(() => expect(api.previewData).toHaveBeenCalled());
  });
});
