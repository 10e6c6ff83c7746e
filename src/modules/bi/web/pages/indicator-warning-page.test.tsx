// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '@/core/ui/app-providers';
import type { ValuePoint, WarningItem } from '../../contract';
import IndicatorWarningPage from './indicator-warning-page';

vi.mock('@/modules/bi/api', () => ({
  listWarnings: vi.fn(),
  valueHistory: vi.fn(),
  acknowledgeWarning: vi.fn(),
}));
// The canvas chart is ECharts' business; here: that it gets the history and the thresholds.
vi.mock('../components/value-chart', () => ({
  default: ({ points, thresholds }: { points: ValuePoint[]; thresholds: { value: number }[] }) => (
    <div role="img" aria-label="趋势">
      {points.map((p) => `${p.period}=${p.value}`).join(',')} | {thresholds.map((t) => t.value).join(',')}
    </div>
  ),
}));
const api = await import('@/modules/bi/api');
const envelope = <T,>(data: T) => ({ errorCode: '0x00000000', message: '成功', data });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const warning: WarningItem = {
  id: 7,
  indicatorId: 3,
  indicatorName: '每周课堂缺勤人次',
  unit: '人次',
  status: 'open',
  level: 'warning',
  bound: 'upper',
  threshold: 150,
  period: '2026-11-16',
  value: 207,
  latestValue: 207,
  thresholds: [
    { bound: 'upper', value: 150, level: 'warning' },
    { bound: 'upper', value: 300, level: 'critical' },
  ],
  openedAt: Date.parse('2026-11-23T09:05:00+08:00'),
  notified: [{ userId: 5, name: '曹星国', at: Date.parse('2026-11-23T09:05:00+08:00') }],
  ackName: '',
  ackNote: '',
  ackAt: null,
  closedAt: null,
  closeNote: '',
};

describe('指标预警', () => {
  it('shows the breach, who was told, the history with thresholds, and confirms with a note', async () => {
    vi.mocked(api.listWarnings).mockResolvedValue(envelope({ list: [warning], total: 1, page: 1, pageSize: 5 }));
    vi.mocked(api.valueHistory).mockResolvedValue(
      envelope([
        { period: '2026-11-09', value: 203, evaluatedAt: 1 },
        { period: '2026-11-16', value: 207, evaluatedAt: 1 },
      ]),
    );
    vi.mocked(api.acknowledgeWarning).mockResolvedValue(envelope(null));
    render(
      <AppProviders>
        <MemoryRouter>
          <IndicatorWarningPage />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByText('每周课堂缺勤人次')).toBeTruthy();
    expect(screen.getByText('2026-11-16：207 人次，高于上限 150 人次')).toBeTruthy();
    expect(screen.getByText('曹星国（2026-11-23 09:05，站内消息）')).toBeTruthy();
    expect(api.listWarnings).toHaveBeenCalledWith({ page: 1, pageSize: 5 });
    const chart = await screen.findByRole('img', { name: '趋势' });
    expect(chart.textContent).toBe('2026-11-09=203,2026-11-16=207 | 150,300');
    expect(api.valueHistory).toHaveBeenCalledWith(3, 60);

    fireEvent.click(screen.getByRole('button', { name: /^确\s?认$/ }));
    const dialog = await screen.findByRole('dialog');
    // An empty note is refused before any call.
    fireEvent.click(within(dialog).getByRole('button', { name: /^确\s?认$/ }));
    expect(await within(dialog).findByText('请填写处理说明')).toBeTruthy();
    expect(api.acknowledgeWarning).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('处理说明'), { target: { value: '两个班的期中实习周，已核实' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^确\s?认$/ }));
    await waitFor(() =>
      expect(api.acknowledgeWarning).toHaveBeenCalledWith({ id: 7, note: '两个班的期中实习周，已核实' }),
    );
  });

  it('filters by status in the server call', async () => {
    vi.mocked(api.listWarnings).mockResolvedValue(envelope({ list: [], total: 0, page: 1, pageSize: 5 }));
    render(
      <AppProviders>
        <MemoryRouter>
          <IndicatorWarningPage />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByText('暂无指标预警')).toBeTruthy();
    fireEvent.click(screen.getByText('已恢复'));
    await waitFor(() => expect(api.listWarnings).toHaveBeenLastCalledWith({ page: 1, pageSize: 5, status: 'closed' }));
  });
});
