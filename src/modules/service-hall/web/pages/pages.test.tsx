// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AppProviders } from '@/core/ui/app-providers';
import { useSession } from '@/core/session/store';
import type { ItemCard, ItemGuide } from '../../contract';
import EventServiceIndexPage from './event-service-index-page';
import ItemGuidePage from './item-guide-page';
import MobileEventServiceDetailPage from '../../mobile/pages/mobile-event-service-detail-page';

vi.mock('@/modules/service-hall/api', () => ({
  listItems: vi.fn(),
  fetchFacets: vi.fn(),
  fetchTopAffairs: vi.fn(),
  fetchSpecialServices: vi.fn(),
  fetchGuide: vi.fn(),
  applyItem: vi.fn(),
  setFavorite: vi.fn(),
}));
const api = await import('@/modules/service-hall/api');
const envelope = <T,>(data: T) => ({ errorCode: '0x00000000', message: '成功', data });

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  useSession.setState({ token: null });
});

const card: ItemCard = {
  id: 7,
  name: '学生请假',
  summary: '学生因病、因事离校请假',
  departmentId: 3,
  departmentName: '学生工作处',
  theme: '学籍学业',
  audiences: ['student'],
  modes: ['online'],
  useCount: 12,
  favorite: false,
  path: '/web/eventService/online?id=7',
};

const guide = (over: Partial<ItemGuide> = {}): ItemGuide => ({
  ...card,
  conditions: '<p>本校在籍学生</p>',
  materials: [
    {
      name: '医院证明',
      required: true,
      copies: '1 份',
      note: '',
      templateId: null,
      templateName: '',
      templateUrl: null,
    },
  ],
  steps: [{ title: '在线填报', description: '填写申请表' }],
  timeLimit: '1 个工作日',
  fees: '不收费',
  legalBasis: '',
  contact: '学生工作处',
  faq: '',
  windows: [],
  openingHours: '',
  mapUrl: null,
  bring: '',
  status: 'published',
  hasForm: true,
  canApply: false,
  applyHint: '请登录后办理',
  signedIn: false,
  specials: [],
  ...over,
});

function Where() {
  const l = useLocation();
  return <div data-testid="where">{`${l.pathname}${l.search}`}</div>;
}

const renderAt = (path: string, page: React.ReactNode, routePath: string) =>
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={routePath} element={page} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );

describe('办事大厅 pages', () => {
  it('the catalogue shows a visitor the items, asks them to sign in, and filters by department on the server', async () => {
    vi.mocked(api.listItems).mockResolvedValue(envelope({ list: [card], total: 1, page: 1, pageSize: 24 }));
    vi.mocked(api.fetchFacets).mockResolvedValue(
      envelope({ departments: [{ id: 3, name: '学生工作处', count: 1 }], themes: [{ theme: '学籍学业', count: 1 }] }),
    );
    vi.mocked(api.fetchTopAffairs).mockResolvedValue([]);
    vi.mocked(api.fetchSpecialServices).mockResolvedValue([]);
    renderAt('/web/eventService/index', <EventServiceIndexPage />, '/web/eventService/index');
    await screen.findByRole('listitem', { name: '学生请假' });
    expect(screen.getByText(/您正在以访客身份浏览/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /收藏 学生请假/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /学生工作处/ }));
    await waitFor(() =>
      expect(api.listItems).toHaveBeenLastCalledWith(expect.objectContaining({ departmentId: 3, page: 1 })),
    );
  });

  it('a visitor on a guide is sent to sign in with the guide as `to`', async () => {
    vi.mocked(api.fetchGuide).mockResolvedValue(envelope(guide()));
    renderAt('/web/eventService/online?id=7', <ItemGuidePage />, '/web/eventService/online');
    await screen.findByText('请登录后办理');
    fireEvent.click(screen.getByRole('button', { name: /登录后在线办理/ }));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `/login?to=${encodeURIComponent('/web/eventService/online?id=7')}`,
    );
    expect(api.applyItem).not.toHaveBeenCalled();
  });

  it('a signed-in student applies: the server answers the form to open', async () => {
    useSession.setState({ token: 't' });
    vi.mocked(api.fetchGuide).mockResolvedValue(envelope(guide({ canApply: true, applyHint: '', signedIn: true })));
    vi.mocked(api.applyItem).mockResolvedValue(
      envelope({
        formId: 4,
        processId: 2,
        path: '/web/eventService/formWrite?formId=4&processId=2&itemId=7',
        mobilePath: '/mobile/formWrite?formId=4&processId=2&itemId=7',
      }),
    );
    renderAt('/web/eventService/online?id=7', <ItemGuidePage />, '/web/eventService/online');
    fireEvent.click(await screen.findByRole('button', { name: /在线办理/ }));
    expect((await screen.findByTestId('where')).textContent).toBe(
      '/web/eventService/formWrite?formId=4&processId=2&itemId=7',
    );
    expect(api.applyItem).toHaveBeenCalledWith(7);
  });

  it('a signed-in user outside the apply rules sees why and cannot apply', async () => {
    useSession.setState({ token: 't' });
    vi.mocked(api.fetchGuide).mockResolvedValue(
      envelope(guide({ signedIn: true, applyHint: '您不在该事项的办理范围内' })),
    );
    renderAt('/web/eventService/online?id=7', <ItemGuidePage />, '/web/eventService/online');
    await screen.findByText('您不在该事项的办理范围内');
    expect((screen.getByRole('button', { name: /在线办理/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('the phone guide asks a visitor to sign in on the phone', async () => {
    vi.mocked(api.fetchGuide).mockResolvedValue(envelope(guide()));
    renderAt('/mobile/eventServiceDetail?id=7', <MobileEventServiceDetailPage />, '/mobile/eventServiceDetail');
    fireEvent.click(await screen.findByRole('button', { name: '登录后办理' }));
    expect((await screen.findByTestId('where')).textContent).toBe(
      `/mobile/mobileLogin?to=${encodeURIComponent('/mobile/eventServiceDetail?id=7')}`,
    );
  });
});
