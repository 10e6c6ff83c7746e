// @vitest-environment jsdom
import '@/core/testing/dom-polyfills';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '@/core/ui/app-providers';
import type { SchoolOverview, TeachingOverview } from '../../contract';
import SchoolOverviewPage from './school-overview-page';
import TeachingOverviewPage from './teaching-overview-page';
import MobileLeadingDriverPage from '../../mobile/pages/mobile-leading-driver-page';

vi.mock('@/modules/leading-driver/api', () => ({ fetchSchoolOverview: vi.fn(), fetchTeachingOverview: vi.fn() }));
// ECharts needs a canvas: the lazy chart is replaced by its label and the categories it would draw.
vi.mock('../../components/chart', () => ({
  default: ({ label, option }: { label: string; option: { series: { data: unknown[] }[] } }) => (
    <div role="img" aria-label={label} data-points={JSON.stringify(option.series[0]!.data)} />
  ),
}));
const api = await import('@/modules/leading-driver/api');
const envelope = <T,>(data: T) => ({ errorCode: '0x00000000', message: '成功', data });

const days = Array.from({ length: 30 }, (_, i) => ({
  day: `2026-11-${String(i - 7).padStart(2, '0')}`.replace('-11--', '-10-'),
  value: i,
  extra: 1,
}));
const overview: SchoolOverview = {
  generatedAt: Date.UTC(2026, 10, 25, 1),
  aggregatedAt: Date.UTC(2026, 10, 25, 0),
  students: {
    total: 4123,
    byCollege: [{ name: '计算机科学与技术学院', value: 900 }],
    byKind: [
      { name: '本科', value: 4123 },
      { name: '研究生', value: 0 },
    ],
    byGrade: [{ name: '2025', value: 1000 }],
    newest: { grade: '2025', count: 1000 },
  },
  staff: { total: 312, source: 'rs_staff', byDepartment: [], byTitle: [{ name: '教授', value: 40 }] },
  teaching: {
    term: '2026-2027-1',
    courses: 210,
    sections: 480,
    enrolments: 30000,
    attendance: { week: 11, absences: 120, expected: 12000, rate: 0.99 },
  },
  research: {
    projects: 88,
    funding: 1234.5,
    byLevel: [{ name: '国家级', value: 10, funding: 800 }],
    papers: 300,
    awards: 20,
  },
  payroll: null,
  dorms: {
    beds: 5000,
    occupied: 4000,
    free: 1000,
    byBuilding: [{ name: '1号楼', occupied: 400, free: 100 }],
    passages: null,
  },
  card: { daily: days, byPlace: [{ name: '第一食堂', value: 5000 }], total: 123456.78, payments: 98765 },
  library: null,
  network: null,
  missing: ['tsg_loan', 'wl_auth_session', 'rs_salary'],
};

const teaching: TeachingOverview = {
  terms: ['2026-2027-1', '2025-2026-2'],
  colleges: [
    { id: 5, name: '计算机科学与技术学院' },
    { id: 6, name: '机械工程学院' },
  ],
  term: '2026-2027-1',
  collegeId: null,
  totals: { courses: 210, sections: 480, enrolments: 30000, teachers: 190 },
  byCollege: [{ collegeId: 5, name: '计算机科学与技术学院', courses: 30, sections: 60, enrolments: 4000 }],
  gradeTerm: '2025-2026-2',
  grades: [
    { collegeId: 5, name: '计算机科学与技术学院', bands: [10, 20, 30, 30, 10], total: 100, failed: 10, failRate: 0.1 },
  ],
  attendanceByCollege: [{ key: '计算机科学与技术学院', absences: 5, expected: 500, rate: 0.99 }],
  attendanceByWeek: [{ key: '第1周', absences: 5, expected: 500, rate: 0.99 }],
  teachers: [{ teacherNo: '20100002', name: '张老师', sections: 3, weeklyPeriods: 12, students: 180 }],
  missing: [],
};

const open = (ui: React.ReactNode) =>
  render(
    <AppProviders>
      <MemoryRouter>{ui}</MemoryRouter>
    </AppProviders>,
  );

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('综合校情', () => {
  it('shows the key figures and every panel from one call, 暂无数据 where a table is missing', async () => {
    vi.mocked(api.fetchSchoolOverview).mockResolvedValue(envelope(overview) as never);
    open(<SchoolOverviewPage />);
    expect(await screen.findByText('4,123')).toBeTruthy();
    expect(screen.getByText('2025级 1,000 人')).toBeTruthy();
    expect(screen.getByText('99.0%')).toBeTruthy();
    expect(screen.getByText('12.35 万元')).toBeTruthy();
    expect(screen.getByText('80.0%')).toBeTruthy();
    const net = screen.getByRole('region', { name: '校园网（近30天）' });
    expect(within(net).getByText('暂无数据')).toBeTruthy();
    expect(await screen.findByRole('img', { name: '每日一卡通消费金额' })).toBeTruthy();
    const card = screen.getByRole('img', { name: '每日一卡通消费金额' });
    expect(JSON.parse(card.getAttribute('data-points')!)).toHaveLength(30);
    // Neither the library nor the payroll table: the shared panel says so.
    expect(within(screen.getByRole('region', { name: '图书借阅与薪酬' })).getByText('暂无数据')).toBeTruthy();
    expect(api.fetchSchoolOverview).toHaveBeenCalledTimes(1);
  });

  it('shows the refusal in place of the screen', async () => {
    vi.mocked(api.fetchSchoolOverview).mockRejectedValue(
      new Error('您不是校领导，也未被授予该页面，无权查看领导驾驶舱'),
    );
    open(<SchoolOverviewPage />);
    expect((await screen.findByRole('alert')).textContent).toContain('无权查看领导驾驶舱');
  });
});

describe('教学概况', () => {
  it('draws the panels and asks again for a chosen college and term', async () => {
    vi.mocked(api.fetchTeachingOverview).mockResolvedValue(envelope(teaching) as never);
    open(<TeachingOverviewPage />);
    expect(await screen.findByText('张老师')).toBeTruthy();
    expect(screen.getByText('10.0%')).toBeTruthy();
    expect(await screen.findByRole('img', { name: '各学院成绩分段人次' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('学院'), { target: { value: '6' } });
    await waitFor(() => expect(api.fetchTeachingOverview).toHaveBeenLastCalledWith({ collegeId: 6 }));
    fireEvent.change(screen.getByLabelText('学期'), { target: { value: '2025-2026-2' } });
    await waitFor(() =>
      expect(api.fetchTeachingOverview).toHaveBeenLastCalledWith({ collegeId: 6, term: '2025-2026-2' }),
    );
  });
});

describe('/mobile/leadingDriver', () => {
  it('shows the key figures and the small charts', async () => {
    vi.mocked(api.fetchSchoolOverview).mockResolvedValue(envelope(overview) as never);
    open(<MobileLeadingDriverPage />);
    expect(await screen.findByText('4,123')).toBeTruthy();
    expect(screen.getByText('1234.5 万元')).toBeTruthy();
    expect(await screen.findByRole('img', { name: '各学院在校生人数' })).toBeTruthy();
  });
});
