import { Card, Statistic } from 'antd';
import {
  ApartmentOutlined,
  IdcardOutlined,
  LoginOutlined,
  SolutionOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  EyeOutlined,
} from '@ant-design/icons';
import type { DashboardSummary } from '@/modules/home/contract';
import s from './stat-cards.module.css';

const CARDS: { key: keyof DashboardSummary; title: string; icon: React.ReactNode; color: string }[] = [
  { key: 'users', title: '用户总数', icon: <TeamOutlined />, color: '#1677ff' },
  { key: 'students', title: '学生', icon: <IdcardOutlined />, color: '#13c2c2' },
  { key: 'staff', title: '教职工', icon: <SolutionOutlined />, color: '#722ed1' },
  { key: 'platforms', title: '服务平台', icon: <ApartmentOutlined />, color: '#fa8c16' },
  { key: 'activeSessions', title: '在线会话', icon: <ThunderboltOutlined />, color: '#52c41a' },
  { key: 'loginsToday', title: '今日登录', icon: <LoginOutlined />, color: '#eb2f96' },
  { key: 'visitsToday', title: '今日访问', icon: <EyeOutlined />, color: '#2f54eb' },
];

/** The back-office home figures, one card each. */
export function StatCards({ data, loading }: { data: DashboardSummary | undefined; loading: boolean }) {
  return (
    <div className={s.grid}>
      {CARDS.map((c) => (
        <Card key={c.key} className={s.card} loading={loading}>
          <div className={s.inner}>
            <span className={s.icon} style={{ color: c.color, background: `${c.color}14` }}>
              {c.icon}
            </span>
            <Statistic title={c.title} value={(data?.[c.key] as number | undefined) ?? 0} />
          </div>
        </Card>
      ))}
    </div>
  );
}
