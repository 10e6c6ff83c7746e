// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import { Value } from 'typebox/value';
import dayjs from 'dayjs';
import { HttpError } from '@/core/http';
import { AppProviders } from '@/core/ui/app-providers';
import {
  FIELD_TYPES,
  FormSchema as FormSchemaType,
  type FieldType,
  type FormField,
  type FormSchema,
} from '@/shared/forms/schema';
import type { FormDetail, FormSaveBody } from '@/modules/forms/contract';
import { emptyFillView } from '@/modules/forms/contract';
import { createField } from '../designer/field-catalog';

const api = vi.hoisted(() => ({
  getForm: vi.fn(),
  saveForm: vi.fn(),
  publishForm: vi.fn(),
  listFormCategories: vi.fn(),
  listRolesForAudience: vi.fn(() =>
    Promise.resolve([
      { code: 'student', name: '学生' },
      { code: 'staff', name: '教职工' },
    ]),
  ),
  pickUsers: vi.fn(),
  pickDepartments: vi.fn(),
  searchPeopleAdmin: vi.fn(),
  listDepartmentTreeForAudience: vi.fn(),
  listPlatformsForAudience: vi.fn(),
}));
vi.mock('@/modules/forms/api', () => api);

const { default: FormDesignPage } = await import('./form-design-page');

const ok = <T,>(data: T) => Promise.resolve({ errorCode: '0x00000000', message: '成功', data });

/** A form of `count` fields of every type across four sections, as the server would hold it. */
function bigSchema(count: number): FormSchema {
  const taken = new Set<string>();
  const sections = [1, 2, 3, 4].map((n) => ({
    id: `section_${n}`,
    title: `分区${n}`,
    columns: n,
    fields: [] as FormField[],
  }));
  for (let i = 0; i < count; i++) {
    const type: FieldType = FIELD_TYPES[i % FIELD_TYPES.length]!;
    const f = createField(type, taken);
    taken.add(f.id);
    f.label = `字段${i + 1}`;
    const section = sections[i % 4]!;
    f.span = Math.min(f.span ?? 1, section.columns);
    section.fields.push(f);
  }
  return { format: 1, sections, rules: [] };
}

const small: FormSchema = {
  format: 1,
  sections: [
    {
      id: 'section_main',
      title: '基本信息',
      columns: 2,
      fields: [
        {
          id: 'field_kind',
          type: 'select',
          label: '请假类型',
          span: 1,
          options: [
            { label: '事假', value: 'personal' },
            { label: '病假', value: 'sick' },
          ],
        },
        { id: 'field_reason', type: 'textarea', label: '请假原因', span: 2 },
      ],
    },
  ],
  rules: [],
};

let detail: FormDetail;
const makeDetail = (draft: FormSchema): FormDetail => ({
  id: 5,
  name: '学生请假申请',
  category: '学生事务',
  description: '',
  status: 'published',
  access: 'signedIn',
  audience: [],
  fill: emptyFillView(),
  managers: [{ id: 9, name: '王老师' }],
  draft,
  versions: [
    { version: 1, publishedAt: 1, publishedBy: 'admin' },
    { version: 2, publishedAt: 2, publishedBy: 'admin' },
  ],
  submissionCount: 3,
  updatedAt: 0,
  updatedBy: 'admin',
});

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{loc.pathname}</div>;
}

function renderDesigner() {
  const router = createMemoryRouter(
    [
      { path: '/cms/workflow/formDesign', element: <FormDesignPage /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: ['/cms/workflow/formDesign?id=5'] },
  );
  return render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const cards = () => document.querySelectorAll('[data-field-id]');
const card = (label: string) =>
  [...cards()].find((c) => c.querySelector('[title]')?.getAttribute('title') === label) as HTMLElement | undefined;
const lastSaved = () => api.saveForm.mock.calls.at(-1)![0] as FormSaveBody;
const toolbarButton = (label: string) => screen.getByRole('button', { name: label }) as HTMLButtonElement;

async function confirmPop() {
  const okBtn = await waitFor(() => {
    const b = document.querySelector('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-primary');
    if (!b) throw new Error('no open confirmation');
    return b as HTMLElement;
  });
  fireEvent.click(okBtn);
}

beforeEach(() => {
  for (const f of Object.values(api)) f.mockReset();
  detail = makeDetail(small);
  api.getForm.mockImplementation(() => ok(detail));
  api.saveForm.mockImplementation(() => ok({ draftChanged: true, updatedAt: 1 }));
  api.publishForm.mockImplementation(() => ok({ version: 3, publishedAt: 3, publishedBy: 'admin' }));
  api.listFormCategories.mockImplementation(() => ok(['学生事务']));
  api.searchPeopleAdmin.mockImplementation(() => Promise.resolve([]));
  api.listPlatformsForAudience.mockImplementation(() => Promise.resolve([{ id: 1, name: '学生服务平台' }]));
  api.listDepartmentTreeForAudience.mockImplementation(() =>
    Promise.resolve([
      {
        id: 3,
        name: '计算机学院',
        code: 'cs',
        kind: 'college',
        sort: 1,
        parentId: null,
        children: [{ id: 31, name: '软件2301班', code: 'se2301', kind: 'class', sort: 1, parentId: 3, children: [] }],
      },
    ]),
  );
});
afterEach(cleanup);

describe('form designer', () => {
  // Role queries over 200 cards are slow in jsdom: this test finds things by attribute.
  it('renders a 200-field form (every type, 1–4 columns) and edits one field of it', async () => {
    detail = makeDetail(bigSchema(200));
    renderDesigner();
    await waitFor(() => expect(cards()).toHaveLength(200), { timeout: 20_000 });
    const palette = document.querySelector('aside[aria-label="字段类型"]')!;
    expect(palette.querySelectorAll('button')).toHaveLength(FIELD_TYPES.length);
    expect(document.querySelectorAll('section[data-section-id]')).toHaveLength(4);
    fireEvent.click(card('字段150')!);
    const label = await waitFor(() => document.querySelector('input[aria-label="字段名称"]') as HTMLInputElement);
    expect(label.value).toBe('字段150');
    fireEvent.change(label, { target: { value: '第一百五十项' } });
    expect(card('第一百五十项')).toBeTruthy();
    expect(cards()).toHaveLength(200);
  }, 60_000);

  it('adds a field from the palette to the selected section, edits it, and undoes and redoes', async () => {
    renderDesigner();
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(toolbarButton('撤销').disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '添加金额' }));
    expect(cards()).toHaveLength(3);
    expect(cards()[2]!.getAttribute('aria-label')).toBe('金额：金额');
    // The new field is selected: its properties are in the panel.
    const label = await screen.findByRole('textbox', { name: '字段名称' });
    for (const text of ['报', '报销', '报销金额']) fireEvent.change(label, { target: { value: text } });
    expect(card('报销金额')).toBeTruthy();
    expect(screen.getByText('有未保存的修改')).toBeTruthy();

    // Typing into one input is one step; the field's creation is another.
    fireEvent.click(toolbarButton('撤销'));
    expect(card('金额')).toBeTruthy();
    act(() => {
      fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    });
    expect(cards()).toHaveLength(2);
    act(() => {
      fireEvent.keyDown(document.body, { key: 'y', ctrlKey: true });
    });
    expect(cards()).toHaveLength(3);
    act(() => {
      fireEvent.keyDown(document.body, { key: 'Z', ctrlKey: true, shiftKey: true });
    });
    expect(card('报销金额')).toBeTruthy();
    expect(toolbarButton('重做').disabled).toBe(true);
  });

  it('duplicates and deletes cards, and edits a section’s columns', async () => {
    renderDesigner();
    await waitFor(() => expect(cards()).toHaveLength(2));
    // A card's tools show once it is selected.
    expect(screen.queryByRole('button', { name: '复制 请假类型' })).toBeNull();
    fireEvent.click(card('请假类型')!);
    fireEvent.click(screen.getByRole('button', { name: '复制 请假类型' }));
    expect(card('请假类型 副本')).toBeTruthy();
    fireEvent.click(card('请假原因')!);
    fireEvent.click(screen.getByRole('button', { name: '删除 请假原因' }));
    expect(card('请假原因')).toBeUndefined();
    fireEvent.click(screen.getByText('基本信息'));
    fireEvent.click(await screen.findByText('4 列'));
    expect(screen.getByText('4 列 · 2 个字段')).toBeTruthy();
  });

  it('refuses an id that is taken or malformed and renames a valid one on Enter', async () => {
    renderDesigner();
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(card('请假原因')!);
    const id = await screen.findByRole('textbox', { name: '字段标识' });
    fireEvent.change(id, { target: { value: 'field_kind' } });
    expect(screen.getByText('该标识已被其他字段使用')).toBeTruthy();
    fireEvent.change(id, { target: { value: '1abc' } });
    expect(screen.getByText('以字母开头，只含字母、数字和下划线，最多 40 位')).toBeTruthy();
    fireEvent.change(id, { target: { value: 'reason' } });
    fireEvent.keyDown(id, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(document.querySelector('[data-field-id="reason"]')).toBeTruthy());
  });

  it('saves the draft with the form settings, and lists the server’s messages when it refuses', async () => {
    renderDesigner();
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: '添加单行文本' }));
    fireEvent.click(screen.getByRole('tab', { name: '表单设置' }));
    fireEvent.change(await screen.findByRole('textbox', { name: '表单名称' }), {
      target: { value: '学生请假申请（新）' },
    });
    fireEvent.click(screen.getByRole('button', { name: /保存/ }));
    await waitFor(() => expect(api.saveForm).toHaveBeenCalledTimes(1));
    const body = lastSaved();
    expect(body).toMatchObject({
      id: 5,
      name: '学生请假申请（新）',
      category: '学生事务',
      access: 'signedIn',
      audience: [],
      managerIds: [9],
    });
    expect(body.schema.sections[0]!.fields.map((f) => f.type)).toEqual(['select', 'textarea', 'text']);
    expect(Value.Check(FormSchemaType, body.schema)).toBe(true);
    expect(await screen.findByText('已保存')).toBeTruthy();
    expect(screen.queryByText('有未保存的修改')).toBeNull();

    api.saveForm.mockImplementationOnce(() =>
      Promise.reject(
        new HttpError('表单设计有误', '0x00000101', 400, {
          errorCode: '0x00000101',
          message: '表单设计有误',
          data: { field: 'schema', messages: ['字段「单行文本」的标识重复'] },
        }),
      ),
    );
    fireEvent.change(screen.getByRole('textbox', { name: '表单名称' }), { target: { value: '学生请假申请' } });
    act(() => {
      fireEvent.keyDown(document.body, { key: 's', ctrlKey: true });
    });
    expect(await screen.findByText('字段「单行文本」的标识重复')).toBeTruthy();
    expect(screen.getByText('有未保存的修改')).toBeTruthy();
  });

  it('lists the schema check’s problems instead of publishing, and publishes (saving first) once fixed', async () => {
    detail = makeDetail({
      ...small,
      sections: [
        { ...small.sections[0]!, fields: [{ ...small.sections[0]!.fields[0]!, min: 5, max: 1, type: 'multiSelect' }] },
      ],
    });
    renderDesigner();
    await waitFor(() => expect(cards()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: /发布/ }));
    await confirmPop();
    expect(await screen.findByText('发布前请先修改以下问题')).toBeTruthy();
    expect(api.publishForm).not.toHaveBeenCalled();

    fireEvent.click(card('请假类型')!);
    fireEvent.change(await screen.findByRole('spinbutton', { name: '最多选择' }), { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: /发布/ }));
    await confirmPop();
    await waitFor(() => expect(api.publishForm).toHaveBeenCalledWith(5));
    expect(api.saveForm).toHaveBeenCalledTimes(1);
    expect(lastSaved().schema.sections[0]!.fields[0]!.max).toBe(9);
    expect(await screen.findByText('已发布第 3 版')).toBeTruthy();
    expect(screen.getByText('最新版本 v3')).toBeTruthy();
  });

  it('builds a linkage rule from selects and saves it as a valid rule', async () => {
    renderDesigner();
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(screen.getByText('联动规则（0）'));
    fireEvent.click(await screen.findByRole('button', { name: /添加规则/ }));
    // A new rule starts on the first field with its first option: 请假类型 等于 事假.
    const ruleCard = await screen.findByTestId('rule-card');
    expect(within(ruleCard).getByText('当 请假类型 等于 事假 时，显示 （未选择）')).toBeTruthy();
    expect(within(ruleCard).getByText(/动作 1：请选择目标字段/)).toBeTruthy();
    fireEvent.mouseDown(within(ruleCard).getByRole('combobox', { name: '条件 1 值' }));
    fireEvent.click((await screen.findAllByText('病假', { selector: '.ant-select-item-option-content' })).at(-1)!);
    fireEvent.mouseDown(within(ruleCard).getByRole('combobox', { name: '动作 1 类型' }));
    fireEvent.click((await screen.findAllByText('设为必填', { selector: '.ant-select-item-option-content' })).at(-1)!);
    fireEvent.mouseDown(within(ruleCard).getByRole('combobox', { name: '动作 1 目标字段' }));
    fireEvent.click(
      (await screen.findAllByText('请假原因（多行文本）', { selector: '.ant-select-item-option-content' })).at(-1)!,
    );
    expect(within(ruleCard).getByText('当 请假类型 等于 病假 时，设为必填 请假原因')).toBeTruthy();
    expect(screen.getByText('联动规则（1）')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /保存/ }));
    await waitFor(() => expect(api.saveForm).toHaveBeenCalledTimes(1));
    const rules = lastSaved().schema.rules;
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({
      match: 'all',
      conditions: [{ field: 'field_kind', op: 'eq', value: 'sick' }],
      actions: [{ type: 'require', targets: ['field_reason'] }],
    });
    expect(Value.Check(FormSchemaType, lastSaved().schema)).toBe(true);
  });

  it('asks before leaving with unsaved changes', async () => {
    renderDesigner();
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(card('请假原因')!);
    fireEvent.click(screen.getByRole('button', { name: '删除 请假原因' }));
    fireEvent.click(screen.getByRole('button', { name: '返回表单管理' }));
    expect(await screen.findByText('有未保存的修改', { selector: '.ant-modal-confirm-title' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '留在此页' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('where')).toBeNull();
    expect(cards()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '返回表单管理' }));
    fireEvent.click((await screen.findAllByRole('button', { name: '放弃修改并离开' })).at(-1)!);
    expect((await screen.findByTestId('where')).textContent).toBe('/cms/workflow/formManage');
  });

  it('previews the unsaved design with the renderers at desktop and phone width', async () => {
    renderDesigner();
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(screen.getByText('预览'));
    const desktop = await screen.findByTestId('preview-desktop');
    expect(await within(desktop).findByText('请假原因', {}, { timeout: 10_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /校\s?验/ }));
    expect(await screen.findByText(/处填写不符合要求|校验通过/)).toBeTruthy();
    fireEvent.click(screen.getByText('手机'));
    const phone = await screen.findByTestId('preview-phone');
    expect(await within(phone).findByText('请假原因', {}, { timeout: 10_000 })).toBeTruthy();
  });
});

describe('填写设置 and rules', () => {
  const opensAt = Date.UTC(2026, 11, 1, 0, 0);
  const closesAt = Date.UTC(2026, 11, 15, 10, 0);

  it('shows the stored 填写设置 and saves departments, the limit per person, the window and a removed password', async () => {
    detail = {
      ...makeDetail(small),
      access: 'public',
      fill: {
        departments: [{ id: 3, name: '计算机学院', withChildren: true }],
        classes: [{ id: 31, name: '软件2301班' }],
        platforms: [],
        users: [{ id: 11, name: '李明轩' }],
        submitLimit: 'once',
        opensAt,
        closesAt,
        hasPassword: true,
      },
    };
    renderDesigner();
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(screen.getByRole('tab', { name: '表单设置' }));
    const withChildren = await screen.findByRole('switch', { name: '计算机学院 含下级部门' });
    expect(withChildren.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('每人限填一次')).toBeTruthy();
    expect(screen.getByText('李明轩')).toBeTruthy();
    // Whether a password is set, never the password.
    expect(screen.getByText('已设置')).toBeTruthy();
    const range = document.querySelectorAll<HTMLInputElement>('.ant-picker-range input');
    expect([...range].map((i) => i.value)).toEqual([
      dayjs(opensAt).format('YYYY-MM-DD HH:mm'),
      dayjs(closesAt).format('YYYY-MM-DD HH:mm'),
    ]);

    fireEvent.click(withChildren);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '每人限填' }));
    fireEvent.click(
      await waitFor(() => {
        const o = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
          (x) => x.textContent === '每人每天一次',
        );
        if (!o) throw new Error('no option');
        return o;
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: /移\s*除/ }));
    expect(screen.getByText('保存后移除访问密码')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /保存/ }));
    await waitFor(() => expect(api.saveForm).toHaveBeenCalledTimes(1));
    expect(lastSaved().fill).toEqual({
      departments: [{ id: 3, withChildren: false }],
      classIds: [31],
      platformIds: [],
      userIds: [11],
      submitLimit: 'day',
      opensAt,
      closesAt,
      password: '',
    });
    // Saved: no password any more, nothing pending.
    expect(await screen.findByText('未设置')).toBeTruthy();
    expect(screen.queryByText('有未保存的修改')).toBeNull();
  });

  it('refuses on the client a closing time before the opening (no save call)', async () => {
    detail = {
      ...makeDetail(small),
      access: 'public',
      fill: { ...emptyFillView(), opensAt: closesAt, closesAt: opensAt },
    };
    renderDesigner();
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(screen.getByRole('tab', { name: '表单设置' }));
    expect(await screen.findByText('截止时间必须晚于开放时间')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /保存/ }));
    await act(() => Promise.resolve());
    expect(api.saveForm).not.toHaveBeenCalled();
  });

  it('checks a formula as it is typed: the parser’s message, then an unknown field', async () => {
    detail = makeDetail({
      ...small,
      sections: [
        {
          ...small.sections[0]!,
          fields: [
            ...small.sections[0]!.fields,
            { id: 'field_from', type: 'date', label: '离校日期', span: 1 },
            { id: 'field_days', type: 'number', label: '请假天数', span: 1 },
          ],
        },
      ],
    });
    renderDesigner();
    await waitFor(() => expect(cards()).toHaveLength(4));
    fireEvent.click(card('请假天数')!);
    const formula = await screen.findByRole('textbox', { name: '计算公式' });
    fireEvent.change(formula, { target: { value: 'DAYS(field_from, ' } });
    expect(await screen.findByText(/公式有误：/)).toBeTruthy();
    fireEvent.change(formula, { target: { value: 'DAYS(field_from, field_back) + 1' } });
    expect(await screen.findByText('公式有误：引用了不存在的字段 field_back')).toBeTruthy();
    fireEvent.change(formula, { target: { value: 'DAYS(field_from, TODAY()) + 1' } });
    await waitFor(() => expect(screen.queryByText(/公式有误/)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /保存/ }));
    await waitFor(() => expect(api.saveForm).toHaveBeenCalledTimes(1));
    expect(lastSaved().schema.sections[0]!.fields[3]!.formula).toBe('DAYS(field_from, TODAY()) + 1');
  });
});
