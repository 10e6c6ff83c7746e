// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { httpInstances } from '@/core/http';
import { AppProviders } from '@/core/ui/app-providers';
import { useSession } from '@/core/session/store';
import type { Message } from '@/modules/messages/contract';
import { MessageBell } from './message-bell';
import { sentBody } from '@/core/testing/sent-body';

const user = {
  id: 2,
  username: 'student',
  real_name: '李明轩',
  user_no: 'S1',
  kind: 'student',
  is_admin: 0 as const,
  department: null,
  avatar: null,
  roles: [],
  must_change_pwd: 0 as const,
};
const now = Date.now();
let inbox: Message[] = [];
const calls: InternalAxiosRequestConfig[] = [];

const adapter: AxiosAdapter = async (config) => {
  calls.push(config);
  let data: unknown = null;
  const unread = () => inbox.filter((m) => m.readAt === null).length;
  if (config.url === '/message/api/v1.message/message_count/') data = { unread: unread() };
  if (config.url === '/message/api/v1.message/list/') {
    const q = config.params as { status: string; page: number; pageSize: number };
    const list = inbox.filter((m) => q.status === 'all' || m.readAt === null);
    data = {
      list: list.slice((q.page - 1) * q.pageSize, q.page * q.pageSize),
      total: list.length,
      page: q.page,
      pageSize: q.pageSize,
    };
  }
  if (config.url === '/message/api/v1.message/read_message/') {
    const body = sentBody(config) as { id?: number; all?: boolean };
    const before = unread();
    inbox = inbox.map((m) => ((body.all || m.id === body.id) && m.readAt === null ? { ...m, readAt: Date.now() } : m));
    data = { updated: before - unread(), unread: unread() };
  }
  return {
    data: { errorCode: '0x00000000', message: '成功', data },
    status: 200,
    statusText: 'OK',
    headers: {},
    config,
  };
};

function renderBell() {
  const router = createMemoryRouter(
    [
      { path: '/web/home/index', element: <MessageBell /> },
      { path: '*', element: <div>elsewhere</div> },
    ],
    { initialEntries: ['/web/home/index'] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}
const readCalls = () => calls.filter((c) => c.url === '/message/api/v1.message/read_message/').map((c) => sentBody(c));

beforeEach(() => {
  calls.length = 0;
  inbox = [
    {
      id: 3,
      kind: 'task',
      title: '请审批：请假申请',
      body: '张三提交了请假申请',
      link: '/web/taskCenter/taskWorkBench',
      readAt: null,
      doneAt: null,
      createdAt: now - 60_000,
    },
    {
      id: 2,
      kind: 'notice',
      title: '期末考试安排通知',
      body: '',
      link: '',
      readAt: null,
      doneAt: null,
      createdAt: now - 3_600_000,
    },
    {
      id: 1,
      kind: 'system',
      title: '账号安全提醒',
      body: '',
      link: '',
      readAt: now - 100,
      doneAt: null,
      createdAt: now - 86_400_000,
    },
  ];
  httpInstances.normal.defaults.adapter = adapter;
  useSession
    .getState()
    .setLogin({ Authorization: 't', user_info: user, menus: { plant_front: [], cms: [] }, is_admin: 0 });
});
afterEach(async () => {
  cleanup();
  await useSession.getState().clear();
});

describe('message bell', () => {
  it('shows the unread count and lists the unread messages, then all', async () => {
    renderBell();
    const bell = await screen.findByRole('button', { name: '消息，2 条未读' });
    fireEvent.click(bell);
    const drawer = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(
        within(drawer)
          .getAllByRole('button', { name: /^未读 / })
          .map((b) => b.getAttribute('aria-label')),
      ).toEqual(['未读 请审批：请假申请', '未读 期末考试安排通知']),
    );
    fireEvent.click(within(drawer).getByRole('tab', { name: '全部' }));
    await waitFor(() => expect(within(drawer).getByRole('button', { name: '账号安全提醒' })).toBeTruthy());
  });

  it('marks a message read when it is opened and follows its link', async () => {
    const router = renderBell();
    fireEvent.click(await screen.findByRole('button', { name: '消息，2 条未读' }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(await within(drawer).findByRole('button', { name: '未读 请审批：请假申请' }));
    await waitFor(() => expect(readCalls()).toEqual([{ id: 3 }]));
    await waitFor(() => expect(router.state.location.pathname).toBe('/web/taskCenter/taskWorkBench'));
  });

  it('marks everything read with 全部已读 and the count goes', async () => {
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: '消息，2 条未读' }));
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByRole('button', { name: '未读 期末考试安排通知' });
    fireEvent.click(within(drawer).getByRole('button', { name: /全部已读/ }));
    await waitFor(() => expect(readCalls()).toEqual([{ all: true }]));
    await waitFor(() => expect(screen.getByRole('button', { name: '消息' })).toBeTruthy());
    expect(await within(drawer).findByText('没有未读消息')).toBeTruthy();
  });

  it('asks for the count again every 60 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderBell();
      await screen.findByRole('button', { name: '消息，2 条未读' });
      inbox.push({
        id: 4,
        kind: 'urge',
        title: '催办：请尽快审批',
        body: '',
        link: '',
        readAt: null,
        doneAt: null,
        createdAt: Date.now(),
      });
      await vi.advanceTimersByTimeAsync(59_000);
      expect(screen.getByRole('button', { name: '消息，2 条未读' })).toBeTruthy();
      await vi.advanceTimersByTimeAsync(2_000);
      await waitFor(() => expect(screen.getByRole('button', { name: '消息，3 条未读' })).toBeTruthy());
    } finally {
      vi.useRealTimers();
    }
  });

  it('is absent without a session and for administrators', async () => {
    await useSession.getState().clear();
    renderBell();
    expect(screen.queryByRole('button', { name: /^消息/ })).toBeNull();
    cleanup();
    useSession.getState().setLogin({
      Authorization: 't',
      user_info: { ...user, is_admin: 1 },
      menus: { plant_front: [], cms: [] },
      is_admin: 1,
    });
    renderBell();
    expect(screen.queryByRole('button', { name: /^消息/ })).toBeNull();
    expect(calls.filter((c) => c.url?.startsWith('/message/'))).toEqual([]);
  });
});
