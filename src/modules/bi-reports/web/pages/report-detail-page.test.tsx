// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '@/core/ui/app-providers';
import type { ReportViewDetail, RunResult } from '../../contract';
import ReportDetailPage from './report-detail-page';

vi.mock('@/modules/bi-reports/api', () => ({
  getReportView: vi.fn(),
  getParamOptions: vi.fn(),
  runReport: vi.fn(),
  exportReportExcel: vi.fn(),
  exportReportPdf: vi.fn(),
}));
vi.mock('@/core/ui/save-file', () => ({ saveFile: vi.fn() }));
const api = await import('@/modules/bi-reports/api');
const { saveFile } = await import('@/core/ui/save-file');
const envelope = <T,>(data: T) => ({ errorCode: '0x00000000', message: '成功', data });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const detail: ReportViewDetail = {
  id: 4,
  name: '各学院学生人数',
  description: '按身份、学院统计人数',
  tableName: '校园卡',
  params: [
    {
      name: 'kind',
      label: '身份',
      field: 'holder_kind',
      op: 'eq',
      defaultValue: '学生',
      required: false,
      fieldType: 'string',
    },
  ],
};
const result = (kind: string): RunResult => ({
  title: '各学院学生人数',
  columns: [
    { label: '身份', kind: 'key', decimals: 0, thousands: false },
    { label: '学院', kind: 'key', decimals: 0, thousands: false },
    { label: '人数', kind: 'measure', decimals: 0, thousands: true },
  ],
  rows: [
    { type: 'header', level: 0, cells: [`身份：${kind}`, null, null] },
    { type: 'row', level: 1, cells: ['', '计算机科学与技术学院', 1234] },
    { type: 'row', level: 1, cells: ['', '机械工程学院', 987] },
    { type: 'subtotal', level: 0, cells: [`${kind} 小计`, '', 2221] },
    { type: 'total', level: -1, cells: ['合计', '', 2221] },
  ],
  totalGroups: 1,
  page: 1,
  pageSize: 20,
  truncated: false,
  params: [{ label: '身份', text: kind }],
});

function renderPage() {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={['/web/bi/reportDetail?id=4']}>
        <ReportDetailPage />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('报表详情', () => {
  it('runs with the defaults, styles subtotal and total rows, reruns with a chosen value and exports', async () => {
    vi.mocked(api.getReportView).mockResolvedValue(envelope(detail) as never);
    vi.mocked(api.getParamOptions).mockResolvedValue(envelope(['学生', '教职工']) as never);
    vi.mocked(api.runReport).mockImplementation(async (b) => envelope(result(String(b.params.kind))) as never);
    const blob = new Blob(['x']);
    vi.mocked(api.exportReportExcel).mockResolvedValue({ ...envelope(null), data: blob } as never);
    vi.mocked(api.exportReportPdf).mockResolvedValue({ ...envelope(null), data: blob } as never);
    const { container } = renderPage();

    expect(await screen.findByText('各学院学生人数')).toBeTruthy();
    expect(await screen.findByText('计算机科学与技术学院')).toBeTruthy();
    expect(api.runReport).toHaveBeenCalledWith({ id: 4, params: { kind: '学生' }, page: 1, pageSize: 20 });
    expect(screen.getByText('1,234')).toBeTruthy();
    const subtotal = screen.getByText('学生 小计').closest('tr')!;
    const total = screen.getByText('合计').closest('tr')!;
    expect(subtotal.className).toMatch(/subtotal/);
    expect(total.className).toMatch(/total/);
    expect(total.textContent).toContain('2,221');
    expect(container.querySelector('tr[class*="header"]')?.textContent).toContain('身份：学生');

    // Choose 教职工 in the select, then 查询.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '身份' }));
    fireEvent.click(await screen.findByTitle('教职工'));
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(api.runReport).toHaveBeenLastCalledWith({ id: 4, params: { kind: '教职工' }, page: 1, pageSize: 20 }),
    );
    expect(await screen.findByText('教职工 小计')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /导出 Excel/ }));
    await waitFor(() => expect(api.exportReportExcel).toHaveBeenCalledWith(4, { kind: '教职工' }));
    await waitFor(() =>
      expect(saveFile).toHaveBeenCalledWith(blob, expect.stringMatching(/^各学院学生人数-\d{8}-\d{4}\.xlsx$/)),
    );
    fireEvent.click(screen.getByRole('button', { name: /导出 PDF/ }));
    await waitFor(() => expect(api.exportReportPdf).toHaveBeenCalledWith(4, { kind: '教职工' }));
  });

  it('says so when the report cannot be opened (not in its audience)', async () => {
    vi.mocked(api.getReportView).mockRejectedValue(new Error('您无权查看该报表'));
    renderPage();
    expect(await screen.findByText('无法打开该报表')).toBeTruthy();
    expect(api.runReport).not.toHaveBeenCalled();
  });
});
