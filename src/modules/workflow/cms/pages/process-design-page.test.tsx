// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { HttpError } from '@/core/http';
import { AppProviders } from '@/core/ui/app-providers';
import type { ProcessDetail, ProcessListItem } from '@/modules/workflow/contract';

const api = vi.hoisted(() => ({
  listProcesses: vi.fn(),
  getProcess: vi.fn(),
  processVersions: vi.fn(),
  createProcess: vi.fn(),
  saveProcess: vi.fn(),
  publishProcess: vi.fn(),
  disableProcess: vi.fn(),
  enableProcess: vi.fn(),
  listForms: vi.fn(),
  getForm: vi.fn(),
  getFormVersion: vi.fn(),
  getUserList: vi.fn(),
  getRoles: vi.fn(),
}));
vi.mock('@/modules/workflow/api', () => api);

const { default: ProcessDesignPage } = await import('./process-design-page');

const ok = <T,>(data: T) => Promise.resolve({ errorCode: '0x00000000', message: '成功', data });

const rows: ProcessListItem[] = [
  {
    id: 1,
    name: '学生请假审批',
    formId: 7,
    formName: '学生请假申请',
    status: 'published',
    latestVersion: 2,
    updatedAt: Date.UTC(2026, 2, 1),
    updatedBy: 'admin',
  },
  {
    id: 2,
    name: '报修审批',
    formId: 8,
    formName: '宿舍报修',
    status: 'draft',
    latestVersion: null,
    updatedAt: Date.UTC(2026, 2, 2),
    updatedBy: '王老师',
  },
  {
    id: 3,
    name: '旧流程',
    formId: 8,
    formName: '宿舍报修',
    status: 'disabled',
    latestVersion: 1,
    updatedAt: Date.UTC(2026, 2, 3),
    updatedBy: 'admin',
  },
];

const detail: ProcessDetail = {
  ...rows[1]!,
  draft: {
    format: 1,
    nodes: [
      { id: 'start', type: 'start', name: '发起', x: 0, y: 0 },
      {
        id: 'approve1',
        type: 'approval',
        name: '辅导员审批',
        assignee: { kind: 'deptLeader' },
        signMode: 'any',
        noAssignee: 'admin',
        x: 0,
        y: 120,
      },
      { id: 'end', type: 'end', name: '结束', x: 0, y: 240 },
    ],
    edges: [
      { from: 'start', to: 'approve1' },
      { from: 'approve1', to: 'end' },
    ],
  },
  versions: [],
};
const formSchema = {
  format: 1,
  rules: [],
  sections: [
    {
      id: 's',
      title: '基本',
      columns: 1,
      fields: [
        { id: 'days', type: 'number', label: '请假天数', span: 1 },
        { id: 'reason', type: 'textarea', label: '事由', span: 1 },
        { id: 'mentor', type: 'user', label: '导师', span: 1 },
      ],
    },
  ],
};

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{loc.pathname + loc.search}</div>;
}

const renderAt = (url: string) =>
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/cms/workflow/processDesign"
            element={
              <>
                <ProcessDesignPage />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );

const row = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

async function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const items = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  fireEvent.click(items[items.length - 1]!);
}

/** Clicks OK in the open confirmation whose title is given (a closing one may still be in the page). */
async function confirmPop(title: string) {
  const b = await waitFor(() => {
    const pop = [...document.querySelectorAll('.ant-popover:not(.ant-popover-hidden)')].find((p) =>
      p.textContent?.includes(title),
    );
    const el = pop?.querySelector('.ant-popconfirm-buttons .ant-btn-primary');
    if (!el) throw new Error('no open confirmation');
    return el as HTMLElement;
  });
  fireEvent.click(b);
}

beforeEach(() => {
  for (const f of Object.values(api)) f.mockReset();
  api.listProcesses.mockImplementation(() => ok({ list: rows, total: 3, page: 1, pageSize: 10 }));
  api.listForms.mockImplementation(() =>
    ok({
      list: [
        { id: 7, name: '学生请假申请', status: 'published' },
        { id: 8, name: '宿舍报修', status: 'draft' },
      ],
      total: 2,
      page: 1,
      pageSize: 20,
    }),
  );
  api.getProcess.mockImplementation(() => ok(detail));
  api.getForm.mockImplementation(() =>
    ok({ id: 8, versions: [{ version: 3 }], draft: { format: 1, rules: [], sections: [] } }),
  );
  api.getFormVersion.mockImplementation(() => ok(formSchema));
  api.getUserList.mockImplementation(() =>
    ok({
      list: [
        {
          id: 31,
          username: 'li',
          realName: '李老师',
          userNo: 'T031',
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
  api.getRoles.mockImplementation(() =>
    ok([{ id: 1, code: 'counsellor', name: '辅导员', groupId: null, sort: 0, userCount: 3, system: false }]),
  );
  for (const f of [api.publishProcess]) f.mockImplementation(() => ok({ version: 1 }));
  for (const f of [api.disableProcess, api.enableProcess]) f.mockImplementation(() => ok(null));
  api.saveProcess.mockImplementation(() => ok({ updatedAt: 1 }));
});
afterEach(cleanup);

describe('process list', () => {
  it('shows each process with its form, status and version, and filters on the server', async () => {
    renderAt('/cms/workflow/processDesign');
    const leave = await row('学生请假审批');
    expect(within(leave).getByText('学生请假申请')).toBeTruthy();
    expect(within(leave).getByText('已发布')).toBeTruthy();
    expect(within(leave).getByText('v2')).toBeTruthy();
    expect(within(await row('报修审批')).getByText('未发布')).toBeTruthy();
    expect(within(await row('旧流程')).getByText('已停用')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: '流程名称' }), { target: { value: ' 请假 ' } });
    fireEvent.click(screen.getByRole('button', { name: '查 询' }));
    await waitFor(() =>
      expect(api.listProcesses).toHaveBeenLastCalledWith({ page: 1, pageSize: 10, keyword: '请假', formId: undefined }),
    );
    await pick('绑定表单', '学生请假申请');
    await waitFor(() =>
      expect(api.listProcesses).toHaveBeenLastCalledWith({ page: 1, pageSize: 10, keyword: '请假', formId: 7 }),
    );
  });

  it('creates a process bound to a chosen form and opens the designer', async () => {
    api.createProcess.mockImplementation(() => ok({ id: 9 }));
    renderAt('/cms/workflow/processDesign');
    fireEvent.click(await screen.findByRole('button', { name: /新建流程/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '创建并设计' }));
    expect(await within(dialog).findByText('请输入流程名称')).toBeTruthy();
    expect(await within(dialog).findByText('请选择流程绑定的表单')).toBeTruthy();
    fireEvent.change(within(dialog).getByPlaceholderText('如：学生请假审批'), { target: { value: ' 奖学金审批 ' } });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '绑定表单' }));
    const items = await screen.findAllByText('宿舍报修（草稿）', { selector: '.ant-select-item-option-content' });
    fireEvent.click(items.at(-1)!);
    fireEvent.click(within(dialog).getByRole('button', { name: '创建并设计' }));
    await waitFor(() => expect(api.createProcess).toHaveBeenCalledWith({ name: '奖学金审批', formId: 8 }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/cms/workflow/processDesign?id=9'));
  });

  it('publishes, disables and enables, and lists a refused publish’s checker messages', async () => {
    api.publishProcess.mockImplementationOnce(() =>
      Promise.reject(
        new HttpError('流程设计有误', '0x00000101', 400, {
          errorCode: '0x00000101',
          message: '流程设计有误',
          data: { field: 'definition', messages: ['流程缺少结束节点', '节点「审批」未设置审批人'] },
        }),
      ),
    );
    renderAt('/cms/workflow/processDesign');
    fireEvent.click(within(await row('报修审批')).getByRole('button', { name: '发布' }));
    await confirmPop('发布《报修审批》？');
    expect(await screen.findByText('节点「审批」未设置审批人')).toBeTruthy();
    expect(screen.getByText('流程缺少结束节点')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '知道了' }));
    fireEvent.click(within(await row('学生请假审批')).getByRole('button', { name: '停用' }));
    await confirmPop('停用《学生请假审批》？');
    await waitFor(() => expect(api.disableProcess).toHaveBeenCalledWith(1));
    fireEvent.click(within(await row('旧流程')).getByRole('button', { name: '启用' }));
    await waitFor(() => expect(api.enableProcess).toHaveBeenCalledWith(3));
  });
});

describe('process designer', () => {
  it('draws the nodes and edits the selected approval node', async () => {
    renderAt('/cms/workflow/processDesign?id=2');
    const card = await screen.findByTestId('flow-node-approve1');
    expect(within(card).getByText('辅导员审批')).toBeTruthy();
    expect(within(card).getByText('部门负责人')).toBeTruthy();
    expect(screen.getByText('检查通过，可以保存和发布')).toBeTruthy();
    fireEvent.click(card);
    const panel = await screen.findByTestId('node-panel');
    fireEvent.change(within(panel).getByRole('textbox', { name: '节点名称' }), { target: { value: '学院审批' } });
    await pick('审批人类型', '角色');
    // A role not yet chosen is a problem the designer lists before saving.
    expect(await screen.findByText('节点「学院审批」的审批人未选择完整')).toBeTruthy();
    // Users read names: neither the node's id nor the role's code shows.
    expect(within(panel).getByText('审批节点')).toBeTruthy();
    expect(within(panel).queryByText(/approve1/)).toBeNull();
    await pick('角色', '辅导员');
    // The node card names the role, not its code.
    await waitFor(() => expect(within(card).getByText(/^角色：辅导员/)).toBeTruthy());
    fireEvent.click(within(panel).getByLabelText('会签（全部同意）'));
    fireEvent.click(within(panel).getByLabelText('不允许发起'));
    fireEvent.change(within(panel).getByRole('spinbutton', { name: '审批时限（小时）' }), { target: { value: '48' } });
    fireEvent.click(within(panel).getByRole('switch', { name: '允许批量审批' }));
    fireEvent.click(within(within(panel).getByRole('radiogroup', { name: '字段权限 事由' })).getByText('可编辑'));
    fireEvent.click(within(within(panel).getByRole('radiogroup', { name: '字段权限 导师' })).getByText('隐藏'));
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(api.saveProcess).toHaveBeenCalledTimes(1));
    const body = api.saveProcess.mock.calls[0]![0];
    expect(body.id).toBe(2);
    expect(body.definition.nodes[1]).toEqual({
      id: 'approve1',
      type: 'approval',
      name: '学院审批',
      assignee: { kind: 'role', roleCode: 'counsellor' },
      signMode: 'all',
      noAssignee: 'refuse',
      timeLimitHours: 48,
      batchApprove: true,
      fieldPermissions: { reason: 'editable', mentor: 'hidden' },
      x: 0,
      y: 120,
    });
  });

  it('a vote node carries its pass ratio (2/3 proposed, editable); another mode drops it', async () => {
    renderAt('/cms/workflow/processDesign?id=2');
    fireEvent.click(await screen.findByTestId('flow-node-approve1'));
    const panel = await screen.findByTestId('node-panel');
    expect(within(panel).queryByRole('spinbutton', { name: '通过比例分子' })).toBeNull();
    fireEvent.click(within(panel).getByLabelText('投票（同意达到比例即通过）'));
    const agree = within(panel).getByRole('spinbutton', { name: '通过比例分子' });
    expect((agree as HTMLInputElement).value).toBe('2');
    expect((within(panel).getByRole('spinbutton', { name: '通过比例分母' }) as HTMLInputElement).value).toBe('3');
    fireEvent.change(within(panel).getByRole('spinbutton', { name: '通过比例分母' }), { target: { value: '4' } });
    fireEvent.change(agree, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(api.saveProcess).toHaveBeenCalledTimes(1));
    expect(api.saveProcess.mock.calls[0]![0].definition.nodes[1]).toMatchObject({
      signMode: 'vote',
      voteRatio: { agree: 3, of: 4 },
    });
    fireEvent.click(within(panel).getByLabelText('或签（一人同意即可）'));
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(api.saveProcess).toHaveBeenCalledTimes(2));
    expect(api.saveProcess.mock.calls[1]![0].definition.nodes[1].voteRatio).toBeUndefined();
  });

  it("sets the requests' title rule with a click per placeholder (one naming no field is listed) and the change-request process", async () => {
    renderAt('/cms/workflow/processDesign?id=2');
    const settings = await screen.findByTestId('process-settings');
    const input = within(settings).getByRole('textbox', { name: '标题规则' });
    await waitFor(() => expect(within(settings).getByRole('button', { name: '插入请假天数' })).toBeTruthy());
    fireEvent.click(within(settings).getByRole('button', { name: '插入申请人' }));
    fireEvent.change(input, { target: { value: `${(input as HTMLInputElement).value}请假` } });
    fireEvent.click(within(settings).getByRole('button', { name: '插入请假天数' }));
    expect((input as HTMLInputElement).value).toBe('{申请人}请假{请假天数}');
    fireEvent.change(input, { target: { value: '{申请人}{学号}' } });
    expect(await screen.findByText('标题规则中的「{学号}」不是表单中的字段')).toBeTruthy();
    fireEvent.change(input, { target: { value: '{申请人}请假{请假天数}' } });
    await waitFor(() => expect(screen.queryByText('标题规则中的「{学号}」不是表单中的字段')).toBeNull());
    // A change request may go through another process of the same form.
    await waitFor(() => expect(api.listProcesses).toHaveBeenCalledWith({ formId: 8, page: 1, pageSize: 50 }));
    await pick('申请修改的审批流程', '旧流程（已停用）');
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(api.saveProcess).toHaveBeenCalledTimes(1));
    expect(api.saveProcess.mock.calls[0]![0].definition).toMatchObject({
      titleTemplate: '{申请人}请假{请假天数}',
      editProcessId: 3,
    });
  });

  it('names the people chosen earlier when a saved process is opened, asking the server once by id', async () => {
    const users = [
      { id: 31, username: 'li', realName: '李老师', userNo: 'T031', kind: 'staff', department: null, status: 'active' },
      {
        id: 45,
        username: 'qian',
        realName: '钱老师',
        userNo: 'T045',
        kind: 'staff',
        department: null,
        status: 'disabled',
      },
    ];
    api.getUserList.mockImplementation((q: { ids?: number[] }) => {
      const list = q.ids ? users.filter((u) => q.ids!.includes(u.id)) : users.slice(0, 1);
      return ok({ list, total: list.length, page: 1, pageSize: 20 });
    });
    const saved = structuredClone(detail);
    saved.draft.nodes[1] = {
      ...saved.draft.nodes[1]!,
      assignee: { kind: 'users', userIds: [45, 31, 99] },
    } as (typeof saved.draft.nodes)[1];
    api.getProcess.mockImplementation(() => ok(saved));
    renderAt('/cms/workflow/processDesign?id=2');
    fireEvent.click(await screen.findByTestId('flow-node-approve1'));
    const panel = await screen.findByTestId('node-panel');
    expect(await within(panel).findByText('李老师（T031）')).toBeTruthy();
    expect(within(panel).getByText('钱老师（T045） · 已停用')).toBeTruthy();
    // An id the server no longer has keeps its number.
    expect(within(panel).getByText('用户 #99')).toBeTruthy();
    expect(api.getUserList).toHaveBeenCalledTimes(1);
    expect(api.getUserList).toHaveBeenCalledWith({ ids: [31, 45, 99], page: 1, pageSize: 3 });
    // Removing one keeps the others' names without asking again.
    const tag = within(panel)
      .getByText('李老师（T031）')
      .closest('[class*="-selection-item"]:not([class*="-selection-item-content"])')!;
    fireEvent.click(tag.querySelector('[class*="-remove"]')!);
    await waitFor(() => expect(within(panel).queryByText('李老师（T031）')).toBeNull());
    expect(within(panel).getByText('钱老师（T045） · 已停用')).toBeTruthy();
    expect(api.getUserList).toHaveBeenCalledTimes(1);
  });

  it('adds a condition node with a branch built from form fields, and lists what is missing', async () => {
    renderAt('/cms/workflow/processDesign?id=2');
    await screen.findByTestId('flow-node-approve1');
    fireEvent.click(screen.getByRole('button', { name: /条件分支/ }));
    const panel = await screen.findByTestId('node-panel');
    expect(await screen.findByTestId('flow-node-condition1')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: /添加分支/ }));
    expect(within(panel).getByRole('textbox', { name: '分支 1 名称' })).toHaveProperty('value', '分支 1');
    await pick('分支 1 条件 1 字段', '请假天数');
    await pick('分支 1 条件 1 比较方式', '大于等于');
    expect(await screen.findByText('条件节点「条件分支」的分支「分支 1」的条件 1 未填写比较的值')).toBeTruthy();
    fireEvent.change(within(panel).getByRole('spinbutton', { name: '分支 1 条件 1 值' }), { target: { value: '3' } });
    await waitFor(() =>
      expect(screen.queryByText('条件节点「条件分支」的分支「分支 1」的条件 1 未填写比较的值')).toBeNull(),
    );
    expect(screen.getByText('条件节点「条件分支」缺少默认分支')).toBeTruthy();
    expect(screen.getByText('节点「条件分支」从开始节点无法到达')).toBeTruthy();
    // A half-finished design is saved as it is (its problems stay listed); publishing waits until it is whole.
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(api.saveProcess).toHaveBeenCalledTimes(1));
    expect(screen.getByText('条件节点「条件分支」缺少默认分支')).toBeTruthy();
  });

  it('deletes the selected node with its lines, and never the start node', async () => {
    renderAt('/cms/workflow/processDesign?id=2');
    fireEvent.click(await screen.findByTestId('flow-node-approve1'));
    fireEvent.click(screen.getByRole('button', { name: /删除/ }));
    await waitFor(() => expect(screen.queryByTestId('flow-node-approve1')).toBeNull());
    expect(screen.getByText('节点「结束」从开始节点无法到达')).toBeTruthy();
    expect(screen.getByText('节点「发起」没有后续连线')).toBeTruthy();
    // The start node cannot be deleted.
    fireEvent.click(screen.getByTestId('flow-node-start'));
    expect((screen.getByRole('button', { name: /删除/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('publishes after saving the changes, and shows a refused save’s messages', async () => {
    api.saveProcess.mockImplementationOnce(() =>
      Promise.reject(
        new HttpError('流程设计有误', '0x00000101', 400, {
          errorCode: '0x00000101',
          message: '流程设计有误',
          data: { field: 'definition', messages: ['节点「审批」的字段权限引用了不存在的字段「x」'] },
        }),
      ),
    );
    renderAt('/cms/workflow/processDesign?id=2');
    await screen.findByTestId('flow-node-approve1');
    fireEvent.change(screen.getByRole('textbox', { name: '流程名称' }), { target: { value: '报修审批（新）' } });
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    expect(await screen.findByText('节点「审批」的字段权限引用了不存在的字段「x」')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '发 布' }));
    await confirmPop('发布流程？');
    await waitFor(() => expect(api.publishProcess).toHaveBeenCalledWith(2));
    expect(api.saveProcess).toHaveBeenLastCalledWith(expect.objectContaining({ id: 2, name: '报修审批（新）' }));
    expect(await screen.findByText('已发布为第 1 版')).toBeTruthy();
  });
});
