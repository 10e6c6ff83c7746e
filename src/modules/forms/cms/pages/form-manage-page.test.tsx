// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { HttpError } from '@/core/http';
import { AppProviders } from '@/core/ui/app-providers';
import type { FormDetail, FormListItem } from '@/modules/forms/contract';
import { emptyFillView } from '@/modules/forms/contract';

const api = vi.hoisted(() => ({
  listForms: vi.fn(),
  listFormCategories: vi.fn(),
  getForm: vi.fn(),
  createForm: vi.fn(),
  publishForm: vi.fn(),
  disableForm: vi.fn(),
  enableForm: vi.fn(),
  copyForm: vi.fn(),
  deleteForm: vi.fn(),
  listFormHistory: vi.fn(),
  pickUsers: vi.fn(),
  pickDepartments: vi.fn(),
}));
vi.mock('@/modules/forms/api', () => api);
const saveFile = vi.hoisted(() => vi.fn());
vi.mock('@/core/ui/save-file', () => ({ saveFile }));

const { default: FormManagePage } = await import('./form-manage-page');

const ok = <T,>(data: T) => Promise.resolve({ errorCode: '0x00000000', message: '成功', data });

const rows: FormListItem[] = [
  {
    id: 1,
    name: '学生请假申请',
    category: '学生事务',
    status: 'published',
    access: 'signedIn',
    latestVersion: 2,
    draftChanged: true,
    submissionCount: 12,
    updatedAt: Date.UTC(2026, 2, 1),
    updatedBy: 'admin',
  },
  {
    id: 2,
    name: '实验室安全登记',
    category: '',
    status: 'draft',
    access: 'public',
    latestVersion: null,
    draftChanged: true,
    submissionCount: 0,
    updatedAt: Date.UTC(2026, 2, 2),
    updatedBy: '王老师',
  },
  {
    id: 3,
    name: '旧版调查',
    category: '调查',
    status: 'disabled',
    access: 'public',
    latestVersion: 1,
    draftChanged: false,
    submissionCount: 0,
    updatedAt: Date.UTC(2026, 2, 3),
    updatedBy: 'admin',
  },
];

const detail: FormDetail = {
  id: 2,
  name: '实验室安全登记',
  category: '安全',
  description: '每学期登记一次',
  status: 'draft',
  access: 'public',
  audience: [],
  fill: emptyFillView(),
  managers: [],
  draft: {
    format: 1,
    sections: [
      {
        id: 'section_a',
        title: '基本信息',
        columns: 2,
        fields: [{ id: 'field_name', type: 'text', label: '姓名', span: 1 }],
      },
    ],
    rules: [],
  },
  versions: [
    { version: 1, publishedAt: Date.UTC(2026, 1, 1), publishedBy: 'admin' },
    { version: 2, publishedAt: Date.UTC(2026, 1, 2), publishedBy: '王老师' },
  ],
  submissionCount: 0,
  updatedAt: 0,
  updatedBy: 'admin',
};

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{loc.pathname + loc.search}</div>;
}

const renderPage = () =>
  render(
    <AppProviders>
      <MemoryRouter initialEntries={['/cms/workflow/formManage']}>
        <Routes>
          <Route path="/cms/workflow/formManage" element={<FormManagePage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );

const row = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

/** Opens an antd Select by its accessible name and picks an option by its text. */
async function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const items = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  fireEvent.click(items[items.length - 1]!);
}

/** Clicks the OK button of the open pop-up confirmation. */
async function confirmPop() {
  const ok = await waitFor(() => {
    const b = document.querySelector('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-primary');
    if (!b) throw new Error('no open confirmation');
    return b as HTMLElement;
  });
  fireEvent.click(ok);
}

async function more(name: string, item: string) {
  fireEvent.click(within(await row(name)).getByRole('button', { name: `更多操作 ${name}` }));
  fireEvent.click(await screen.findByRole('menuitem', { name: item }));
}

beforeEach(() => {
  for (const f of Object.values(api)) f.mockReset();
  saveFile.mockReset();
  api.listForms.mockImplementation(() => ok({ list: rows, total: 23, page: 1, pageSize: 10 }));
  api.listFormCategories.mockImplementation(() => ok(['学生事务', '调查']));
  api.getForm.mockImplementation(() => ok(detail));
  for (const f of [api.publishForm, api.disableForm, api.enableForm, api.copyForm, api.deleteForm])
    f.mockImplementation(() => ok(null));
});
afterEach(cleanup);

describe('form management list', () => {
  it('shows each form with its status, version, unpublished changes and submissions', async () => {
    renderPage();
    const leave = await row('学生请假申请');
    expect(within(leave).getByText('已发布')).toBeTruthy();
    expect(within(leave).getByText('v2')).toBeTruthy();
    expect(within(leave).getByText('有未发布的修改')).toBeTruthy();
    expect(within(leave).getByText('12')).toBeTruthy();
    const lab = await row('实验室安全登记');
    expect(within(lab).getByText('草稿')).toBeTruthy();
    expect(within(lab).getByText('未发布')).toBeTruthy();
    expect(within(lab).queryByText('有未发布的修改')).toBeNull();
    expect(within(await row('旧版调查')).getByText('已停用')).toBeTruthy();
    expect(screen.getByText('共 23 个表单')).toBeTruthy();
    expect(api.listForms).toHaveBeenLastCalledWith({
      page: 1,
      pageSize: 10,
      keyword: undefined,
      category: undefined,
      status: undefined,
    });
  });

  it('searches by keyword, category and status on the server', async () => {
    renderPage();
    await row('学生请假申请');
    fireEvent.change(screen.getByRole('textbox', { name: '表单名称' }), { target: { value: ' 请假 ' } });
    fireEvent.click(screen.getByRole('button', { name: '查 询' }));
    await waitFor(() =>
      expect(api.listForms).toHaveBeenLastCalledWith(expect.objectContaining({ keyword: '请假', page: 1 })),
    );
    await pick('状态', '已停用');
    await waitFor(() =>
      expect(api.listForms).toHaveBeenLastCalledWith(expect.objectContaining({ keyword: '请假', status: 'disabled' })),
    );
    await pick('分类', '调查');
    await waitFor(() =>
      expect(api.listForms).toHaveBeenLastCalledWith(expect.objectContaining({ category: '调查', status: 'disabled' })),
    );
  });

  it('creates a form from the dialog and opens it in the designer', async () => {
    api.createForm.mockImplementation(() => ok({ id: 41 }));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /新建表单/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '创建并设计' }));
    expect(await within(dialog).findByText('请输入表单名称')).toBeTruthy();
    expect(api.createForm).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByPlaceholderText('如：学生请假申请'), { target: { value: '  奖学金申请 ' } });
    fireEvent.click(within(dialog).getByLabelText('公开（任何人凭链接可填写）'));
    fireEvent.click(within(dialog).getByRole('button', { name: '创建并设计' }));
    await waitFor(() =>
      expect(api.createForm).toHaveBeenCalledWith({
        name: '奖学金申请',
        category: '',
        description: '',
        access: 'public',
      }),
    );
    expect((await screen.findByTestId('where')).textContent).toBe('/cms/workflow/formDesign?id=41');
  });

  it('publishes after confirming, and offers no publish when nothing changed', async () => {
    renderPage();
    fireEvent.click(within(await row('实验室安全登记')).getByRole('button', { name: '发布' }));
    await confirmPop();
    await waitFor(() => expect(api.publishForm).toHaveBeenCalledWith(2));
    expect(await screen.findByText('发布成功')).toBeTruthy();
    expect((within(await row('旧版调查')).getByRole('button', { name: '发布' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('disables a published form after confirming and enables a disabled one', async () => {
    renderPage();
    fireEvent.click(within(await row('学生请假申请')).getByRole('button', { name: '停用' }));
    await confirmPop();
    await waitFor(() => expect(api.disableForm).toHaveBeenCalledWith(1));
    fireEvent.click(within(await row('旧版调查')).getByRole('button', { name: '启用' }));
    await waitFor(() => expect(api.enableForm).toHaveBeenCalledWith(3));
  });

  it('copies a form', async () => {
    renderPage();
    await more('实验室安全登记', '复制');
    await waitFor(() => expect(api.copyForm).toHaveBeenCalledWith(2));
    expect(await screen.findByText('已复制为新的草稿表单')).toBeTruthy();
  });

  it('lists a refused publish’s messages from the server', async () => {
    api.publishForm.mockImplementation(() =>
      Promise.reject(
        new HttpError('表单设计有误', '0x00000101', 400, {
          errorCode: '0x00000101',
          message: '表单设计有误',
          data: { field: 'schema', messages: ['字段「年龄」的最小值大于最大值', '规则 1 引用了不存在的字段'] },
        }),
      ),
    );
    renderPage();
    fireEvent.click(within(await row('实验室安全登记')).getByRole('button', { name: '发布' }));
    await confirmPop();
    expect(await screen.findByText('字段「年龄」的最小值大于最大值')).toBeTruthy();
    expect(screen.getByText('规则 1 引用了不存在的字段')).toBeTruthy();
  });

  it('deletes after a confirmation, and offers no delete once a form has submissions', async () => {
    renderPage();
    await more('实验室安全登记', '删除');
    const [confirm] = await screen.findAllByText('删除表单《实验室安全登记》？');
    fireEvent.click(within(confirm!.closest('.ant-modal') as HTMLElement).getByRole('button', { name: '删 除' }));
    await waitFor(() => expect(api.deleteForm).toHaveBeenCalledWith(2));

    fireEvent.click(within(await row('学生请假申请')).getByRole('button', { name: '更多操作 学生请假申请' }));
    const items = await screen.findAllByRole('menuitem', { name: '删除' });
    expect(items.some((i) => i.getAttribute('aria-disabled') === 'true')).toBe(true);
  });

  it('exports the draft with its settings as a JSON file', async () => {
    renderPage();
    await more('实验室安全登记', '导出表单文件');
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    const [blob, name] = saveFile.mock.calls[0]! as [Blob, string];
    expect(name).toBe('实验室安全登记.json');
    const doc = JSON.parse(await blob.text());
    expect(doc).toMatchObject({
      kind: 'campus-portal/form',
      name: '实验室安全登记',
      category: '安全',
      description: '每学期登记一次',
      access: 'public',
      schema: detail.draft,
    });
  });

  it('imports an exported file as a new form, and shows the server’s messages when it refuses one', async () => {
    api.createForm.mockImplementationOnce(() =>
      Promise.reject(
        new HttpError('表单设计有误', '0x00000101', 400, {
          errorCode: '0x00000101',
          message: '表单设计有误',
          data: { messages: ['字段标识 field_a 重复'] },
        }),
      ),
    );
    api.createForm.mockImplementationOnce(() => ok({ id: 77 }));
    const { container } = renderPage();
    await row('学生请假申请');
    // The upload control replaces its input after each pick.
    const input = () => container.querySelector('input[type=file]') as HTMLInputElement;
    const file = JSON.stringify({
      kind: 'campus-portal/form',
      name: '宿舍报修',
      category: '后勤',
      description: '',
      access: 'public',
      schema: detail.draft,
    });

    fireEvent.change(input(), {
      target: { files: [new File(['{not json'], 'bad.json', { type: 'application/json' })] },
    });
    expect(await screen.findByText('文件不是有效的 JSON')).toBeTruthy();
    expect(api.createForm).not.toHaveBeenCalled();

    fireEvent.change(input(), { target: { files: [new File([file], '报修.json', { type: 'application/json' })] } });
    expect(await screen.findByText('字段标识 field_a 重复')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '知道了' }));

    fireEvent.change(input(), { target: { files: [new File([file], '报修.json', { type: 'application/json' })] } });
    await waitFor(() =>
      expect(api.createForm).toHaveBeenLastCalledWith({
        name: '宿舍报修',
        category: '后勤',
        description: '',
        access: 'public',
        schema: detail.draft,
      }),
    );
    expect((await screen.findByTestId('where')).textContent).toBe('/cms/workflow/formDesign?id=77');
  });

  it('lists versions in a drawer and previews one', async () => {
    renderPage();
    await more('学生请假申请', '版本');
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('v2')).toBeTruthy();
    expect(within(drawer).getByText('王老师')).toBeTruthy();
    const v1 = within(drawer).getByText('v1').closest('tr') as HTMLElement;
    fireEvent.click(within(v1).getByRole('button', { name: '预览' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/cms/workflow/preview?id=1&version=1');
  });

  it('pages the change history on the server', async () => {
    api.listFormHistory.mockImplementation((q: { page: number }) =>
      ok({
        list: [
          {
            id: q.page,
            action: q.page === 1 ? 'published' : 'created',
            detail: q.page === 1 ? '发布版本 v2' : '《学生请假申请》',
            by: 'admin',
            at: Date.UTC(2026, 2, 1),
          },
        ],
        total: 40,
        page: q.page,
        pageSize: 20,
      }),
    );
    renderPage();
    await more('学生请假申请', '修改记录');
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('发布版本 v2')).toBeTruthy();
    expect(api.listFormHistory).toHaveBeenLastCalledWith({ id: 1, page: 1, pageSize: 20 });
    fireEvent.click(within(drawer).getByTitle('2'));
    expect(await within(drawer).findByText('《学生请假申请》')).toBeTruthy();
    expect(within(drawer).getByText('新建')).toBeTruthy();
    expect(api.listFormHistory).toHaveBeenLastCalledWith({ id: 1, page: 2, pageSize: 20 });
  });
});
