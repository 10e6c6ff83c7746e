// @vitest-environment jsdom
import '../../../../core/testing/dom-polyfills';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { HttpError } from '../../../../core/http';
import { AppProviders } from '../../../../core/ui/app-providers';
import { instanceView, taskRow, taskView } from '../../web/testing/fixtures';
import MobileFlowChartPage from '../../../mobile/mobile/pages/mobile-flow-chart-page';
import MobileTaskPendingPage from './mobile-task-pending-page';

vi.mock('../../api', () => ({ listTasks: vi.fn(), getTask: vi.fn(), getInstance: vi.fn(), approveTask: vi.fn(), rejectTask: vi.fn() }));
const api = await import('../../api');
const envelope = <T,>(data: T) => ({ errorCode: '0x00000000', message: '成功', data });

beforeEach(() => {
  vi.mocked(api.listTasks).mockResolvedValue(envelope({
    list: [taskRow(), taskRow({ id: 92, taskId: 92, instanceId: 41, title: '李四的请假申请', applicantName: '李四', overdue: true })],
    total: 2, page: 1, pageSize: 20,
  }));
  vi.mocked(api.getTask).mockResolvedValue(envelope(taskView()));
  vi.mocked(api.getInstance).mockResolvedValue(envelope(instanceView()));
  vi.mocked(api.approveTask).mockResolvedValue(envelope(null));
  vi.mocked(api.rejectTask).mockResolvedValue(envelope(null));
});
afterEach(() => { cleanup(); vi.clearAllMocks(); });

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}
const open = (path = '/mobile/taskPending') => render(
  <AppProviders>
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/mobile/taskPending" element={<MobileTaskPendingPage />} />
        <Route path="/mobile/mobileFlowChart" element={<MobileFlowChartPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>
  </AppProviders>,
);
const button = (name: string) => screen.getAllByRole('button').find((b) => b.textContent?.replace(/\s/g, '') === name)!;

describe('mobileTaskPending', () => {
  it('lists my pending tasks and approves one with a comment', async () => {
    open();
    expect(await screen.findByText('李四的请假申请')).toBeTruthy();
    expect(api.listTasks).toHaveBeenCalledWith({ type: 'dsp', page: 1, pageSize: 20 });
    expect(screen.getByText('已超时')).toBeTruthy();
    expect(screen.getByText('待办审批（2）')).toBeTruthy();
    fireEvent.click(screen.getByText('张三的请假申请'));
    await waitFor(() => expect(api.getTask).toHaveBeenCalledWith(91));
    // The request, read-only, in the sheet.
    await waitFor(() => expect(document.querySelector('[data-field="reason"]')?.textContent).toContain('回家'));
    fireEvent.click(button('同意'));
    fireEvent.change(await screen.findByPlaceholderText('审批意见（选填）'), { target: { value: '同意，注意安全' } });
    fireEvent.click(button('确认同意'));
    await waitFor(() => expect(api.approveTask).toHaveBeenCalledWith({ taskId: 91, comment: '同意，注意安全' }));
    await waitFor(() => expect(api.listTasks).toHaveBeenCalledTimes(2));
  });

  it('returns a request to the applicant only with a reason', async () => {
    open();
    fireEvent.click(await screen.findByText('李四的请假申请'));
    fireEvent.click(button('退回'));
    await screen.findByPlaceholderText('退回原因（必填）');
    fireEvent.click(button('确认退回'));
    expect((await screen.findByRole('alert')).textContent).toBe('请填写退回原因');
    expect(api.rejectTask).not.toHaveBeenCalled();
    fireEvent.change(screen.getByPlaceholderText('退回原因（必填）'), { target: { value: '请补充证明' } });
    fireEvent.click(button('确认退回'));
    await waitFor(() => expect(api.rejectTask).toHaveBeenCalledWith({ taskId: 92, comment: '请补充证明', to: 'applicant' }));
  });

  it('closes the sheet and reloads the list when someone else handled the task first', async () => {
    vi.mocked(api.approveTask).mockRejectedValue(new HttpError('该任务已被他人处理', '0x00000410', 409));
    open();
    fireEvent.click(await screen.findByText('张三的请假申请'));
    fireEvent.click(button('同意'));
    fireEvent.click(await waitFor(() => button('确认同意')));
    await waitFor(() => expect(api.listTasks).toHaveBeenCalledTimes(2));
  });

  it('says so when nothing is pending', async () => {
    vi.mocked(api.listTasks).mockResolvedValue(envelope({ list: [], total: 0, page: 1, pageSize: 20 }));
    open();
    expect(await screen.findByText('暂无待办')).toBeTruthy();
  });

  it('opens the flow chart of the request', async () => {
    open();
    fireEvent.click(await screen.findByText('张三的请假申请'));
    fireEvent.click(button('查看流程进度'));
    await waitFor(() => expect(api.getInstance).toHaveBeenCalledWith(40));
    await waitFor(() => expect(document.querySelector('[data-node="college"]')?.getAttribute('data-progress')).toBe('current'));
  });
});

describe('mobileFlowChart', () => {
  it('draws the instance’s progress and its steps', async () => {
    open('/mobile/mobileFlowChart?instanceId=40');
    await waitFor(() => expect(document.querySelector('[data-node="counsellor"]')?.getAttribute('data-progress')).toBe('done'));
    expect(document.querySelector('[data-node="dorm"]')?.getAttribute('data-progress')).toBe('notStarted');
    expect(screen.getByText('李老师 同意（辅导员审批）')).toBeTruthy();
    expect(screen.getByText('同意，注意安全')).toBeTruthy();
    expect(screen.getByText('王院长 审批中（学院审批）')).toBeTruthy();
  });

  it('keeps the empty state without an instance and shows the server’s refusal', async () => {
    open('/mobile/mobileFlowChart');
    expect(await screen.findByText('暂无流程信息')).toBeTruthy();
    expect(api.getInstance).not.toHaveBeenCalled();
    cleanup();
    vi.mocked(api.getInstance).mockRejectedValue(new HttpError('无权查看该审批单', '0x00000403', 403));
    open('/mobile/mobileFlowChart?instanceId=40');
    expect(await screen.findByText('无权查看该审批单')).toBeTruthy();
  });
});

describe('phone pages stay free of antd', () => {
  it('import nothing from the desktop kit or a web face', () => {
    const roots = [join(__dirname, '..'), join(__dirname, '../../components')];
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(p);
      }
    };
    roots.forEach(walk);
    expect(files.length).toBeGreaterThan(5);
    const offenders = files.filter((f) => /from '(antd|antd\/[^']*|@ant-design\/[^']*)'/.test(readFileSync(f, 'utf8')) || /from '[^']*\/web\//.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
