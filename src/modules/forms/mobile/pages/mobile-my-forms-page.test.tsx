// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import dayjs from 'dayjs';
import { AppProviders } from '@/core/ui/app-providers';
import MobileMyFormsPage from './mobile-my-forms-page';

vi.mock('@/modules/forms/api', () => ({ listFillableForms: vi.fn(), listMySubmissions: vi.fn() }));
const api = await import('@/modules/forms/api');
const envelope = <T,>(data: T) => ({ errorCode: '0x00000000', message: '成功', data });
const page = <T,>(list: T[]) => envelope({ list, total: list.length, page: 1, pageSize: 20 });

beforeEach(() => {
  vi.mocked(api.listFillableForms).mockResolvedValue(
    page([
      {
        id: 5,
        name: '学生请假申请',
        category: '学生事务',
        description: '因病因事请假',
        version: 1,
        state: 'open',
        opensAt: null,
        closesAt: null,
      },
      {
        id: 6,
        name: '学院讲座报名',
        category: '活动',
        description: '',
        version: 1,
        state: 'notOpen',
        opensAt: Date.UTC(2026, 11, 1, 1),
        closesAt: null,
      },
      {
        id: 7,
        name: '迎新志愿者招募',
        category: '',
        description: '',
        version: 1,
        state: 'closed',
        opensAt: null,
        closesAt: Date.UTC(2026, 8, 1),
      },
    ]) as never,
  );
  vi.mocked(api.listMySubmissions).mockResolvedValue(
    page([
      {
        id: 9,
        formId: 5,
        formName: '学生请假申请',
        version: 1,
        submittedAt: Date.UTC(2026, 10, 20, 2),
        submitter: { id: 3, name: '李明轩', userNo: '20230101101' },
        status: {
          text: '审批中（辅导员审批）',
          tone: 'processing',
          link: '/web/taskCenter/taskApproval?instanceId=40',
        },
      },
      {
        id: 8,
        formId: 6,
        formName: '满意度调查',
        version: 1,
        submittedAt: Date.UTC(2026, 10, 19, 2),
        submitter: { id: 3, name: '李明轩', userNo: '20230101101' },
        status: null,
      },
    ]) as never,
  );
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}
const where = () => screen.getByTestId('where').textContent;
const open = (path = '/mobile/myForms') =>
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/mobile/myForms"
            element={
              <>
                <MobileMyFormsPage />
                <Where />
              </>
            }
          />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );

describe('mobileMyForms', () => {
  it('lists the forms I may fill and opens one on the phone form page', async () => {
    open();
    fireEvent.click(await screen.findByText('学生请假申请'));
    expect(where()).toBe('/mobile/formWrite?formId=5');
    expect(api.listFillableForms).toHaveBeenCalledWith({ page: 1, pageSize: 20, keyword: undefined });
  });

  it('shows 未开始 (with its opening time) and 已截止, and does not open those forms', async () => {
    open();
    expect(await screen.findByText('未开始')).toBeTruthy();
    const opens = dayjs(Date.UTC(2026, 11, 1, 1)).format('YYYY-MM-DD HH:mm');
    expect(screen.getByText(`${opens} 开始填写`)).toBeTruthy();
    expect(screen.getByText('已截止')).toBeTruthy();
    fireEvent.click(screen.getByText('学院讲座报名'));
    fireEvent.click(screen.getByText('迎新志愿者招募'));
    expect(where()).toBe('/mobile/myForms');
  });

  it('lists my submissions with where each stands; one under approval opens its phone progress', async () => {
    open('/mobile/myForms?tab=mine');
    expect(await screen.findByText('审批中（辅导员审批）')).toBeTruthy();
    expect(screen.getByText('已提交')).toBeTruthy();
    fireEvent.click(screen.getByText('学生请假申请'));
    await waitFor(() => expect(where()).toBe('/mobile/mobileFlowChart?instanceId=40'));
  });

  it('sends a desktop form link (?formId=) to the phone form page', async () => {
    open('/mobile/myForms?formId=5');
    await waitFor(() => expect(where()).toBe('/mobile/formWrite?formId=5'));
  });
});
