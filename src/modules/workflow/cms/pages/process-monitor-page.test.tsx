// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '@/core/ui/app-providers';
import type { InstanceView, MonitorItem } from '@/modules/workflow/contract';

const api = vi.hoisted(() => ({
  monitorList: vi.fn(),
  monitorDetail: vi.fn(),
  reassignTask: vi.fn(),
  terminateInstance: vi.fn(),
  listProcesses: vi.fn(),
  getUserList: vi.fn(),
}));
vi.mock('@/modules/workflow/api', () => api);
const { default: ProcessMonitorPage } = await import('./process-monitor-page');

const ok = <T,>(data: T) => Promise.resolve({ errorCode: '0x00000000', message: '成功', data });
const hour = 3_600_000;
const now = Date.now();
const rows: MonitorItem[] = [
  {
    id: 5,
    title: '张三的请假申请',
    processName: '学生请假审批',
    applicantName: '张三',
    startedAt: now - 80 * hour,
    overdue: true,
    waitingAt: [
      { nodeName: '学院审批', assignees: ['王院长', '刘书记'], since: now - 50 * hour, dueAt: now - 2 * hour },
    ],
  },
  {
    id: 6,
    title: '李四的报修',
    processName: '报修审批',
    applicantName: '李四',
    startedAt: now - 3 * hour,
    overdue: false,
    waitingAt: [{ nodeName: '宿管审批', assignees: ['周老师'], since: now - 3 * hour, dueAt: null }],
  },
];
const view = {
  id: 5,
  processId: 1,
  processName: '学生请假审批',
  version: 2,
  formId: 7,
  submissionId: 9,
  kind: 'normal',
  title: '张三的请假申请',
  applicant: { id: 3, name: '张三' },
  status: 'running',
  currentNodes: ['college'],
  startedAt: now - 80 * hour,
  endedAt: null,
  tasks: [
    {
      id: 71,
      nodeId: 'counsellor',
      nodeName: '辅导员审批',
      assigneeId: 20,
      assigneeName: '陈辅导员',
      status: 'approved',
      createdAt: now - 80 * hour,
      handledAt: now - 50 * hour,
      dueAt: null,
    },
    {
      id: 72,
      nodeId: 'college',
      nodeName: '学院审批',
      assigneeId: 21,
      assigneeName: '王院长',
      status: 'pending',
      createdAt: now - 50 * hour,
      handledAt: null,
      dueAt: now - 2 * hour,
    },
  ],
  history: [
    {
      id: 1,
      nodeId: 'start',
      nodeName: '发起',
      actorId: 3,
      actorName: '张三',
      action: 'submit',
      comment: '',
      attachments: [],
      at: now - 80 * hour,
    },
  ],
} as unknown as InstanceView;

const renderPage = () =>
  render(
    <AppProviders>
      <MemoryRouter>
        <ProcessMonitorPage />
      </MemoryRouter>
    </AppProviders>,
  );
const row = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

beforeEach(() => {
  for (const f of Object.values(api)) f.mockReset();
  api.monitorList.mockImplementation(() => ok({ list: rows, total: 2, page: 1, pageSize: 10 }));
  api.monitorDetail.mockImplementation(() => ok(view));
  api.listProcesses.mockImplementation(() =>
    ok({
      list: [
        { id: 1, name: '学生请假审批' },
        { id: 2, name: '报修审批' },
      ],
      total: 2,
      page: 1,
      pageSize: 100,
    }),
  );
  api.getUserList.mockImplementation(() =>
    ok({
      list: [
        {
          id: 40,
          username: 'zhou',
          realName: '周副院长',
          userNo: 'T040',
          kind: 'staff',
          department: null,
          status: 'active',
        },
      ],
      total: 1,
      page: 1,
      pageSize: 20,
    }),
  );
  api.reassignTask.mockImplementation(() => ok(null));
  api.terminateInstance.mockImplementation(() => ok(null));
});
afterEach(cleanup);

describe('process monitor', () => {
  it('shows where each request waits, for whom, since when, and marks the overdue ones', async () => {
    renderPage();
    const late = await row('张三的请假申请');
    expect(within(late).getByText('超时')).toBeTruthy();
    expect(within(late).getByText('已超时')).toBeTruthy();
    expect(within(late).getByText('学院审批')).toBeTruthy();
    expect(within(late).getByText(/王院长、刘书记/)).toBeTruthy();
    expect(within(late).getByText(/已等待 2 天 2 小时/)).toBeTruthy();
    const fresh = await row('李四的报修');
    expect(within(fresh).queryByText('超时')).toBeNull();
    expect(within(fresh).getByText(/已等待 3 小时/)).toBeTruthy();
  });

  it('filters by process, overdue and title on the server', async () => {
    renderPage();
    await row('张三的请假申请');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '流程' }));
    const items = await screen.findAllByText('报修审批', { selector: '.ant-select-item-option-content' });
    fireEvent.click(items.at(-1)!);
    await waitFor(() =>
      expect(api.monitorList).toHaveBeenLastCalledWith({
        page: 1,
        pageSize: 10,
        keyword: undefined,
        processId: 2,
        overdue: undefined,
      }),
    );
    fireEvent.click(screen.getByRole('checkbox', { name: '只看超时' }));
    await waitFor(() =>
      expect(api.monitorList).toHaveBeenLastCalledWith(expect.objectContaining({ processId: 2, overdue: 1 })),
    );
    fireEvent.change(screen.getByRole('textbox', { name: '标题' }), { target: { value: ' 请假 ' } });
    fireEvent.click(screen.getByRole('button', { name: '查 询' }));
    await waitFor(() =>
      expect(api.monitorList).toHaveBeenLastCalledWith(expect.objectContaining({ keyword: '请假', overdue: 1 })),
    );
  });

  it('reassigns a pending task to a chosen person', async () => {
    renderPage();
    fireEvent.click(within(await row('张三的请假申请')).getByRole('button', { name: '转交' }));
    const drawer = (await screen.findByText('当前待办')).closest('.ant-drawer') as HTMLElement;
    const pending = (await within(drawer).findByText('王院长')).closest('tr') as HTMLElement;
    expect(within(drawer).queryByText('陈辅导员')).toBeNull();
    fireEvent.click(within(pending).getByRole('button', { name: '转交' }));
    const dialog = (await screen.findByText('转交「学院审批」中 王院长 的待办')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: '转 交' }));
    expect(await screen.findByText('请选择接收人')).toBeTruthy();
    expect(api.reassignTask).not.toHaveBeenCalled();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '接收人' }));
    fireEvent.click(
      (await screen.findAllByText('周副院长（T040）', { selector: '.ant-select-item-option-content' })).at(-1)!,
    );
    fireEvent.change(within(dialog).getByRole('textbox', { name: '转交说明' }), { target: { value: '院长出差' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '转 交' }));
    await waitFor(() => expect(api.reassignTask).toHaveBeenCalledWith({ taskId: 72, userId: 40, comment: '院长出差' }));
    expect(await screen.findByText('已转交')).toBeTruthy();
  });

  it('terminates a request only with a reason', async () => {
    renderPage();
    fireEvent.click(within(await row('李四的报修')).getByRole('button', { name: '终止' }));
    const dialog = (await screen.findByText('终止《李四的报修》')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: '终 止' }));
    expect(await within(dialog).findByText('请填写终止原因')).toBeTruthy();
    expect(api.terminateInstance).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByRole('textbox', { name: '终止原因' }), {
      target: { value: ' 申请人已退学 ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '终 止' }));
    await waitFor(() => expect(api.terminateInstance).toHaveBeenCalledWith(6, '申请人已退学'));
    expect(await screen.findByText('已终止')).toBeTruthy();
  });
});
