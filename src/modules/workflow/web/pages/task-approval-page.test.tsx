// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { HttpError } from '@/core/http';
import { AppProviders } from '@/core/ui/app-providers';
import { instanceView, taskView } from '../testing/fixtures';
import TaskApprovalPage from './task-approval-page';

vi.mock('@/modules/workflow/api', () => ({
  getTask: vi.fn(),
  getInstance: vi.fn(),
  approveTask: vi.fn(),
  rejectTask: vi.fn(),
  transferTask: vi.fn(),
  addSigner: vi.fn(),
  commentInstance: vi.fn(),
  uploadCommentFile: vi.fn(),
  urgeInstance: vi.fn(),
  withdrawInstance: vi.fn(),
  resubmitInstance: vi.fn(),
  uploadFormFile: vi.fn(),
  uploadTaskFile: vi.fn(),
  pickUsers: vi.fn(),
  pickDepartments: vi.fn(),
}));
const api = await import('@/modules/workflow/api');
const envelope = <T,>(data: T, message = '成功') => ({ errorCode: '0x00000000', message, data });

beforeEach(() => {
  vi.mocked(api.getTask).mockResolvedValue(envelope(taskView()));
  vi.mocked(api.getInstance).mockResolvedValue(envelope(instanceView()));
  for (const f of [
    api.approveTask,
    api.rejectTask,
    api.transferTask,
    api.addSigner,
    api.commentInstance,
    api.urgeInstance,
    api.withdrawInstance,
    api.resubmitInstance,
  ]) {
    vi.mocked(f).mockResolvedValue(envelope(null));
  }
  vi.mocked(api.pickUsers).mockResolvedValue(envelope([{ id: 5, name: '赵老师', department: '计算机学院' }]));
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}
const open = (search: string) =>
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[`/web/taskCenter/taskApproval${search}`]}>
        <Routes>
          <Route path="/web/taskCenter/taskApproval" element={<TaskApprovalPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
const field = (id: string) => document.querySelector<HTMLElement>(`[data-field="${id}"]`);
const dialog = () => screen.findByRole('dialog');
const ok = (d: HTMLElement) => fireEvent.click(within(d).getByRole('button', { name: /确\s*定/ }));

describe('taskApproval for the approver', () => {
  it('shows the form with only the node’s editable fields open, the flow chart and the history', async () => {
    open('?taskId=91');
    expect(await screen.findByRole('heading', { name: '张三的请假申请' })).toBeTruthy();
    expect(api.getTask).toHaveBeenCalledWith(91);
    expect(field('reason')!.querySelector('textarea')!.disabled).toBe(false);
    expect(field('name')!.querySelector('input')!.disabled || field('name')!.querySelector('input')!.readOnly).toBe(
      true,
    );
    const progress = (id: string) => document.querySelector(`[data-node="${id}"]`)?.getAttribute('data-progress');
    await waitFor(() => expect(progress('college')).toBe('current'));
    expect(progress('start')).toBe('done');
    expect(progress('counsellor')).toBe('done');
    expect(progress('dorm')).toBe('notStarted');
    expect(progress('end')).toBe('notStarted');
    expect(screen.getByText('同意，注意安全')).toBeTruthy();
    expect(
      screen
        .getByText(/说明\.pdf/)
        .closest('a')!
        .getAttribute('href'),
    ).toBe('/files/f1');
    for (const b of ['同 意', '退 回', '转 交', '加 签', '评 论'])
      expect(screen.getByRole('button', { name: b })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '撤 回' })).toBeNull();
  });

  it('approves with the edited editable fields only and goes back to the pending list', async () => {
    open('?taskId=91');
    await screen.findByRole('heading', { name: '张三的请假申请' });
    fireEvent.change(field('reason')!.querySelector('textarea')!, { target: { value: '回家探亲' } });
    fireEvent.click(screen.getByRole('button', { name: '同 意' }));
    const d = await dialog();
    fireEvent.change(within(d).getByPlaceholderText('同意（选填）'), { target: { value: '同意' } });
    ok(d);
    await waitFor(() =>
      expect(api.approveTask).toHaveBeenCalledWith({
        taskId: 91,
        comment: '同意',
        values: { reason: '回家探亲' },
        nextAssignees: undefined,
      }),
    );
    expect((await screen.findByTestId('where')).textContent).toBe('/web/taskCenter/taskWorkBench?type=dsp');
  });

  it("uploads an approver's file for an editable file field through the task and sends it with 同意", async () => {
    const schema = structuredClone(taskView().schema);
    schema.sections[0]!.fields.push({ id: 'stamp', type: 'file', label: '盖章件', accept: ['pdf'] });
    vi.mocked(api.getTask).mockResolvedValue(envelope(taskView({ schema, permissions: { stamp: 'editable' } })));
    const ref = { id: 'u9', name: '盖章.pdf', size: 6, url: '/resource/api/v1.file/u9' };
    vi.mocked(api.uploadTaskFile).mockResolvedValue(envelope(ref));
    open('?taskId=91');
    await screen.findByRole('heading', { name: '张三的请假申请' });
    const input = field('stamp')!.querySelector('input[type=file]') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['%PDF-1'], '盖章.pdf', { type: 'application/pdf' })] } });
    });
    await waitFor(() => expect(api.uploadTaskFile).toHaveBeenCalledWith(91, 'stamp', expect.any(File)));
    fireEvent.click(screen.getByRole('button', { name: '同 意' }));
    ok(await dialog());
    await waitFor(() =>
      expect(api.approveTask).toHaveBeenCalledWith({
        taskId: 91,
        comment: undefined,
        values: { stamp: [ref] },
        nextAssignees: undefined,
      }),
    );
  });

  it('returns to a chosen earlier node with a required reason', async () => {
    open('?taskId=91');
    await screen.findByRole('heading', { name: '张三的请假申请' });
    fireEvent.click(screen.getByRole('button', { name: '退 回' }));
    const d = await dialog();
    fireEvent.click(within(d).getByLabelText('退回到「辅导员审批」'));
    ok(d);
    expect(await within(d).findByText('请填写退回原因')).toBeTruthy();
    expect(api.rejectTask).not.toHaveBeenCalled();
    fireEvent.change(within(d).getByPlaceholderText('请输入'), { target: { value: '请补充证明' } });
    ok(d);
    await waitFor(() =>
      expect(api.rejectTask).toHaveBeenCalledWith({ taskId: 91, comment: '请补充证明', to: 'counsellor' }),
    );
  });

  it('on a vote node shows the tally, and 反对 is a vote against with a reason (no return targets)', async () => {
    vi.mocked(api.getTask).mockResolvedValue(
      envelope(taskView({ vote: { voters: 3, agree: 1, against: 0, needed: 2, ratio: { agree: 2, of: 3 } } })),
    );
    open('?taskId=91');
    await screen.findByRole('heading', { name: '张三的请假申请' });
    expect(screen.getByText(/3 人中已有 1 人同意、0 人反对，2 人同意即通过/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '退 回' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '反 对' }));
    const d = await dialog();
    expect(within(d).getByText('投反对票')).toBeTruthy();
    expect(within(d).queryByLabelText('退回申请人修改')).toBeNull();
    ok(d);
    expect(await within(d).findByText('请填写反对原因')).toBeTruthy();
    fireEvent.change(within(d).getByPlaceholderText('请输入'), { target: { value: '名额已满' } });
    ok(d);
    await waitFor(() => expect(api.rejectTask).toHaveBeenCalledWith({ taskId: 91, comment: '名额已满' }));
  });

  it('transfers to a person found by name', async () => {
    open('?taskId=91');
    await screen.findByRole('heading', { name: '张三的请假申请' });
    fireEvent.click(screen.getByRole('button', { name: '转 交' }));
    const d = await dialog();
    const input = within(d).getByRole('combobox');
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '赵' } });
    await waitFor(
      () => expect(api.pickUsers).toHaveBeenCalledWith({ kind: 'task', taskId: 91, purpose: 'transfer' }, '赵'),
      { timeout: 2000 },
    );
    fireEvent.click(await screen.findByText('赵老师 · 计算机学院'));
    ok(d);
    await waitFor(() => expect(api.transferTask).toHaveBeenCalledWith({ taskId: 91, userId: 5, comment: undefined }));
  });

  it('asks for the next node’s approvers when this node picks them, and adds signers', async () => {
    vi.mocked(api.getTask).mockResolvedValue(envelope(taskView({ picksFor: [{ id: 'dean', name: '院长审批' }] })));
    open('?taskId=91');
    await screen.findByRole('heading', { name: '张三的请假申请' });
    const pick = async (d: HTMLElement, keyword: string) => {
      const input = within(d).getByRole('combobox');
      fireEvent.mouseDown(input);
      fireEvent.change(input, { target: { value: keyword } });
      fireEvent.click(await screen.findByText('赵老师 · 计算机学院', undefined, { timeout: 2000 }));
    };
    fireEvent.click(screen.getByRole('button', { name: '同 意' }));
    let d = await dialog();
    ok(d);
    expect(await within(d).findByText('请选择下一环节的审批人')).toBeTruthy();
    expect(within(d).getByText('选择「院长审批」的审批人')).toBeTruthy();
    await pick(d, '赵');
    // Only the later node's candidates: the picker names this task and why.
    expect(api.pickUsers).toHaveBeenCalledWith({ kind: 'task', taskId: 91, purpose: 'next' }, '赵');
    ok(d);
    await waitFor(() =>
      expect(api.approveTask).toHaveBeenCalledWith({
        taskId: 91,
        comment: undefined,
        values: { reason: '回家' },
        nextAssignees: [5],
      }),
    );
    cleanup();
    open('?taskId=91');
    await screen.findByRole('heading', { name: '张三的请假申请' });
    fireEvent.click(screen.getByRole('button', { name: '加 签' }));
    d = await dialog();
    await pick(d, '赵');
    expect(api.pickUsers).toHaveBeenCalledWith({ kind: 'task', taskId: 91, purpose: 'addSigner' }, '赵');
    ok(d);
    await waitFor(() => expect(api.addSigner).toHaveBeenCalledWith({ taskId: 91, userIds: [5], comment: undefined }));
  });

  it('shows a change request as its field diff', async () => {
    vi.mocked(api.getTask).mockResolvedValue(
      envelope(taskView({ kind: 'edit', diff: { days: { from: 2, to: 3 }, kind: { from: 'personal', to: 'sick' } } })),
    );
    open('?taskId=91');
    await screen.findByRole('heading', { name: '张三的请假申请' });
    expect(screen.getByText('修改申请')).toBeTruthy();
    const row = (label: string) => screen.getByText(label, { selector: 'td' }).closest('tr')!.textContent;
    expect(row('天数')).toBe('天数23');
    expect(row('请假类型')).toBe('请假类型事假病假');
  });

  it('shows a conflict and reloads the task when someone else handled it first', async () => {
    vi.mocked(api.approveTask).mockRejectedValue(new HttpError('该任务已被他人处理', '0x00000410', 409));
    open('?taskId=91');
    await screen.findByRole('heading', { name: '张三的请假申请' });
    vi.mocked(api.getTask).mockResolvedValue(envelope(taskView({ task: { ...taskView().task, status: 'cancelled' } })));
    fireEvent.click(screen.getByRole('button', { name: '同 意' }));
    ok(await dialog());
    await waitFor(() => expect(api.getTask).toHaveBeenCalledTimes(2));
    // The reloaded task is no longer pending: no approver actions, still on this page.
    await waitFor(() => expect(screen.queryByRole('button', { name: '同 意' })).toBeNull());
    expect(screen.getByText('学院审批 · 已取消')).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
  });
});

describe('taskApproval for the applicant', () => {
  it('offers withdraw and urge, and shows the public record link', async () => {
    vi.mocked(api.getInstance).mockResolvedValue(
      envelope(instanceView({ canWithdraw: true, canUrge: true, recordToken: 'abcdefghijklmnopqrstuvwxyz012345' })),
    );
    open('?instanceId=40');
    await screen.findByRole('heading', { name: '张三的请假申请' });
    expect(api.getInstance).toHaveBeenCalledWith(40);
    expect(screen.queryByRole('button', { name: '同 意' })).toBeNull();
    expect(screen.getByText('打开').getAttribute('href')).toBe(
      '/web/taskCenter/taskHistoricalRecord?token=abcdefghijklmnopqrstuvwxyz012345',
    );
    fireEvent.click(screen.getByRole('button', { name: '催 办' }));
    await waitFor(() => expect(api.urgeInstance).toHaveBeenCalledWith(40));
    fireEvent.click(screen.getByRole('button', { name: '撤 回' }));
    fireEvent.click(within(await dialog()).getByRole('button', { name: '确认撤回' }));
    await waitFor(() => expect(api.withdrawInstance).toHaveBeenCalledWith(40));
  });

  it('edits a returned request and resubmits it, checking required fields first', async () => {
    vi.mocked(api.getInstance).mockResolvedValue(
      envelope(instanceView({ status: 'returned', currentNodes: [], canResubmit: true })),
    );
    open('?instanceId=40');
    await screen.findByRole('heading', { name: '张三的请假申请' });
    fireEvent.click(screen.getByRole('button', { name: '重新提交' }));
    const name = field('name')!.querySelector('input')!;
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: '提 交' }));
    await waitFor(() => expect(field('name')!.querySelector('.ant-form-item-explain-error')?.textContent).toBeTruthy());
    expect(api.resubmitInstance).not.toHaveBeenCalled();
    fireEvent.change(name, { target: { value: '张三' } });
    fireEvent.change(field('reason')!.querySelector('textarea')!, { target: { value: '已补充证明' } });
    fireEvent.click(screen.getByRole('button', { name: '提 交' }));
    await waitFor(() =>
      expect(api.resubmitInstance).toHaveBeenCalledWith({
        instanceId: 40,
        values: expect.objectContaining({ name: '张三', reason: '已补充证明', kind: 'personal', days: 2 }),
        comment: undefined,
      }),
    );
  });

  it('comments with an uploaded attachment', async () => {
    vi.mocked(api.uploadCommentFile).mockResolvedValue(
      envelope({ id: 'up1', name: 'a.pdf', size: 3, url: '/files/up1' }),
    );
    open('?instanceId=40');
    await screen.findByRole('heading', { name: '张三的请假申请' });
    fireEvent.click(screen.getByRole('button', { name: '评 论' }));
    const d = await dialog();
    const file = new File(['pdf'], 'a.pdf', { type: 'application/pdf' });
    await act(async () => {
      fireEvent.change(d.querySelector('input[type="file"]')!, { target: { files: [file] } });
    });
    await waitFor(() => expect(api.uploadCommentFile).toHaveBeenCalledWith(40, expect.any(File)));
    fireEvent.change(within(d).getByPlaceholderText('请输入'), { target: { value: '补充材料' } });
    ok(d);
    await waitFor(() =>
      expect(api.commentInstance).toHaveBeenCalledWith({ instanceId: 40, comment: '补充材料', attachmentIds: ['up1'] }),
    );
  });

  it('says so when the request cannot be read', async () => {
    vi.mocked(api.getInstance).mockRejectedValue(new HttpError('无权查看该审批单', '0x00000403', 403));
    open('?instanceId=40');
    expect(await screen.findByText('无权查看该审批单')).toBeTruthy();
  });
});
