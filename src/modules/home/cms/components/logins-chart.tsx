import { Empty } from 'antd';
import s from './logins-chart.module.css';

const HEIGHT = 220;

/** Logins of the last days as bars (plain SVG-free divs: no chart library for one small chart). */
export function LoginsChart({ data }: { data: { day: string; count: number }[] }) {
  if (data.length === 0) return <Empty description="暂无登录数据" />;
  const max = Math.max(1, ...data.map((d) => d.count));
  return (
    <div className={s.chart} role="img" aria-label="近 7 日登录次数">
      {data.map((d) => (
        <div key={d.day} className={s.col}>
          <span className={s.value}>{d.count}</span>
          <div
            className={s.bar}
            style={{ height: Math.max(2, Math.round((d.count / max) * HEIGHT)) }}
            title={`${d.day}：${d.count} 次`}
          />
          <span className={s.day}>{d.day.slice(5)}</span>
        </div>
      ))}
    </div>
  );
}
