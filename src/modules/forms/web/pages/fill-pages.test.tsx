// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { clear as idbClear, keys as idbKeys } from 'idb-keyval';
import dayjs from 'dayjs';
import { httpInstances } from '@/core/http';
import { useSession } from '@/core/session/store';
import type { SessionUser } from '@/core/session/types';
import { AppProviders } from '@/core/ui/app-providers';
import { leaveSchema } from '@/modules/forms/components/testing/sample-schemas';
import { AUTOSAVE_DELAY_MS } from '@/modules/forms/components/local-drafts';
import type { OpenedForm, SubmissionDetail } from '@/modules/forms/contract';
import FormWritePage from './form-write-page';
import TaskFormEditPage from './task-form-edit-page';
import TaskFormPreviewPage from './task-form-preview-page';
import TaskFormWritePage from './task-form-write-page';

const FORM: OpenedForm = {
  id: 12,
  name: '请假申请',
  description: '请如实填写',
  access: 'public',
  version: 3,
  schema: leaveSchema,
  defaults: {},
  submitLimit: 'none',
  closesAt: null,
};
const user: SessionUser = {
  id: 7,
  username: 'student',
  real_name: '张三',
  user_no: 'S001',
  kind: 'student',
  is_admin: 0,
  department: null,
  avatar: null,
  roles: [],
  must_change_pwd: 0,
};

type Reply = { status: number; body: unknown };
const calls: InternalAxiosRequestConfig[] = [];
let submitReplies: Reply[] = [];
const ok = (data: unknown): Reply => ({ status: 200, body: { errorCode: '0x00000000', message: '成功', data } });

const adapter: AxiosAdapter = async (config) => {
  calls.push(config);
  let reply: Reply = { status: 404, body: { errorCode: '0x00000404', message: '不存在', data: null } };
  const url = config.url ?? '';
  if (url.endsWith('.formFill/open/')) reply = ok(FORM);
  if (url.endsWith('.formFill/submit/'))
    reply = submitReplies.shift() ?? ok({ id: 99, submittedAt: Date.UTC(2026, 2, 1, 8, 0, 0), follow: null });
  if (url.endsWith('.formFill/submission/')) {
    const d: SubmissionDetail = {
      id: 5,
      formId: 12,
      formName: '请假申请',
      version: 3,
      submittedAt: Date.UTC(2026, 2, 1, 2, 0, 0),
      submitter: { id: 7, name: '张三', userNo: 'S001' },
      values: { name: '张三', kind: 'sick', days: 2 },
      schema: leaveSchema,
    };
    reply = ok(d);
  }
  if (url.endsWith('.formDraft/detail/'))
    reply = ok({
      id: 44,
      formId: 12,
      formName: '请假申请',
      version: 3,
      savedAt: Date.UTC(2026, 1, 1),
      values: { name: '草稿里的名字', kind: 'personal' },
    });
  if (url.endsWith('.formDraft/save/'))
    reply = ok({ id: 44, formId: 12, formName: '请假申请', version: 3, savedAt: Date.UTC(2026, 1, 2, 3, 4, 5) });
  if (url.endsWith('.formFill/fillable/'))
    reply = ok({
      list: [
        ...[
          ['open', 12, '请假申请', null, null],
          ['notOpen', 13, '学院讲座报名', Date.UTC(2026, 11, 1, 1), null],
          ['closed', 14, '迎新志愿者招募', null, Date.UTC(2026, 8, 1)],
        ].map(([state, id, name, opensAt, closesAt]) => ({
          id,
          name,
          category: '学生事务',
          description: '',
          version: 3,
          access: 'public',
          state,
          opensAt,
          closesAt,
        })),
      ],
      total: 3,
      page: 1,
      pageSize: 10,
    });
  if (url.endsWith('.formFill/mine/'))
    reply = ok({
      list: [
        {
          id: 31,
          formId: 12,
          formName: '请假申请',
          version: 3,
          submittedAt: Date.UTC(2026, 2, 1, 2, 0, 0),
          submitter: { id: 7, name: '张三', userNo: 'S001' },
          status: {
            text: '审批中（辅导员审批）',
            tone: 'processing',
            link: '/web/taskCenter/taskApproval?instanceId=8',
          },
        },
        {
          id: 30,
          formId: 13,
          formName: '意见征集',
          version: 1,
          submittedAt: Date.UTC(2026, 1, 20, 2, 0, 0),
          submitter: { id: 7, name: '张三', userNo: 'S001' },
          status: null,
        },
      ],
      total: 2,
      page: 1,
      pageSize: 10,
    });
  return {
    data: reply.body,
    status: reply.status,
    statusText: String(reply.status),
    headers: { 'content-type': 'application/json' },
    config,
  };
};

beforeEach(async () => {
  calls.length = 0;
  submitReplies = [];
  httpInstances.normal.defaults.adapter = adapter;
  httpInstances.slow.defaults.adapter = adapter;
  await idbClear();
  useSession.setState({ token: null, userInfo: null });
});
afterEach(cleanup);

const renderAt = (path: string, page: React.ReactNode, route: string) =>
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={page} />
          <Route path="*" element={<div>other page</div>} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
const openWrite = () =>
  renderAt('/web/eventService/formWrite?formId=12', <FormWritePage />, '/web/eventService/formWrite');
const field = (id: string) => document.querySelector<HTMLElement>(`[data-field="${id}"]`)!;
const nameInput = () => field('name').querySelector('input')!;
const submitButton = () =>
  Array.from(document.querySelectorAll<HTMLButtonElement>('button')).find(
    (b) => b.textContent?.replace(/\s/g, '') === '提交',
  )!;
const submits = () => calls.filter((c) => c.url?.endsWith('/submit/'));

/** Picks an option of the 请假类型 select through its dropdown. */
async function pickKind(label: string): Promise<void> {
  fireEvent.mouseDown(field('kind').querySelector('input')!);
  fireEvent.click(
    await waitFor(
      () =>
        Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).find(
          (o) => o.textContent === label,
        )!,
    ),
  );
}

describe('formWrite page', () => {
  it('shows the form and checks required fields on the client before sending', async () => {
    openWrite();
    expect(await screen.findByRole('heading', { name: '请假申请' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('请如实填写')).toBeTruthy();
    fireEvent.click(submitButton());
    const message = (id: string) => field(id).querySelector('.ant-form-item-explain-error')?.textContent;
    await waitFor(() => expect(message('name')).toBe('请填写姓名'));
    expect(message('kind')).toBe('请选择请假类型');
    expect(submits()).toHaveLength(0);
    // Typing a name takes its message away; the others stay until their fields change.
    fireEvent.change(nameInput(), { target: { value: '张三' } });
    await waitFor(() => expect(message('name')).toBeUndefined());
    expect(message('kind')).toBe('请选择请假类型');
  });

  it("shows the server's field messages beside the fields", async () => {
    submitReplies = [
      {
        status: 400,
        body: {
          errorCode: '0x00000101',
          message: '输入有误',
          data: { fields: [{ field: 'name', message: '该姓名已提交过' }] },
        },
      },
    ];
    openWrite();
    await screen.findByRole('heading', { name: '请假申请' }, { timeout: 5000 });
    fireEvent.change(nameInput(), { target: { value: '张三' } });
    await pickKind('事假');
    fireEvent.click(submitButton());
    await waitFor(() => expect(within(field('name')).getByText('该姓名已提交过')).toBeTruthy(), { timeout: 5000 });
    expect(submits()).toHaveLength(1);
    expect(JSON.parse(submits()[0]!.data as string)).toEqual({
      formId: 12,
      version: 3,
      values: { name: '张三', kind: 'personal' },
    });
  });

  it('shows the submission time, and for a signed-in user a link to the stored submission', async () => {
    useSession.setState({ token: 'T', userInfo: user });
    openWrite();
    await screen.findByRole('heading', { name: '请假申请' }, { timeout: 5000 });
    fireEvent.change(nameInput(), { target: { value: '张三' } });
    await pickKind('病假');
    // 病假 makes the reason required (a rule).
    fireEvent.change(field('reason').querySelector('textarea')!, { target: { value: '发烧' } });
    fireEvent.click(submitButton());
    expect(await screen.findByText('提交成功', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(/已于 2026-03-01 \d\d:00:00 提交/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看我的提交' }).getAttribute('href')).toBe(
      '/web/taskCenter/taskFormPreview?id=99',
    );
    expect(JSON.parse(submits()[0]!.data as string).values).toEqual({
      name: '张三',
      kind: 'sick',
      reason: '发烧',
      days: 1,
    });
  });

  it('offers the follow-up the server names (a started approval) first', async () => {
    useSession.setState({ token: 'T', userInfo: user });
    submitReplies = [
      ok({
        id: 99,
        submittedAt: Date.UTC(2026, 2, 1, 8, 0, 0),
        follow: { link: '/web/taskCenter/taskApproval?instanceId=7', label: '查看审批进度' },
      }),
    ];
    openWrite();
    await screen.findByRole('heading', { name: '请假申请' }, { timeout: 5000 });
    fireEvent.change(nameInput(), { target: { value: '张三' } });
    await pickKind('事假');
    fireEvent.click(submitButton());
    await screen.findByText('提交成功', {}, { timeout: 5000 });
    expect(screen.getByRole('link', { name: '查看审批进度' }).getAttribute('href')).toBe(
      '/web/taskCenter/taskApproval?instanceId=7',
    );
    expect(screen.getByRole('link', { name: '查看我的提交' })).toBeTruthy();
  });

  it('offers to restore what was typed before the tab closed, and forgets it after submitting', async () => {
    openWrite();
    await screen.findByRole('heading', { name: '请假申请' }, { timeout: 5000 });
    fireEvent.change(nameInput(), { target: { value: '李四' } });
    // The autosave is debounced; wait for it to land in IndexedDB.
    await act(async () => {
      await new Promise((r) => setTimeout(r, AUTOSAVE_DELAY_MS + 300));
    });
    await waitFor(async () => expect(await idbKeys()).toContain('formDraft:12:v3:guest'));
    cleanup();

    openWrite();
    expect(await screen.findByText('恢复上次未提交的内容？', {}, { timeout: 5000 })).toBeTruthy();
    expect(nameInput().value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: '恢 复' }));
    await waitFor(() => expect(nameInput().value).toBe('李四'));
    expect(screen.queryByText('恢复上次未提交的内容？')).toBeNull();

    await pickKind('事假');
    fireEvent.click(submitButton());
    await screen.findByText('提交成功', {}, { timeout: 5000 });
    await waitFor(async () => expect(await idbKeys()).not.toContain('formDraft:12:v3:guest'));
  });

  it('keeps drafts apart per person', async () => {
    openWrite();
    await screen.findByRole('heading', { name: '请假申请' }, { timeout: 5000 });
    fireEvent.change(nameInput(), { target: { value: '访客填写' } });
    await act(async () => {
      await new Promise((r) => setTimeout(r, AUTOSAVE_DELAY_MS + 300));
    });
    cleanup();
    useSession.setState({ token: 'T', userInfo: user });
    openWrite();
    await screen.findByRole('heading', { name: '请假申请' }, { timeout: 5000 });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 200));
    });
    expect(screen.queryByText('恢复上次未提交的内容？')).toBeNull();
  });

  it('explains a link without a form number', () => {
    renderAt('/web/eventService/formWrite', <FormWritePage />, '/web/eventService/formWrite');
    expect(screen.getByText('链接不完整')).toBeTruthy();
  });
});

describe('server drafts', () => {
  it('saves a draft for a signed-in user and continues it from taskFormEdit, submitting it with its id', async () => {
    useSession.setState({ token: 'T', userInfo: user });
    openWrite();
    await screen.findByRole('heading', { name: '请假申请' }, { timeout: 5000 });
    fireEvent.change(nameInput(), { target: { value: '先存一下' } });
    fireEvent.click(screen.getByRole('button', { name: '保存草稿' }));
    await waitFor(() => expect(calls.some((c) => c.url?.endsWith('.formDraft/save/'))).toBe(true));
    const saved = JSON.parse(calls.find((c) => c.url?.endsWith('.formDraft/save/'))!.data as string);
    expect(saved).toEqual({ formId: 12, version: 3, values: { name: '先存一下' } });
    cleanup();

    calls.length = 0;
    renderAt('/web/taskCenter/taskFormEdit?draftId=44', <TaskFormEditPage />, '/web/taskCenter/taskFormEdit');
    await screen.findByRole('heading', { name: '请假申请' }, { timeout: 5000 });
    expect(nameInput().value).toBe('草稿里的名字');
    expect(calls.find((c) => c.url?.endsWith('.formFill/open/'))!.params).toEqual({ formId: 12, version: 3 });
    fireEvent.click(submitButton());
    await screen.findByText('提交成功', {}, { timeout: 5000 });
    expect(JSON.parse(submits()[0]!.data as string)).toEqual({
      formId: 12,
      version: 3,
      values: { name: '草稿里的名字', kind: 'personal' },
      draftId: 44,
    });
  });
});

describe('taskFormPreview page', () => {
  it('shows a stored submission read-only with its form, version, submitter and time', async () => {
    renderAt('/web/taskCenter/taskFormPreview?id=5', <TaskFormPreviewPage />, '/web/taskCenter/taskFormPreview');
    expect(await screen.findByRole('heading', { name: '请假申请' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('第 3 版')).toBeTruthy();
    expect(screen.getByText('张三（S001）')).toBeTruthy();
    expect(screen.getByText('病假')).toBeTruthy();
    expect(document.querySelectorAll('[data-field] input, [data-field] textarea')).toHaveLength(0);
  });
});

describe('taskFormWrite page', () => {
  it('lists the forms the user may fill, each linking to its fill page', async () => {
    useSession.setState({ token: 'T', userInfo: user });
    renderAt('/web/taskCenter/taskFormWrite', <TaskFormWritePage />, '/web/taskCenter/taskFormWrite');
    const link = await screen.findByRole('link', { name: '请假申请' }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe('/web/taskCenter/taskFormWrite?formId=12');
    expect(screen.getByRole('tab', { name: '我的草稿' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '我的提交' })).toBeTruthy();
  });

  it('shows 未开始 with its opening time and 已截止, and offers no way to fill those forms', async () => {
    useSession.setState({ token: 'T', userInfo: user });
    renderAt('/web/taskCenter/taskFormWrite', <TaskFormWritePage />, '/web/taskCenter/taskFormWrite');
    await screen.findByRole('link', { name: '请假申请' }, { timeout: 5000 });
    const opens = dayjs(Date.UTC(2026, 11, 1, 1)).format('YYYY-MM-DD HH:mm');
    expect(screen.getByText(`未开始 · ${opens} 开始`)).toBeTruthy();
    expect(screen.getAllByText('已截止').length).toBeGreaterThan(0);
    const rows = Array.from(document.querySelectorAll<HTMLElement>('tr[data-row-key]'));
    expect(rows.map((r) => r.getAttribute('data-row-key'))).toEqual(['12', '13', '14']);
    for (const row of rows.slice(1)) expect(row.querySelector('a')).toBeNull();
    expect(screen.getAllByRole('link', { name: '填写' }).map((a) => a.getAttribute('href'))).toEqual([
      '/web/taskCenter/taskFormWrite?formId=12',
    ]);
  });

  it('我的提交 shows where each submission stands and links to its approval', async () => {
    useSession.setState({ token: 'T', userInfo: user });
    renderAt('/web/taskCenter/taskFormWrite?tab=mine', <TaskFormWritePage />, '/web/taskCenter/taskFormWrite');
    expect(await screen.findByText('审批中（辅导员审批）', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '状态' })).toBeTruthy();
    // A form without a process: stored, nothing follows it.
    expect(screen.getByText('已提交')).toBeTruthy();
    const progress = screen.getAllByRole('link', { name: '审批进度' });
    expect(progress.map((a) => a.getAttribute('href'))).toEqual(['/web/taskCenter/taskApproval?instanceId=8']);
  });
});
