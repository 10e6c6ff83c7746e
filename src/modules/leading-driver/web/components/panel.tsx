import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import type { EChartsCoreOption } from 'echarts/core';
import s from './screen.module.css';

const Chart = lazy(() => import('../../components/chart'));

/** One framed panel of a screen; `empty` shows 暂无数据 instead of its body. */
export function Panel({
  title,
  extra,
  empty,
  children,
}: {
  title: string;
  extra?: ReactNode;
  empty?: boolean;
  children?: ReactNode;
}) {
  return (
    <section className={s.panel} aria-label={title}>
      <div className={s.panelHead}>
        <h2 className={s.panelTitle}>{title}</h2>
        {!empty && extra ? <span className={s.panelExtra}>{extra}</span> : null}
      </div>
      <div className={s.panelBody}>{empty ? <div className={s.empty}>暂无数据</div> : children}</div>
    </section>
  );
}

/** A chart that fills the rest of its panel: its height follows the box (the screen's grid decides it). */
export function FillChart({ option, label }: { option: EChartsCoreOption; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setHeight(Math.max(80, Math.floor(el.getBoundingClientRect().height)));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return (
    <div ref={box} style={{ position: 'absolute', inset: 0 }}>
      {height > 0 && (
        <Suspense fallback={null}>
          <Chart option={option} height={height} label={label} />
        </Suspense>
      )}
    </div>
  );
}

export function Kpi({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <div className={s.kpi}>
      <div className={s.kpiLabel}>{label}</div>
      <div className={s.kpiValue}>{value}</div>
      {note ? <div className={s.kpiNote}>{note}</div> : null}
    </div>
  );
}

/** Beijing time, ticking each second (the screen's clock). */
export function Clock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  const t = new Date(now + 8 * 3_600_000).toISOString();
  return (
    <span className={s.clock}>
      {t.slice(0, 10)} {t.slice(11, 19)}
    </span>
  );
}
