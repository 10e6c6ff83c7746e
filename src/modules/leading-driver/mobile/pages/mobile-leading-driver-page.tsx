import { lazy, Suspense, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { DotLoading, ErrorBlock, NavBar } from 'antd-mobile';
import '@/core/ui/antd-mobile-setup';
import phone from '@/core/ui/phone-page.module.css';
import type { EChartsCoreOption } from 'echarts/core';
import { fetchSchoolOverview } from '../../api';
import { daily, hbars, LIGHT, ring } from '../../components/options';
import { count, percent, yuan } from '../../components/format';
import s from './mobile-leading-driver.module.css';

const Chart = lazy(() => import('../../components/chart'));

function Card({ title, option, label }: { title: string; option: EChartsCoreOption | null; label: string }) {
  return (
    <section className={s.card} aria-label={title}>
      <h2>{title}</h2>
      {option ? (
        <Suspense fallback={<DotLoading />}>
          <Chart option={option} height={200} label={label} />
        </Suspense>
      ) : (
        <div className={s.empty}>暂无数据</div>
      )}
    </section>
  );
}

/** /mobile/leadingDriver — 综合校情 on a phone: the key figures and three small charts. */
export default function MobileLeadingDriverPage() {
  const navigate = useNavigate();
  const q = useQuery({
    queryKey: ['leading-driver', 'overview'],
    queryFn: () => fetchSchoolOverview().then((r) => r.data),
  });
  const d = q.data;
  const charts = useMemo(
    () =>
      d && {
        card: d.card ? daily(d.card.daily, LIGHT, '消费金额（元）') : null,
        students: d.students ? hbars(d.students.byCollege, LIGHT, '在校生', 8, '人') : null,
        staff: d.staff?.byTitle.length ? ring(d.staff.byTitle, LIGHT, '职称') : null,
      },
    [d],
  );
  const dash = '—';
  const figures: [string, string][] = d
    ? [
        ['在校学生', d.students ? count(d.students.total) : dash],
        ['教职工', d.staff ? count(d.staff.total) : dash],
        ['本学期教学班', d.teaching ? count(d.teaching.sections) : dash],
        ['本周出勤率', d.teaching?.attendance ? percent(d.teaching.attendance.rate) : dash],
        ['科研经费', d.research ? `${d.research.funding.toFixed(1)} 万元` : dash],
        ['床位入住率', d.dorms ? percent(d.dorms.occupied / d.dorms.beds) : dash],
        ['近30天消费', d.card ? yuan(d.card.total) : dash],
        ['在借图书', d.library ? count(d.library.onLoan) : dash],
      ]
    : [];
  return (
    <div className={phone.page}>
      <NavBar className={phone.nav} onBack={() => navigate(-1)}>
        综合校情
      </NavBar>
      {q.isError ? (
        <ErrorBlock status="default" title="无权查看" description={(q.error as Error)?.message || '仅校领导可以查看'} />
      ) : !d ? (
        <div className={s.empty}>
          <DotLoading />
        </div>
      ) : (
        <>
          <div className={s.figures} aria-label="关键指标">
            {figures.map(([label, value]) => (
              <div key={label} className={s.figure}>
                <strong>{value}</strong>
                <span>{label}</span>
              </div>
            ))}
          </div>
          <Card title="一卡通消费（近30天）" option={charts?.card ?? null} label="每日一卡通消费金额" />
          <Card title="各学院在校生" option={charts?.students ?? null} label="各学院在校生人数" />
          <Card title="教职工职称" option={charts?.staff ?? null} label="教职工职称分布" />
        </>
      )}
    </div>
  );
}
