// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '@/core/ui/app-providers';
import type { AggregateRow, Metric } from '../../contract';
import type { DashboardData, DashboardView, LinkFilter, Widget } from '../../dashboard-contract';
import DashboardDetailPage from './dashboard-detail-page';

vi.mock('@/modules/bi/dashboard-api', () => ({ viewDashboard: vi.fn(), dashboardData: vi.fn() }));
// ECharts draws on a canvas jsdom lacks: the fake chart lists its categories as buttons and reports a
// click the way the real one does (the dimension value), so the page's linkage is what is tested.
vi.mock('../dashboard/dash-chart', () => ({
  default: ({ widget, rows, onPick }: { widget: Widget; rows: AggregateRow[]; onPick?: (v: string) => void }) => (
    <div role="img" aria-label={`${widget.title}图表`}>
      {rows.map((r) => (
        <button key={`${r.period}-${r.dim}`} type="button" onClick={() => r.dim && onPick?.(r.dim)}>
          {`${r.period ?? ''}${r.dim ?? ''}=${r.value}`}
        </button>
      ))}
    </div>
  ),
}));
const api = await import('@/modules/bi/dashboard-api');
const envelope = <T,>(data: T) => ({ errorCode: '0x00000000', message: '成功', data });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const metric = (m: Partial<Metric>): Metric => ({
  table: 'ykt_txn',
  aggregation: 'count',
  measure: null,
  filters: [],
  dimension: null,
  timeField: null,
  grain: null,
  window: null,
  ...m,
});
const w = (id: string, type: Widget['type'], title: string, m: Partial<Metric>, x = 0): Widget => ({
  id,
  type,
  title,
  x,
  y: 0,
  w: 6,
  h: 4,
  metric: metric(m),
  options: {},
  drillDashboardId: null,
});
const view: DashboardView = {
  id: 5,
  name: '一卡通消费概览',
  description: '',
  theme: 'light',
  version: 1,
  publishedAt: Date.parse('2026-11-24T09:00:00+08:00'),
  widgets: [
    w('bar', 'bar', '各商户消费笔数', { dimension: 'merchant_name' }),
    w('pie', 'pie', '消费类别占比', { dimension: 'kind' }, 6),
  ],
};
const answer = (merchant: string | null): DashboardData => ({
  bar: {
    ok: true,
    truncated: false,
    rows: [
      { period: null, dim: '一食堂', value: 3 },
      { period: null, dim: '超市', value: 1 },
    ],
  },
  pie: {
    ok: true,
    truncated: false,
    rows:
      merchant === '超市'
        ? [{ period: null, dim: 'shop', value: 1 }]
        : [
            { period: null, dim: 'canteen', value: 3 },
            { period: null, dim: 'shop', value: 1 },
          ],
  },
});

describe('仪表板 detail: linkage', () => {
  it('a click on a bar re-queries the others with the filter, shows it as a chip, and clears it', async () => {
    vi.mocked(api.viewDashboard).mockResolvedValue(envelope(view));
    vi.mocked(api.dashboardData).mockImplementation(async (_id: number, filters: LinkFilter[]) =>
      envelope(answer(filters.find((f) => f.field === 'merchant_name')?.values[0] ?? null)),
    );
    render(
      <AppProviders>
        <MemoryRouter initialEntries={['/web/bi/detail?id=5']}>
          <DashboardDetailPage />
        </MemoryRouter>
      </AppProviders>,
    );
    const pie = await screen.findByRole('img', { name: '消费类别占比图表' }, { timeout: 8000 });
    expect(await within(pie).findByText('canteen=3')).toBeTruthy();
    expect(api.dashboardData).toHaveBeenLastCalledWith(5, []);

    const bar = screen.getByRole('img', { name: '各商户消费笔数图表' });
    fireEvent.click(within(bar).getByText('超市=1'));
    await waitFor(() =>
      expect(api.dashboardData).toHaveBeenLastCalledWith(5, [
        { field: 'merchant_name', values: ['超市'], from: 'bar' },
      ]),
    );
    await waitFor(() => expect(within(pie).queryByText('canteen=3')).toBeNull());
    expect(within(pie).getByText('shop=1')).toBeTruthy();
    const chips = screen.getByLabelText('联动筛选');
    expect(within(chips).getByText('各商户消费笔数：超市')).toBeTruthy();

    fireEvent.click(within(chips).getByRole('button', { name: '清除筛选' }));
    await waitFor(() => expect(api.dashboardData).toHaveBeenLastCalledWith(5, []));
    expect(await within(pie).findByText('canteen=3')).toBeTruthy();
  });

  it('a drill-down page starts with the filter from its address', async () => {
    vi.mocked(api.viewDashboard).mockResolvedValue(envelope(view));
    vi.mocked(api.dashboardData).mockResolvedValue(envelope(answer('超市')));
    render(
      <AppProviders>
        <MemoryRouter initialEntries={['/web/bi/linkageDetail?id=5&field=merchant_name&value=%E8%B6%85%E5%B8%82']}>
          <DashboardDetailPage />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByText('merchant_name = 超市')).toBeTruthy();
    await waitFor(() =>
      expect(api.dashboardData).toHaveBeenCalledWith(5, [{ field: 'merchant_name', values: ['超市'] }]),
    );
  });
});
