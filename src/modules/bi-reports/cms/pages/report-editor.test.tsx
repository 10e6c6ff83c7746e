// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '@/core/ui/app-providers';
import type { ReportItem } from '../../contract';
import { ReportEditor } from './report-editor';

vi.mock('@/modules/bi-reports/api', () => ({
  getReportSource: vi.fn(),
  previewReport: vi.fn(),
  saveReport: vi.fn(),
}));
vi.mock('@/modules/data-tables/api', () => ({ listTables: vi.fn() }));
const api = await import('@/modules/bi-reports/api');
const tablesApi = await import('@/modules/data-tables/api');
const envelope = <T,>(data: T) => ({ errorCode: '0x00000000', message: '成功', data });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const report: ReportItem = {
  id: 9,
  name: '一卡通按食堂按月消费汇总',
  description: '按商户、月份汇总',
  tableCode: 'ykt_txn',
  status: 'draft',
  isTemplate: false,
  design: {
    table: 'ykt_txn',
    groups: [
      { field: 'merchant_name', label: '商户', grain: null },
      { field: 'occurred_at', label: '月份', grain: 'month' },
    ],
    columns: [
      { field: null, aggregation: 'count', label: '笔数', decimals: 0, thousands: true },
      { field: 'amount', aggregation: 'sum', label: '金额（元）', decimals: 2, thousands: true },
    ],
    params: [
      { name: 'kind', label: '类别', field: 'kind', op: 'eq', defaultValue: 'canteen', required: false },
      {
        name: 'dates',
        label: '交易日期',
        field: 'occurred_at',
        op: 'range',
        defaultValue: ['2026-11-01', ''],
        required: true,
      },
    ],
    sort: { column: 1, desc: true },
    showTotal: true,
  },
  platforms: [],
  roles: [],
  publishedAt: null,
  updatedAt: 1,
};

function renderEditor(onSaved = vi.fn()) {
  render(
    <AppProviders>
      <MemoryRouter>
        <ReportEditor open report={report} onClose={vi.fn()} onSaved={onSaved} />
      </MemoryRouter>
    </AppProviders>,
  );
  return onSaved;
}

describe('报表编辑', () => {
  it('saves the edited report with its whole design as the contract has it', async () => {
    vi.mocked(tablesApi.listTables).mockResolvedValue(
      envelope({ list: [{ code: 'ykt_txn', name: '一卡通流水' }], total: 1, page: 1, pageSize: 200 }) as never,
    );
    vi.mocked(api.getReportSource).mockResolvedValue(
      envelope({
        code: 'ykt_txn',
        name: '一卡通流水',
        fields: [
          { name: 'merchant_name', label: '商户', type: 'string' },
          { name: 'occurred_at', label: '交易时间', type: 'datetime' },
          { name: 'kind', label: '类别', type: 'string' },
          { name: 'amount', label: '金额', type: 'decimal' },
        ],
      }) as never,
    );
    vi.mocked(api.saveReport).mockResolvedValue(envelope({ id: 9 }) as never);
    const onSaved = renderEditor();
    const name = await screen.findByDisplayValue('一卡通按食堂按月消费汇总');
    fireEvent.change(name, { target: { value: '食堂月度消费' } });
    fireEvent.change(screen.getByDisplayValue('金额（元）'), { target: { value: '消费金额' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.saveReport).toHaveBeenCalledTimes(1));
    expect(api.saveReport).toHaveBeenCalledWith({
      id: 9,
      name: '食堂月度消费',
      description: '按商户、月份汇总',
      isTemplate: false,
      design: {
        ...report.design,
        columns: [report.design.columns[0], { ...report.design.columns[1], label: '消费金额' }],
      },
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(9));
  });

  it('does not save without a name', async () => {
    vi.mocked(tablesApi.listTables).mockResolvedValue(
      envelope({ list: [], total: 0, page: 1, pageSize: 200 }) as never,
    );
    vi.mocked(api.getReportSource).mockResolvedValue(
      envelope({ code: 'ykt_txn', name: '一卡通流水', fields: [] }) as never,
    );
    renderEditor();
    fireEvent.change(await screen.findByDisplayValue('一卡通按食堂按月消费汇总'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(document.querySelector('.ant-form-item-has-error label')?.textContent).toBe('报表名称'));
    expect(api.saveReport).not.toHaveBeenCalled();
  });
});
