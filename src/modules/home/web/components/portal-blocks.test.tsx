// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { httpInstances } from '@/core/http';
import { useSession } from '@/core/session/store';
import { AppProviders } from '@/core/ui/app-providers';
import type { HomeModule } from '@/modules/site-settings/contract';
import { HomeContent } from './home-content';

const calls: InternalAxiosRequestConfig[] = [];
let modules: HomeModule[] = [];

const answers: Record<string, (c: InternalAxiosRequestConfig) => unknown> = {
  '/portal/api/v1.homepage/modules/': (c) => ({ scope: (c.params as { scope: string }).scope, own: true, modules }),
  '/affairs/api/v1.affairs/topAffairs/': () => [
    { id: 3, name: '学生请假', departmentName: '学生工作处', modes: ['online'], path: '/web/eventService/online?id=3' },
    { id: 5, name: '在读证明开具', departmentName: '教务处', modes: ['online'], path: '/web/eventService/online?id=5' },
  ],
  '/affairs/api/v1.affairs/specifiedAffairs/': () => [
    {
      id: 1,
      name: '新生入学',
      summary: '报到一站通',
      bannerUrl: null,
      itemCount: 6,
      path: '/home/specialDetails?id=1',
    },
  ],
  '/affairs/api/v1.affairs/myFrequent/': () => [
    { id: 9, name: '宿舍报修', departmentName: '后勤保障处', modes: ['online'], path: '/web/eventService/online?id=9' },
  ],
  '/portal/api/v1.assistant/topQuestions/': () => [
    {
      id: 11,
      categoryId: 1,
      categoryName: '校园卡',
      question: '校园卡丢失了怎么补办？',
      viewCount: 1210,
      helpfulCount: 188,
    },
  ],
  '/portal/api/v1.search/hotWords/': () => [{ word: '请假', count: 9 }],
  '/workflow/api/v1.task/list/': (c) =>
    (c.params as { type: string }).type === 'dsp'
      ? {
          list: [
            {
              id: 41,
              taskId: 41,
              instanceId: 7,
              title: '张三的请假申请',
              applicantName: '张三',
              instanceStatus: 'running',
              overdue: true,
              createdAt: Date.UTC(2026, 10, 20),
            },
          ],
          total: 1,
          page: 1,
          pageSize: 5,
        }
      : {
          list: [
            {
              id: 8,
              taskId: null,
              instanceId: 8,
              title: '在读证明申请',
              applicantName: '李明轩',
              instanceStatus: 'approved',
              overdue: false,
              createdAt: Date.UTC(2026, 10, 21),
            },
          ],
          total: 1,
          page: 1,
          pageSize: 5,
        },
};

const adapter: AxiosAdapter = async (config) => {
  calls.push(config);
  const data = answers[config.url ?? '']?.(config) ?? null;
  return {
    data: { errorCode: '0x00000000', message: '成功', data },
    status: 200,
    statusText: 'OK',
    headers: {},
    config,
  };
};

const renderHome = () =>
  render(
    <AppProviders>
      <MemoryRouter>
        <HomeContent scope="2" />
      </MemoryRouter>
    </AppProviders>,
  );

beforeEach(() => {
  calls.length = 0;
  sessionStorage.setItem('homeVisitCounted', '1');
  localStorage.clear();
  useSession.setState({ token: null });
  httpInstances.normal.defaults.adapter = adapter;
});
afterEach(cleanup);

describe('portal home modules fed by the server', () => {
  it('shows top affairs ranked by the service hall, hot questions and special services', async () => {
    modules = [
      { kind: 'topAffairs', title: '热门事项', items: [] },
      { kind: 'hotQuestions', title: '热门问题', limit: 6 },
      { kind: 'specialServices', title: '特色服务' },
    ];
    renderHome();
    expect((await screen.findByRole('link', { name: '学生请假' }, { timeout: 5000 })).getAttribute('href')).toBe(
      '/web/eventService/online?id=3',
    );
    expect((await screen.findByRole('link', { name: '校园卡丢失了怎么补办？' })).getAttribute('href')).toBe(
      '/web/intelligentAssistant/index?id=11',
    );
    expect((await screen.findByRole('link', { name: /新生入学/ })).getAttribute('href')).toBe(
      '/home/specialDetails?id=1',
    );
    expect(calls.find((c) => c.url === '/portal/api/v1.assistant/topQuestions/')?.params).toEqual({ limit: 6 });
    // a visitor has no work of their own to show
    expect(screen.queryByRole('region', { name: '我的事务' })).toBeNull();
    expect(calls.some((c) => c.url === '/workflow/api/v1.task/list/')).toBe(false);
  });

  it("puts a signed-in user's own work first: pending tasks, requests and frequent services", async () => {
    useSession.setState({ token: 'tok' });
    modules = [
      { kind: 'banner', title: '测试大学', subtitle: '', picture: '' },
      { kind: 'notices', title: '通知公告' },
    ];
    renderHome();
    const work = await screen.findByRole('region', { name: '我的事务' }, { timeout: 5000 });
    expect((await within(work).findByRole('link', { name: '张三的请假申请' })).getAttribute('href')).toBe(
      '/web/taskCenter/taskApproval?taskId=41',
    );
    expect((await within(work).findByRole('link', { name: '在读证明申请' })).getAttribute('href')).toBe(
      '/web/taskCenter/taskApproval?instanceId=8',
    );
    expect(await within(work).findByText('已通过')).toBeTruthy();
    expect(await within(work).findByRole('link', { name: '宿舍报修' })).toBeTruthy();
    // the banner's search box and hot words
    expect(await screen.findByLabelText('全站搜索')).toBeTruthy();
    expect(await screen.findByRole('button', { name: '请假' })).toBeTruthy();
    // the work row comes right after the banner, before the configured modules
    const sections = [...document.querySelectorAll('section')];
    expect(sections[1]!.contains(work)).toBe(true);
  });
});
