// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppProviders } from '@/core/ui/app-providers';
import type { TaskListQuery } from '@/modules/workflow/contract';
import { taskRow } from '../testing/fixtures';
import TaskWorkBenchPage from './task-work-bench-page';
import ReservationServicesPage from './reservation-services-page';

vi.mock('@/modules/workflow/api', () => ({
  taskCounts: vi.fn(),
  listTasks: vi.fn(),
  batchApprove: vi.fn(),
  startableProcesses: vi.fn(),
}));
const api = await import('@/modules/workflow/api');
const listTasks = vi.mocked(api.listTasks);
const envelope = <T,>(data: T) => ({ errorCode: '0x00000000', message: '成功', data });

beforeEach(() => {
  vi.mocked(api.taskCounts).mockResolvedValue(envelope({ dsp: 3, wfq: 1, ysp: 12, cswd: 0 }));
  vi.mocked(api.startableProcesses).mockResolvedValue(
    envelope({
      list: [
        {
          processId: 2,
          processName: '学生请假审批',
          formId: 12,
          formName: '学生请假申请',
          category: '学生事务',
          description: '',
        },
      ],
      total: 1,
      page: 1,
      pageSize: 100,
    }),
  );
  listTasks.mockImplementation(async (q: TaskListQuery) =>
    envelope({
      list:
        q.type === 'dsp'
          ? [
              taskRow(),
              taskRow({
                id: 92,
                taskId: 92,
                instanceId: 41,
                title: '李四的请假申请',
                applicantName: '李四',
                batchApprove: false,
                overdue: true,
              }),
            ]
          : [taskRow({ id: 40, taskId: null, title: `${q.type} 的申请`, instanceStatus: 'approved' })],
      total: q.type === 'dsp' ? 25 : 1,
      page: q.page,
      pageSize: q.pageSize,
    }),
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
const open = (path = '/web/taskCenter/taskWorkBench', page = <TaskWorkBenchPage />) =>
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/web/taskCenter/taskWorkBench" element={page} />
          <Route path="/web/taskCenter/reservationServices" element={page} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
const lastQuery = () => listTasks.mock.calls.at(-1)![0];

describe('taskWorkBench', () => {
  it('shows the four types with their counts and lists 待办 first, paged by the server', async () => {
    open();
    expect(await screen.findByText('张三的请假申请')).toBeTruthy();
    const tab = (t: string) => document.querySelector(`[data-tab="${t}"]`)!;
    await waitFor(() => expect(tab('dsp').textContent).toContain('3'));
    expect(tab('dsp').textContent).toContain('待办');
    expect(tab('ysp').textContent).toContain('12');
    expect(tab('cswd').textContent).toBe('抄送我的');
    expect(lastQuery()).toMatchObject({ type: 'dsp', page: 1, pageSize: 10 });
    expect(screen.getByText('共 25 条')).toBeTruthy();
    expect(screen.getByText('已超时')).toBeTruthy();
    // Page 2 is asked of the server.
    fireEvent.click(document.querySelector('.ant-pagination-item-2')!);
    await waitFor(() => expect(lastQuery()).toMatchObject({ type: 'dsp', page: 2 }));
  });

  it('switches type by tab and keeps it in the address', async () => {
    open('/web/taskCenter/taskWorkBench?type=ysp');
    expect(await screen.findByText('ysp 的申请')).toBeTruthy();
    expect(lastQuery().type).toBe('ysp');
    fireEvent.click(document.querySelector('[data-tab="wfq"]')!);
    expect(await screen.findByText('wfq 的申请')).toBeTruthy();
    expect(lastQuery().type).toBe('wfq');
    // No batch approve outside 待办.
    expect(screen.queryByRole('button', { name: /批量同意/ })).toBeNull();
  });

  it('offers no 批量同意 where nothing may be approved from the list (a student’s empty 待办)', async () => {
    listTasks.mockImplementation(async (q: TaskListQuery) =>
      envelope({ list: [], total: 0, page: q.page, pageSize: q.pageSize }),
    );
    open();
    await waitFor(() => expect(lastQuery()).toMatchObject({ type: 'dsp' }));
    expect(await screen.findByText('暂无数据')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /批量同意/ })).toBeNull();
    expect(document.querySelector('.ant-table-selection-column')).toBeNull();
  });

  it('sends search and filters to the server', async () => {
    open();
    await screen.findByText('张三的请假申请');
    fireEvent.change(screen.getByPlaceholderText('搜索标题'), { target: { value: ' 请假 ' } });
    fireEvent.keyDown(screen.getByPlaceholderText('搜索标题'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(lastQuery()).toMatchObject({ keyword: '请假', page: 1 }));
    fireEvent.change(screen.getByPlaceholderText('申请人姓名'), { target: { value: '李四' } });
    fireEvent.keyDown(screen.getByPlaceholderText('申请人姓名'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(lastQuery()).toMatchObject({ keyword: '请假', applicant: '李四' }));
    fireEvent.click(screen.getByText('仅看超时'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ overdue: 1 }));
  });

  it('opens a pending row as its task and another type as its instance', async () => {
    open();
    fireEvent.click(await screen.findByText('张三的请假申请'));
    expect(screen.getByTestId('where').textContent).toBe('/web/taskCenter/taskApproval?taskId=91');
  });

  it('approves the selected rows whose node allows it and lists the ones the server refused', async () => {
    vi.mocked(api.batchApprove).mockResolvedValue(
      envelope({ approved: [], failed: [{ taskId: 91, message: '该任务已被他人处理' }] }),
    );
    open();
    await screen.findByText('张三的请假申请');
    const boxes = () => Array.from(document.querySelectorAll<HTMLInputElement>('tbody input[type="checkbox"]'));
    expect(boxes().map((b) => b.disabled)).toEqual([false, true]);
    const button = screen.getByRole('button', { name: /批量同意/ });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(boxes()[0]);
    await waitFor(() => expect(screen.getByRole('button', { name: /批量同意（1）/ })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: /批量同意（1）/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('审批意见（选填）'), { target: { value: '同意' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '同 意' }));
    await waitFor(() => expect(api.batchApprove).toHaveBeenCalledWith([91], '同意'));
    expect(await screen.findByText('张三的请假申请：该任务已被他人处理')).toBeTruthy();
  });
});

describe('reservationServices', () => {
  it('lists pending tasks of the booking category', async () => {
    open('/web/taskCenter/reservationServices', <ReservationServicesPage />);
    await screen.findByText('张三的请假申请');
    expect(lastQuery()).toMatchObject({ type: 'dsp', category: '预约' });
    expect(api.startableProcesses).toHaveBeenCalledWith(expect.objectContaining({ category: '预约' }));
  });
});
