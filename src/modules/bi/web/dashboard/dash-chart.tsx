import * as echarts from 'echarts/core';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef, useState } from 'react';
import type { AggregateRow } from '../../contract';
import type { ChartType, Widget } from '../../dashboard-contract';
import { loadChart } from '../charts';
import { chartOption, clickedValue } from './chart-option';

echarts.use([GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

/**
 * One chart widget: waits for its chart type's module (loaded once, on demand), follows its box's
 * size and reports a click on a bar or slice as the dimension value (linkage). Loaded lazily itself,
 * so a dashboard of KPI cards and tables downloads no ECharts at all.
 */
export default function DashChart({
  type,
  widget,
  rows,
  dark,
  onPick,
}: {
  type: ChartType;
  widget: Widget;
  rows: AggregateRow[];
  dark: boolean;
  onPick?: (value: string) => void;
}) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void loadChart(type).then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [type]);
  useEffect(() => {
    if (!ready || !el.current) return;
    const c = echarts.init(el.current, dark ? 'dark' : undefined);
    chart.current = c;
    c.on('click', (p) => {
      const v = clickedValue(widget, p as { name?: string; seriesName?: string });
      if (v !== null) pick.current?.(v);
    });
    const ro = new ResizeObserver(() => c.resize());
    ro.observe(el.current);
    return () => {
      ro.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, [ready, dark, widget]);
  useEffect(() => {
    if (ready) chart.current?.setOption(chartOption(type, widget, rows, dark), true);
  }, [ready, type, widget, rows, dark]);
  return (
    <div
      ref={el}
      style={{ width: '100%', height: '100%', minHeight: 120 }}
      role="img"
      aria-label={`${widget.title}图表`}
      data-chart-type={type}
      data-rows={rows.length}
    />
  );
}
