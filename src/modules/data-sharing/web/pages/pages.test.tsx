// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '@/core/ui/app-providers';
import type { ApplicationItem } from '../../contract';
import MyApplyPage from './my-apply-page';

vi.mock('@/modules/data-sharing/api', () => ({
  myApplications: vi.fn(),
  revokeGrant: vi.fn(),
  supplementFields: vi.fn(),
}));
const api = await import('@/modules/data-sharing/api');
const envelope = <T,>(data: T, message = '成功') => ({ errorCode: '0x00000000', message, data });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const item = (over: Partial<ApplicationItem>): ApplicationItem => ({
  id: 1,
  kind: 'apply',
  appId: 1,
  appName: '智慧校园门户',
  datasetId: 1,
  datasetCode: 'course_catalog',
  datasetName: '全校课程目录',
  applicantName: '段霞婷',
  departmentName: '信息化办公室',
  purpose: '门户展示',
  fields: [{ name: 'name', label: '课程名称' }],
  datasetFields: [
    { name: 'name', label: '课程名称' },
    { name: 'credit', label: '学分' },
  ],
  periodStart: '2026-01-01',
  periodEnd: '2026-12-31',
  state: 'approved',
  grantId: 7,
  grantFields: ['name'],
  instanceId: 3,
  taskId: null,
  reply: '',
  batchNo: '',
  createdAt: Date.now(),
  decidedAt: Date.now(),
  ...over,
});

describe('我的申请', () => {
  it('shows each state and sends 补充字段 with only the fields not yet granted', async () => {
    vi.mocked(api.myApplications).mockResolvedValue(
      envelope({
        list: [
          item({}),
          item({ id: 2, datasetName: '科研项目清单', state: 'rejected', grantId: null, reply: '暂不共享' }),
        ],
        total: 2,
        page: 1,
        pageSize: 15,
      }),
    );
    vi.mocked(api.supplementFields).mockResolvedValue(envelope({ id: 9 }));
    render(
      <AppProviders>
        <MemoryRouter>
          <MyApplyPage />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByText('科研项目清单')).toBeTruthy();
    expect(screen.getByText('已通过')).toBeTruthy();
    expect(screen.getByText('已驳回')).toBeTruthy();
    // Only the approved application offers 补充字段 and 撤销.
    expect(screen.getAllByRole('button', { name: /撤\s*销/ })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '补充字段' }));
    expect(screen.queryByLabelText('课程名称（name）')).toBeNull();
    fireEvent.click(await screen.findByLabelText('学分（credit）'));
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() =>
      expect(api.supplementFields).toHaveBeenCalledWith({ grantId: 7, fields: ['credit'], purpose: '门户展示' }),
    );
  });
});
