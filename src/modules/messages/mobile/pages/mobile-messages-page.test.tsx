// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { httpInstances } from '@/core/http';
import type { Message } from '@/modules/messages/contract';
import { instanceLink, taskLink } from '@/shared/approval-links';
import MobileMessagesPage from './mobile-messages-page';
import { sentBody } from '@/core/testing/sent-body';

const now = Date.now();
let inbox: Message[] = [];
const calls: InternalAxiosRequestConfig[] = [];
const unreadCount = () => inbox.filter((m) => m.readAt === null).length;
const adapter: AxiosAdapter = async (config) => {
  calls.push(config);
  let data: unknown = null;
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
    const before = unreadCount();
    inbox = inbox.map((m) => ((body.all || m.id === body.id) && m.readAt === null ? { ...m, readAt: Date.now() } : m));
    data = { updated: before - unreadCount(), unread: unreadCount() };
  }
  return {
    data: { errorCode: '0x00000000', message: '成功', data },
    status: 200,
    statusText: 'OK',
    headers: {},
    config,
  };
};

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/mobile/messages', element: <MobileMessagesPage /> },
      { path: '*', element: <div>elsewhere</div> },
    ],
    { initialEntries: ['/mobile/messages'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
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
      link: '/mobile/mobileFlowChart',
      readAt: null,
      doneAt: null,
      createdAt: now - 60_000,
    },
    {
      id: 2,
      kind: 'notice',
      title: '期末考试安排通知',
      body: '第18—19周',
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
      readAt: now,
      doneAt: null,
      createdAt: now - 86_400_000,
    },
  ];
  httpInstances.normal.defaults.adapter = adapter;
});
afterEach(cleanup);

describe('phone message list', () => {
  it('lists the unread messages first, all of them on the other tab', async () => {
    renderPage();
    await waitFor(() => expect(screen.getByText('请审批：请假申请')).toBeTruthy());
    expect(screen.getByText('期末考试安排通知')).toBeTruthy();
    expect(screen.queryByText('账号安全提醒')).toBeNull();
    expect(calls.find((c) => c.url === '/message/api/v1.message/list/')!.params).toMatchObject({
      status: 'unread',
      page: 1,
    });
    fireEvent.click(screen.getByText('全部'));
    expect(await screen.findByText('账号安全提醒')).toBeTruthy();
  });

  it('marks a message read on a tap and opens its link', async () => {
    const router = renderPage();
    fireEvent.click(await screen.findByText('请审批：请假申请'));
    await waitFor(() => expect(readCalls()).toEqual([{ id: 3 }]));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mobile/mobileFlowChart'));
  });

  it('opens a workflow message’s phone page instead of the desktop one', async () => {
    inbox.unshift(
      {
        id: 5,
        kind: 'task',
        title: '请审批：李四的请假申请',
        body: '',
        link: taskLink(91),
        readAt: null,
        doneAt: null,
        createdAt: now - 30_000,
      },
      {
        id: 4,
        kind: 'result',
        title: '张三的请假申请 已通过',
        body: '',
        link: instanceLink(40),
        readAt: null,
        doneAt: null,
        createdAt: now - 40_000,
      },
    );
    const router = renderPage();
    fireEvent.click(await screen.findByText('请审批：李四的请假申请'));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe('/mobile/taskPending?taskId=91'),
    );
    await waitFor(() => expect(readCalls()).toEqual([{ id: 5 }]));
    await router.navigate('/mobile/messages');
    fireEvent.click(await screen.findByText('张三的请假申请 已通过'));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/mobile/mobileFlowChart?instanceId=40',
      ),
    );
  });

  it("opens a data collection reminder on the phone's 数据填报 page", async () => {
    inbox.unshift({
      id: 6,
      kind: 'urge',
      title: '数据采集「宿舍信息」将于 11月30日 截止，请尽快填报',
      body: '',
      link: '/web/dataAcquisition/dataFilling',
      readAt: null,
      doneAt: null,
      createdAt: now - 20_000,
    });
    const router = renderPage();
    fireEvent.click(await screen.findByText('数据采集「宿舍信息」将于 11月30日 截止，请尽快填报'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mobile/dataFilling'));
    await waitFor(() => expect(readCalls()).toEqual([{ id: 6 }]));
  });

  it('marks a message without a link read and drops it from the unread tab', async () => {
    renderPage();
    fireEvent.click(await screen.findByText('期末考试安排通知'));
    await waitFor(() => expect(readCalls()).toEqual([{ id: 2 }]));
    await waitFor(() => expect(screen.queryByText('期末考试安排通知')).toBeNull());
    expect(screen.getByText('请审批：请假申请')).toBeTruthy();
  });

  it('offers 标为已读 behind a swipe on unread messages only', async () => {
    renderPage();
    await screen.findByText('请审批：请假申请');
    const actions = screen.getAllByRole('button', { name: '标为已读' });
    expect(actions).toHaveLength(2);
    fireEvent.click(actions[1]!);
    await waitFor(() => expect(readCalls()).toEqual([{ id: 2 }]));
    fireEvent.click(screen.getByText('全部'));
    await screen.findByText('账号安全提醒');
    await waitFor(() => expect(screen.getAllByRole('button', { name: '标为已读' })).toHaveLength(1));
  });

  it('marks everything read with 全部已读', async () => {
    renderPage();
    await screen.findByText('请审批：请假申请');
    fireEvent.click(screen.getByRole('button', { name: '全部已读' }));
    await waitFor(() => expect(readCalls()).toEqual([{ all: true }]));
    expect(await screen.findByText('没有未读消息')).toBeTruthy();
  });
});
