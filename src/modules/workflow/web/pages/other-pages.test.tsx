// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { HttpError } from '@/core/http';
import { AppProviders } from '@/core/ui/app-providers';
import { instanceView } from '../testing/fixtures';
import ApplyForEditPage from './apply-for-edit-page';
import TaskHistoricalRecordPage from './task-historical-record-page';
import TaskProcessServicesPage from './task-process-services-page';

vi.mock('@/modules/workflow/api', () => ({
  startableProcesses: vi.fn(),
  publicRecord: vi.fn(),
  getInstance: vi.fn(),
  applyForEdit: vi.fn(),
  uploadFormFile: vi.fn(),
  pickUsers: vi.fn(),
  pickDepartments: vi.fn(),
}));
const api = await import('@/modules/workflow/api');
const envelope = <T,>(data: T) => ({ errorCode: '0x00000000', message: '成功', data });
const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';

beforeEach(() => {
  vi.mocked(api.getInstance).mockResolvedValue(
    envelope(instanceView({ status: 'approved', currentNodes: [], canApplyEdit: true })),
  );
  vi.mocked(api.applyForEdit).mockResolvedValue(envelope({ instanceId: 77 }));
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}
const open = (path: string, route: string, page: React.ReactNode) =>
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={page} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );

describe('taskProcessServices', () => {
  it('lists what the user may start and searches on the server', async () => {
    vi.mocked(api.startableProcesses).mockImplementation(async (q) =>
      envelope({
        list:
          q.keyword === '无'
            ? []
            : [
                {
                  processId: 2,
                  processName: '学生请假审批',
                  formId: 12,
                  formName: '学生请假申请',
                  category: '学生事务',
                  description: '因事因病请假',
                },
              ],
        total: q.keyword === '无' ? 0 : 1,
        page: 1,
        pageSize: 12,
      }),
    );
    open('/web/taskCenter/taskProcessServices', '/web/taskCenter/taskProcessServices', <TaskProcessServicesPage />);
    expect(await screen.findByText('学生请假申请')).toBeTruthy();
    expect(screen.getByText('因事因病请假')).toBeTruthy();
    expect(screen.getByText('审批流程：学生请假审批')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('搜索服务'), { target: { value: '无' } });
    fireEvent.keyDown(screen.getByPlaceholderText('搜索服务'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('没有符合条件的服务')).toBeTruthy();
    expect(api.startableProcesses).toHaveBeenLastCalledWith({ page: 1, pageSize: 12, keyword: '无' });
  });

  it('opens the form of a service to fill', async () => {
    vi.mocked(api.startableProcesses).mockResolvedValue(
      envelope({
        list: [
          {
            processId: 2,
            processName: '学生请假审批',
            formId: 12,
            formName: '学生请假申请',
            category: '',
            description: '',
          },
        ],
        total: 1,
        page: 1,
        pageSize: 12,
      }),
    );
    open('/web/taskCenter/taskProcessServices', '/web/taskCenter/taskProcessServices', <TaskProcessServicesPage />);
    fireEvent.click(await screen.findByRole('button', { name: '立即办理' }));
    expect(screen.getByTestId('where').textContent).toBe('/web/taskCenter/taskFormWrite?formId=12');
  });
});

describe('taskHistoricalRecord', () => {
  const route = '/web/taskCenter/taskHistoricalRecord';
  it('shows the record of its link read-only, with the history', async () => {
    const v = instanceView({ status: 'approved' });
    vi.mocked(api.publicRecord).mockResolvedValue(
      envelope({
        title: v.title,
        processName: v.processName,
        status: 'approved' as const,
        applicantName: '张三',
        startedAt: v.startedAt,
        endedAt: v.startedAt + 7200_000,
        schema: v.schema,
        values: v.values,
        history: v.history.map(({ attachments: _a, actorId: _b, ...h }) => h),
        definition: v.definition,
        currentNodes: [],
        tasks: v.tasks.map(({ assigneeId: _a, ...t }) => t),
      }),
    );
    open(`${route}?token=${TOKEN}`, route, <TaskHistoricalRecordPage />);
    expect(await screen.findByRole('heading', { name: '张三的请假申请' })).toBeTruthy();
    expect(api.publicRecord).toHaveBeenCalledWith(TOKEN);
    expect(screen.getByText('已通过')).toBeTruthy();
    expect(screen.getByText('同意，注意安全')).toBeTruthy();
    // Read-only: values as text, no inputs.
    expect(document.querySelector('[data-field="name"] input')).toBeNull();
    expect(document.querySelector('[data-field="name"]')!.textContent).toContain('张三');
  });

  it('refuses a malformed link without asking the server, and says when the record is gone', async () => {
    open(`${route}?token=short`, route, <TaskHistoricalRecordPage />);
    expect(await screen.findByText('链接无效')).toBeTruthy();
    expect(api.publicRecord).not.toHaveBeenCalled();
    cleanup();
    vi.mocked(api.publicRecord).mockRejectedValue(new HttpError('审批记录不存在', '0x00000404', 404));
    open(`${route}?token=${TOKEN}`, route, <TaskHistoricalRecordPage />);
    expect(await screen.findByText('审批记录不存在')).toBeTruthy();
  });
});

describe('applyForEdit', () => {
  const route = '/web/taskCenter/applyForEdit';
  const field = (id: string) => document.querySelector<HTMLElement>(`[data-field="${id}"]`)!;

  it('shows the field diff before sending the change with its reason', async () => {
    open(`${route}?instanceId=40`, route, <ApplyForEditPage />);
    await screen.findByText('申请修改：张三的请假申请');
    const send = () => fireEvent.click(screen.getByRole('button', { name: /预览修改并提交/ }));
    send();
    expect(await screen.findByText('没有修改任何内容')).toBeTruthy();
    fireEvent.change(field('reason').querySelector('textarea')!, { target: { value: '回家探亲' } });
    expect(screen.getByRole('button', { name: /预览修改并提交（1 项）/ })).toBeTruthy();
    send();
    expect(await screen.findByText('请填写修改原因')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('修改原因'), { target: { value: '事由写错了' } });
    send();
    const d = await screen.findByRole('dialog');
    const row = within(d).getByText('请假事由').closest('tr')!;
    expect(row.textContent).toContain('回家');
    expect(row.textContent).toContain('回家探亲');
    expect(within(d).getByText('修改原因：事由写错了')).toBeTruthy();
    expect(api.applyForEdit).not.toHaveBeenCalled();
    fireEvent.click(within(d).getByRole('button', { name: '提交修改申请' }));
    await waitFor(() =>
      expect(api.applyForEdit).toHaveBeenCalledWith({
        instanceId: 40,
        reason: '事由写错了',
        values: expect.objectContaining({ name: '张三', reason: '回家探亲', days: 2 }),
      }),
    );
    expect((await screen.findByTestId('where')).textContent).toBe('/web/taskCenter/taskApproval?instanceId=77');
  });

  it('explains when the request cannot be changed', async () => {
    vi.mocked(api.getInstance).mockResolvedValue(envelope(instanceView({ canApplyEdit: false })));
    open(`${route}?instanceId=40`, route, <ApplyForEditPage />);
    expect(await screen.findByText('该申请当前不能修改')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /预览修改并提交/ })).toBeNull();
  });
});
