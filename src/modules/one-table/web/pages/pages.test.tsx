// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppProviders } from '@/core/ui/app-providers';
import type { MyDataView } from '../../contract';
import MyDataCenterPage from './my-data-center-page';
import ErrorCorrectionPage, { correctableChoices } from './error-correction-page';
import { move } from '../../cms/pages/page-manage-page';

vi.mock('@/modules/one-table/api', () => ({
  getMyData: vi.fn(),
  revealValue: vi.fn(),
  submitCorrection: vi.fn(),
  uploadEvidence: vi.fn(),
}));
const api = await import('@/modules/one-table/api');
const envelope = <T,>(data: T) => ({ errorCode: '0x00000000', message: '已提交', data });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const view: MyDataView = {
  person: { userNo: '20230101101', name: '李明轩', audience: 'undergraduate', department: '计算机科学与技术学院' },
  groups: [
    {
      key: 'dorm',
      title: '住宿信息',
      tableCode: 'mj_bed',
      source: '住宿床位',
      available: true,
      more: false,
      rows: [
        {
          rowId: 7,
          updatedAt: Date.UTC(2026, 10, 20, 2),
          values: [
            { name: 'room_no', label: '房间号', value: '101', masked: false, correctable: true, pending: false },
            { name: 'bed_no', label: '床号', value: '2', masked: false, correctable: true, pending: true },
          ],
        },
      ],
    },
    {
      key: 'card',
      title: '校园卡',
      tableCode: 'ykt_card',
      source: '校园卡',
      available: true,
      more: false,
      rows: [
        {
          rowId: 3,
          updatedAt: null,
          values: [{ name: 'balance', label: '余额', value: null, masked: true, correctable: false, pending: false }],
        },
      ],
    },
  ],
};

const at = (path: string, el: React.ReactNode) =>
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/web/oneTablePlatform/myDataCenter" element={el} />
          <Route path="/web/oneTablePlatform/errorCorrectionPage" element={el} />
          <Route path="/web/oneTablePlatform/errorCorrectionRecord" element={<div>纠错记录页</div>} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );

describe('one-table pages', () => {
  it('my data: groups with source, masked value revealed on request, 纠错 links and 审核中', async () => {
    vi.mocked(api.getMyData).mockResolvedValue(envelope(view) as never);
    vi.mocked(api.revealValue).mockResolvedValue(envelope({ value: '88.50' }) as never);
    at('/web/oneTablePlatform/myDataCenter', <MyDataCenterPage />);
    expect(await screen.findByText('住宿信息')).toBeTruthy();
    expect(screen.getAllByText(/来源：住宿床位/).length).toBe(1);
    expect(screen.getByText('纠错审核中')).toBeTruthy();
    expect(screen.getByRole('link', { name: '纠错' }).getAttribute('href')).toContain(
      'table=mj_bed&row=7&field=room_no',
    );
    fireEvent.click(screen.getByRole('button', { name: '查看余额' }));
    expect(await screen.findByText('88.50')).toBeTruthy();
    expect(api.revealValue).toHaveBeenCalledWith({ tableCode: 'ykt_card', rowId: 3, field: 'balance' });
  });

  it('correction: the linked value is preselected; submit sends it and opens the records', async () => {
    vi.mocked(api.getMyData).mockResolvedValue(envelope(view) as never);
    vi.mocked(api.submitCorrection).mockResolvedValue(envelope({ id: 1 }) as never);
    at('/web/oneTablePlatform/errorCorrectionPage?table=mj_bed&row=7&field=room_no', <ErrorCorrectionPage />);
    expect(await screen.findByText('101')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('填写正确的值'), { target: { value: '305' } });
    fireEvent.change(screen.getByPlaceholderText('说明错误原因，便于负责部门核实'), {
      target: { value: '已调换宿舍' },
    });
    fireEvent.click(screen.getByRole('button', { name: /提交纠错申请/ }));
    await waitFor(() =>
      expect(api.submitCorrection).toHaveBeenCalledWith({
        tableCode: 'mj_bed',
        rowId: 7,
        field: 'room_no',
        newValue: '305',
        reason: '已调换宿舍',
        evidence: [],
      }),
    );
    expect(await screen.findByText('纠错记录页')).toBeTruthy();
  });

  it('only correctable values without a pending request are offered; move keeps the ends', () => {
    expect(correctableChoices(view).map((c) => c.field)).toEqual(['room_no']);
    expect(move([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(move([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
  });
});
