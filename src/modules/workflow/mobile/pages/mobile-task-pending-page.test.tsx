// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { HttpError } from '@/core/http';
import { AppProviders } from '@/core/ui/app-providers';
import { instanceView, taskRow, taskView } from '@/modules/workflow/web/testing/fixtures';
import MobileTaskPendingPage from './mobile-task-pending-page';

vi.mock('@/modules/workflow/api', () => ({
  listTasks: vi.fn(),
  getTask: vi.fn(),
  getInstance: vi.fn(),
  approveTask: vi.fn(),
  rejectTask: vi.fn(),
  uploadTaskFile: vi.fn(),
  pickUsers: vi.fn(),
  pickDepartments: vi.fn(),
}));
const api = await import('@/modules/workflow/api');
const envelope = <T,>(data: T) => ({ errorCode: '0x00000000', message: '成功', data });
// A node that edits nothing; taskView() itself lets the approver edit 请假事由.
const readOnlyTask = taskView({
  permissions: { name: 'readOnly', kind: 'readOnly', reason: 'readOnly', days: 'readOnly' },
});

beforeEach(() => {
  vi.mocked(api.listTasks).mockResolvedValue(
    envelope({
      list: [
        taskRow(),
        taskRow({ id: 92, taskId: 92, instanceId: 41, title: '李四的请假申请', applicantName: '李四', overdue: true }),
      ],
      total: 2,
      page: 1,
      pageSize: 20,
    }),
  );
  vi.mocked(api.getTask).mockResolvedValue(envelope(readOnlyTask));
  vi.mocked(api.getInstance).mockResolvedValue(envelope(instanceView()));
  vi.mocked(api.approveTask).mockResolvedValue(envelope(null));
  vi.mocked(api.rejectTask).mockResolvedValue(envelope(null));
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
const open = (path = '/mobile/taskPending') =>
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/mobile/taskPending"
            element={
              <>
                <MobileTaskPendingPage />
                <Where />
              </>
            }
          />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
const button = (name: string) => screen.getAllByRole('button').find((b) => b.textContent?.replace(/\s/g, '') === name)!;
const findButton = (name: string) =>
  waitFor(() => {
    const b = button(name);
    if (!b) throw new Error(`no ${name} button`);
    return b;
  });
const cell = (id: string) => document.querySelector<HTMLElement>(`[data-field="${id}"]`);
const control = (id: string) =>
  cell(id)?.querySelector<HTMLInputElement | HTMLTextAreaElement>('input, textarea') ?? null;
const sheetMask = () => document.querySelector<HTMLElement>('.adm-popup .adm-mask')!;

describe('mobileTaskPending', () => {
  it('lists only booking requests under ?category=预约 (the phone’s 预约审批)', async () => {
    open('/mobile/taskPending?category=%E9%A2%84%E7%BA%A6');
    expect(await screen.findByText('预约审批（2）')).toBeTruthy();
    expect(api.listTasks).toHaveBeenCalledWith({ type: 'dsp', page: 1, pageSize: 20, category: '预约' });
  });

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
    // The actions come with the task's detail (they depend on its state).
    fireEvent.click(await findButton('退回'));
    await screen.findByPlaceholderText('退回原因（必填）');
    fireEvent.click(button('确认退回'));
    expect((await screen.findByRole('alert')).textContent).toBe('请填写退回原因');
    expect(api.rejectTask).not.toHaveBeenCalled();
    fireEvent.change(screen.getByPlaceholderText('退回原因（必填）'), { target: { value: '请补充证明' } });
    fireEvent.click(button('确认退回'));
    await waitFor(() =>
      expect(api.rejectTask).toHaveBeenCalledWith({ taskId: 92, comment: '请补充证明', to: 'applicant' }),
    );
  });

  it('on a vote node shows the tally, and 反对 votes against with a reason and no return target', async () => {
    vi.mocked(api.getTask).mockResolvedValue(
      envelope({ ...readOnlyTask, vote: { voters: 5, agree: 2, against: 1, needed: 4, ratio: { agree: 2, of: 3 } } }),
    );
    open();
    fireEvent.click(await screen.findByText('李四的请假申请'));
    expect(await screen.findByText(/5 人中已有 2 人同意、1 人反对，4\s*人同意即通过/)).toBeTruthy();
    fireEvent.click(await findButton('反对'));
    await screen.findByPlaceholderText('反对原因（必填）');
    fireEvent.click(button('确认反对'));
    expect((await screen.findByRole('alert')).textContent).toBe('请填写反对原因');
    fireEvent.change(screen.getByPlaceholderText('反对原因（必填）'), { target: { value: '名额已满' } });
    fireEvent.click(button('确认反对'));
    await waitFor(() => expect(api.rejectTask).toHaveBeenCalledWith({ taskId: 92, comment: '名额已满' }));
  });

  it('closes the sheet and reloads the list when someone else handled the task first', async () => {
    vi.mocked(api.approveTask).mockRejectedValue(new HttpError('该任务已被他人处理', '0x00000410', 409));
    open();
    fireEvent.click(await screen.findByText('张三的请假申请'));
    fireEvent.click(await findButton('同意'));
    fireEvent.click(await findButton('确认同意'));
    await waitFor(() => expect(api.listTasks).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(button('同意')).toBeUndefined());
  });

  it('opens this node’s editable fields and sends only them with 同意', async () => {
    vi.mocked(api.getTask).mockResolvedValue(envelope(taskView()));
    open();
    fireEvent.click(await screen.findByText('张三的请假申请'));
    await waitFor(() => expect(control('reason')).not.toBeNull());
    expect(screen.getByText('本环节可修改：请假事由')).toBeTruthy();
    // Every other field stays locked.
    expect((control('name') as HTMLInputElement).disabled).toBe(true);
    expect(control('reason')!.disabled).toBe(false);
    fireEvent.change(control('reason')!, { target: { value: '回家，顺便体检' } });
    fireEvent.click(button('同意'));
    fireEvent.click(await findButton('确认同意'));
    await waitFor(() =>
      expect(api.approveTask).toHaveBeenCalledWith({
        taskId: 91,
        comment: undefined,
        values: { reason: '回家，顺便体检' },
      }),
    );
  });

  it("asks for the next node's approvers when this approver chooses them, and sends them with 同意", async () => {
    vi.mocked(api.getTask).mockResolvedValue(envelope({ ...readOnlyTask, picksFor: [{ id: 'review', name: '复核' }] }));
    vi.mocked(api.pickUsers).mockResolvedValue(envelope([{ id: 5, name: '赵老师', department: '计算机学院' }]));
    open();
    fireEvent.click(await screen.findByText('张三的请假申请'));
    await screen.findByText('「复核」的审批人');
    // Nobody chosen: 同意 says so instead of opening the comment sheet.
    fireEvent.click(await findButton('同意'));
    await waitFor(() =>
      expect(cell('nextAssignees')!.querySelector('[role="alert"]')?.textContent).toBe('请选择下一环节的审批人'),
    );
    expect(screen.queryByPlaceholderText('审批意见（选填）')).toBeNull();
    // The phone form's user picker: search, tap, done.
    fireEvent.click(cell('nextAssignees')!.querySelector('button')!);
    fireEvent.change(await screen.findByPlaceholderText('输入姓名或工号'), { target: { value: '赵' } });
    fireEvent.click(await screen.findByText('赵老师'));
    // The picker offers only the later node's candidates of this task.
    expect(api.pickUsers).toHaveBeenCalledWith({ kind: 'task', taskId: 91, purpose: 'next' }, '赵');
    fireEvent.click(button('完成'));
    await waitFor(() => expect(cell('nextAssignees')!.querySelector('[role="alert"]')).toBeNull());
    fireEvent.click(button('同意'));
    fireEvent.click(await findButton('确认同意'));
    await waitFor(() =>
      expect(api.approveTask).toHaveBeenCalledWith({ taskId: 91, comment: undefined, nextAssignees: [5] }),
    );
  });

  it('checks the edited fields before approving and shows the server’s field messages', async () => {
    // A sick leave requires a reason (a linkage rule of the form).
    vi.mocked(api.getTask).mockResolvedValue(
      envelope(taskView({ values: { name: '张三', kind: 'sick', reason: '发烧', days: 1 } })),
    );
    open();
    fireEvent.click(await screen.findByText('张三的请假申请'));
    await waitFor(() => expect(control('reason')).not.toBeNull());
    fireEvent.change(control('reason')!, { target: { value: '' } });
    fireEvent.click(button('同意'));
    await waitFor(() => expect(cell('reason')!.querySelector('[role="alert"]')).not.toBeNull());
    expect(screen.queryByPlaceholderText('审批意见（选填）')).toBeNull();
    expect(api.approveTask).not.toHaveBeenCalled();

    // Fixed, sent, refused by the server with a field message: the sheet stays open and shows it.
    vi.mocked(api.approveTask).mockRejectedValue(
      new HttpError('表单填写有误', '0x00000101', 400, {
        errorCode: '0x00000101',
        message: '表单填写有误',
        data: { fields: [{ field: 'reason', message: '请假事由不能含有敏感词' }] },
      }),
    );
    fireEvent.change(control('reason')!, { target: { value: '发烧就医' } });
    await waitFor(() => expect(cell('reason')!.querySelector('[role="alert"]')).toBeNull());
    fireEvent.click(button('同意'));
    fireEvent.click(await findButton('确认同意'));
    await waitFor(() =>
      expect(api.approveTask).toHaveBeenCalledWith({ taskId: 91, comment: undefined, values: { reason: '发烧就医' } }),
    );
    expect(await screen.findByText('请假事由不能含有敏感词')).toBeTruthy();
    expect(control('reason')).not.toBeNull();
  });

  it('opens the task of a link at once, even off the first page, and drops ?taskId when closed', async () => {
    vi.mocked(api.getTask).mockResolvedValue(
      envelope(
        taskView({
          ...readOnlyTask,
          id: 55,
          title: '王五的请假申请',
          applicant: { id: 9, name: '王五' },
          task: { ...readOnlyTask.task, id: 77 },
        }),
      ),
    );
    open('/mobile/taskPending?taskId=77');
    await waitFor(() => expect(api.getTask).toHaveBeenCalledWith(77));
    expect(await screen.findByText('王五的请假申请')).toBeTruthy();
    expect(screen.getByText('申请人：王五')).toBeTruthy();
    fireEvent.click(button('同意'));
    fireEvent.click(await findButton('确认同意'));
    await waitFor(() => expect(api.approveTask).toHaveBeenCalledWith({ taskId: 77, comment: undefined }));
    await waitFor(() => expect(where()).toBe('/mobile/taskPending'));
  });

  it('closing a linked sheet replaces the address without ?taskId', async () => {
    open('/mobile/taskPending?from=msg&taskId=91');
    await findButton('同意');
    fireEvent.click(sheetMask());
    await waitFor(() => expect(where()).toBe('/mobile/taskPending?from=msg'));
    expect(screen.queryByText('本环节可修改：请假事由')).toBeNull();
  });

  it('shows the server’s message for a task that is not the caller’s, and no actions', async () => {
    vi.mocked(api.getTask).mockRejectedValue(new HttpError('这不是您的任务', '0x00000403', 403));
    open('/mobile/taskPending?taskId=93');
    expect(await screen.findByText('这不是您的任务')).toBeTruthy();
    expect(button('同意')).toBeUndefined();
    expect(button('退回')).toBeUndefined();
  });

  it('says a linked task was already handled, and offers only its progress', async () => {
    vi.mocked(api.getTask).mockResolvedValue(
      envelope({ ...readOnlyTask, task: { ...readOnlyTask.task, status: 'cancelled' as const } }),
    );
    open('/mobile/taskPending?taskId=91');
    expect(await screen.findByText('该任务已处理')).toBeTruthy();
    expect(screen.getByText('当前状态：已取消')).toBeTruthy();
    expect(button('同意')).toBeUndefined();
    expect(button('查看流程进度')).toBeTruthy();
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
    // The mobile module's page draws it (mobile-flow-chart-page.test.tsx); here: it opens that page.
    await waitFor(() => expect(where()).toBe('/mobile/mobileFlowChart?instanceId=40'));
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
    const offenders = files.filter(
      (f) =>
        /from '(antd|antd\/[^']*|@ant-design\/[^']*)'/.test(readFileSync(f, 'utf8')) ||
        /from '[^']*\/web\//.test(readFileSync(f, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });
});
