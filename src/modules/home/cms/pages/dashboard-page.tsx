import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { getDashboardSummary, getLicenceInfo } from '@/modules/home/api';
import { AuditTable } from '../components/audit-table';
import { LicenceCard } from '../components/licence-card';
import { LoginsChart } from '../components/logins-chart';
import { StatCards } from '../components/stat-cards';
import s from './dashboard-page.module.css';

/** /cms/home/index: the back office's first page — counts, a week of sign-ins, the licence, latest audit events. */
export default function DashboardPage() {
  const q = useQuery({ queryKey: ['home', 'dashboard'], queryFn: () => getDashboardSummary().then((r) => r.data) });
  const licence = useQuery({ queryKey: ['home', 'licence'], queryFn: () => getLicenceInfo().then((r) => r.data) });
  return (
    <div className={s.page}>
      <StatCards data={q.data} loading={q.isPending} />
      <div className={s.row}>
        <div className={s.column}>
          <Card title="近 7 日登录次数" loading={q.isPending}>
            <LoginsChart data={q.data?.logins7d ?? []} />
          </Card>
          <LicenceCard info={licence.data} loading={licence.isPending} />
        </div>
        <Card title="最近审计事件" className={s.audit}>
          <AuditTable rows={q.data?.recentAudit ?? []} loading={q.isPending} />
        </Card>
      </div>
    </div>
  );
}
