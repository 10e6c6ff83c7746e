import { lazy, Suspense, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, DotLoading, ErrorBlock, List, NavBar, Tag } from 'antd-mobile';
import '@/core/ui/antd-mobile-setup';
import { PhoneListBody, usePhoneList } from '@/core/ui/phone-list';
import s from '@/core/ui/phone-page.module.css';
import { dashboardData, listVisible, viewDashboard } from '../../dashboard-api';
import { CHART_TYPES, LINKING_TYPES, type ChartType, type LinkFilter, type Widget } from '../../dashboard-contract';
import { amount, time } from '../../components/format';
import { withPick } from '../../web/dashboard/linkage';

const DashChart = lazy(() => import('../../web/dashboard/dash-chart'));
const isChart = (t: Widget['type']): t is ChartType => (CHART_TYPES as readonly string[]).includes(t);

function PhoneDashboard({ id }: { id: number }) {
  const navigate = useNavigate();
  const [picks, setPicks] = useState<LinkFilter[]>([]);
  const view = useQuery({
    queryKey: ['bi', 'dashboardView', id],
    queryFn: () => viewDashboard(id).then((r) => r.data),
    retry: false,
  });
  const data = useQuery({
    queryKey: ['bi', 'dashboardData', id, picks],
    queryFn: () => dashboardData(id, picks).then((r) => r.data),
    enabled: !!view.data,
    placeholderData: keepPreviousData,
  });
  const d = view.data;
  const pick = (w: Widget, v: string | null) => LINKING_TYPES.has(w.type) && setPicks((p) => withPick(p, w, v));
  return (
    <div className={s.page}>
      <NavBar className={s.nav} onBack={() => navigate('/mobile/biDashboard')}>
        {d?.name ?? '仪表板'}
      </NavBar>
      <div className={s.body}>
        {view.isError && <ErrorBlock status="default" title="无法查看该仪表板" description={view.error.message} />}
        {!d && !view.isError && <DotLoading />}
        {picks.length > 0 && (
          <div style={{ marginBottom: 8 }}>
            {picks.map((f) => (
              <Tag
                key={f.field}
                color="primary"
                style={{ marginRight: 6 }}
                onClick={() => setPicks((p) => p.filter((x) => x.field !== f.field))}
              >
                {f.values.join('、')} ✕
              </Tag>
            ))}
          </div>
        )}
        {d &&
          [...d.widgets]
            .sort((a, b) => a.y - b.y || a.x - b.x)
            .map((w) => {
              const wd = data.data?.[w.id];
              return (
                <Card key={w.id} title={w.title} style={{ marginBottom: 12 }}>
                  {!wd ? (
                    <DotLoading />
                  ) : !wd.ok ? (
                    <ErrorBlock status="default" title={wd.message} description="" />
                  ) : isChart(w.type) ? (
                    <div style={{ height: 240 }}>
                      <Suspense fallback={<DotLoading />}>
                        <DashChart type={w.type} widget={w} rows={wd.rows} dark={false} onPick={(v) => pick(w, v)} />
                      </Suspense>
                    </div>
                  ) : w.type === 'kpi' ? (
                    <div style={{ fontSize: 28, fontWeight: 600, textAlign: 'center' }}>
                      {amount(wd.rows[0]?.value ?? null, w.options.unit ?? '')}
                    </div>
                  ) : (
                    <List>
                      {wd.rows.slice(0, w.options.limit ?? 20).map((r, i) => (
                        <List.Item
                          key={i}
                          extra={amount(r.value, w.options.unit ?? '')}
                          onClick={r.dim && r.dim !== '其他' ? () => pick(w, r.dim) : undefined}
                        >
                          {[r.period, r.dim].filter((x) => x !== null).join(' · ') || '合计'}
                        </List.Item>
                      ))}
                    </List>
                  )}
                </Card>
              );
            })}
      </div>
    </div>
  );
}

/**
 * /mobile/biDashboard: the dashboards the user may see; `?id=` shows one as full-width widgets one
 * under another (the grid's reading order), with the same linkage as the desktop page.
 */
export default function MobileDashboardPage() {
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  return id === null ? <PhoneDashboardList /> : <PhoneDashboard key={id} id={id} />;
}

function PhoneDashboardList() {
  const navigate = useNavigate();
  const rows = usePhoneList(['bi', 'phone', 'dashboards'], (page) => listVisible(page, 20).then((r) => r.data));
  return (
    <div className={s.page}>
      <NavBar className={s.nav} onBack={() => navigate('/mobile/home')}>
        仪表板
      </NavBar>
      <PhoneListBody list={rows} label="我可以查看的仪表板" empty="暂无可查看的仪表板" unit="个">
        {rows.rows.map((d) => (
          <List.Item
            key={d.id}
            className={s.row}
            onClick={() => navigate(`/mobile/biDashboard?id=${d.id}`)}
            description={`${d.widgetCount} 个组件 · 发布于 ${time(d.publishedAt)}`}
          >
            {d.name}
          </List.Item>
        ))}
      </PhoneListBody>
    </div>
  );
}
