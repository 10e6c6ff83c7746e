// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppProviders } from '@/core/ui/app-providers';
import { useSession } from '@/core/session/store';
import type { ItemReviews, MyEvaluation, Overview, PendingRow } from '../../contract';
import FeedbackIndexPage from './feedback-index-page';
import ViewDetailsPage from './view-details-page';

vi.mock('@/modules/service-feedback/api', () => ({
  fetchOverview: vi.fn(),
  fetchSummary: vi.fn(),
  fetchItemReviews: vi.fn(),
  fetchLabels: vi.fn(),
  fetchPending: vi.fn(),
  fetchMine: vi.fn(),
  rate: vi.fn(),
}));
const api = await import('@/modules/service-feedback/api');
const envelope = <T,>(data: T) => ({ errorCode: '0x00000000', message: '评价成功，已转部门整改', data });
const page = <T,>(list: T[]) => envelope({ list, total: list.length, page: 1, pageSize: 10 });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  useSession.setState({ token: null });
});

const overview: Overview = {
  total: 120,
  average: 4.3,
  satisfiedRate: 0.9,
  bad: 8,
  distribution: [3, 5, 10, 40, 62],
  items: 6,
  departments: 3,
};
const pending: PendingRow = {
  kind: 'instance',
  refId: 77,
  itemId: 3,
  itemName: '学生请假',
  departmentName: '学生工作处',
  title: '李明轩的学生请假申请',
  endedAt: Date.UTC(2026, 10, 20),
};
const mine: MyEvaluation = {
  id: 9,
  kind: 'instance',
  refId: 70,
  itemId: 3,
  itemName: '学生请假',
  departmentName: '学生工作处',
  title: '李明轩的学生请假申请',
  level: 2,
  labels: ['办理耗时长'],
  comment: '审批太慢',
  anonymous: false,
  createdAt: Date.UTC(2026, 10, 1),
  reply: '',
  repliedAt: null,
  rectification: {
    id: 4,
    status: 'replied',
    deadline: Date.UTC(2026, 10, 8),
    overdue: false,
    reply: '已安排专人每日处理',
    repliedAt: Date.UTC(2026, 10, 2),
    repliedByName: '张老师',
    visitResult: '',
    visitSatisfied: null,
    visitedAt: null,
    closedAt: null,
  },
};

const open = (path: string) =>
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/web/feedback/index" element={<FeedbackIndexPage />} />
          <Route path="/web/eventService/viewDetails" element={<ViewDetailsPage />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );

describe('好差评 page', () => {
  it('a visitor sees the satisfaction per item, not the personal tabs', async () => {
    vi.mocked(api.fetchOverview).mockResolvedValue(envelope(overview));
    vi.mocked(api.fetchSummary).mockResolvedValue(
      page([
        { id: 3, name: '学生请假', departmentName: '学生工作处', total: 20, average: 4.2, satisfiedRate: 0.85, bad: 2 },
      ]),
    );
    open('/web/feedback/index');
    expect(await screen.findByRole('link', { name: '学生请假' })).toBeTruthy();
    expect(screen.getByText('90.0%')).toBeTruthy();
    expect(screen.queryByText('我的待评价')).toBeNull();
    expect(api.fetchPending).not.toHaveBeenCalled();
  });

  it('a signed-in user rates a pending application 差评 with a label, and sees the department’s answer', async () => {
    useSession.setState({ token: 't' });
    vi.mocked(api.fetchOverview).mockResolvedValue(envelope(overview));
    vi.mocked(api.fetchPending).mockResolvedValue(page([pending]));
    vi.mocked(api.fetchMine).mockResolvedValue(page([mine]));
    vi.mocked(api.fetchLabels).mockResolvedValue(
      envelope([
        { id: 1, level: 5, name: '办理高效', sort: 1, enabled: true },
        { id: 2, level: 1, name: '推诿拖延', sort: 1, enabled: true },
      ]),
    );
    vi.mocked(api.rate).mockResolvedValue(envelope({ id: 1, rectificationId: 4 }));
    open('/web/feedback/index');
    fireEvent.click(await screen.findByRole('button', { name: '去评价' }));
    expect(await screen.findByText('办理高效')).toBeTruthy();
    // The first star is 非常不满意: its labels replace the 5-star ones.
    const stars = screen.getAllByRole('radio');
    fireEvent.click(stars[0]!);
    fireEvent.click(await screen.findByText('推诿拖延'));
    fireEvent.change(screen.getByLabelText('评价内容'), { target: { value: '三天没人处理' } });
    fireEvent.click(screen.getByRole('button', { name: '提交评价' }));
    await waitFor(() =>
      expect(api.rate).toHaveBeenCalledWith({
        kind: 'instance',
        refId: 77,
        level: 1,
        labelIds: [2],
        comment: '三天没人处理',
        anonymous: false,
      }),
    );

    fireEvent.click(screen.getByRole('tab', { name: '我的评价' }));
    expect(await screen.findByText('已安排专人每日处理')).toBeTruthy();
    expect(screen.getByText('已答复待回访')).toBeTruthy();
  });
});

describe('事项评价 page', () => {
  it('shows the distribution and reviews, anonymous ones without a name', async () => {
    const data: ItemReviews = {
      item: { id: 3, name: '学生请假', departmentName: '学生工作处' },
      total: 2,
      average: 3,
      satisfiedRate: 0.5,
      bad: 1,
      distribution: [1, 0, 0, 0, 1],
      labels: [{ name: '办理高效', count: 1 }],
      page: 1,
      pageSize: 10,
      listTotal: 2,
      list: [
        {
          id: 1,
          level: 5,
          labels: ['办理高效'],
          comment: '很快',
          userName: '李*轩',
          kind: 'instance',
          createdAt: 0,
          reply: '',
          repliedAt: null,
        },
        {
          id: 2,
          level: 1,
          labels: [],
          comment: '太慢',
          userName: '匿名用户',
          kind: 'instance',
          createdAt: 0,
          reply: '已整改',
          repliedAt: 1,
        },
      ],
    };
    vi.mocked(api.fetchItemReviews).mockResolvedValue(envelope(data));
    open('/web/eventService/viewDetails?id=3');
    expect(await screen.findByText('李*轩')).toBeTruthy();
    expect(screen.getByText('匿名用户')).toBeTruthy();
    expect(screen.getByText('回复：已整改')).toBeTruthy();
    expect(screen.getByText('办理高效 1')).toBeTruthy();
    expect(api.fetchItemReviews).toHaveBeenCalledWith({ itemId: 3, page: 1, pageSize: 10 });
  });

  it('a bad id shows 事项不存在 without calling the server', async () => {
    open('/web/eventService/viewDetails?id=abc');
    expect(await screen.findByText('事项不存在或未公开')).toBeTruthy();
    expect(api.fetchItemReviews).not.toHaveBeenCalled();
  });
});
