import { Alert, Select, Spin, Table, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { GRAIN_LABELS, type AggregateRow } from '../../contract';
import { CHART_TYPES, type ChartType, type Widget, type WidgetData } from '../../dashboard-contract';
import { amount } from '../../components/format';

const DashChart = lazy(() => import('./dash-chart'));

const isChart = (t: Widget['type']): t is ChartType => (CHART_TYPES as readonly string[]).includes(t);

/**
 * A widget's body: a chart (lazy), a KPI number, a table (rows clickable when it has a dimension)
 * or a filter (a picker of its dimension's values). `onPick` receives the clicked dimension value.
 */
export function WidgetView({
  widget,
  data,
  dark,
  picked,
  onPick,
}: {
  widget: Widget;
  data: WidgetData | undefined;
  dark: boolean;
  /** The value this widget's own click set (highlighted in tables and filters). */
  picked?: string;
  onPick?: (value: string | null) => void;
}) {
  if (!data) return <Spin style={{ display: 'block', margin: '24px auto' }} />;
  if (!data.ok) return <Alert type="warning" showIcon title={data.message} />;
  const rows = data.rows;
  const unit = widget.options.unit ?? '';
  if (isChart(widget.type))
    return (
      <Suspense fallback={<Spin style={{ display: 'block', margin: '24px auto' }} />}>
        <DashChart type={widget.type} widget={widget} rows={rows} dark={dark} onPick={(v) => onPick?.(v)} />
      </Suspense>
    );
  if (widget.type === 'kpi')
    return (
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', height: '100%' }}>
        <Typography.Text strong style={{ fontSize: 32, color: dark ? '#fff' : undefined }} data-kpi={widget.id}>
          {amount(rows[0]?.value ?? null, unit)}
        </Typography.Text>
      </div>
    );
  if (widget.type === 'filter')
    return (
      <Select
        allowClear
        showSearch
        style={{ width: '100%' }}
        placeholder="全部"
        aria-label={widget.title}
        value={picked}
        onChange={(v?: string) => onPick?.(v ?? null)}
        options={rows
          .filter((r) => r.dim && r.dim !== '其他')
          .map((r) => ({ value: r.dim!, label: `${r.dim}（${amount(r.value, unit)}）` }))}
      />
    );
  return <RowsTable widget={widget} rows={rows} picked={picked} onPick={onPick} />;
}

function RowsTable({
  widget,
  rows,
  picked,
  onPick,
}: {
  widget: Widget;
  rows: AggregateRow[];
  picked?: string;
  onPick?: (value: string | null) => void;
}) {
  const m = widget.metric;
  const unit = widget.options.unit ?? '';
  const shown = rows.slice(-(widget.options.limit ?? 50));
  const columns = [
    ...(m.grain ? [{ title: `时间（${GRAIN_LABELS[m.grain]}）`, dataIndex: 'period', key: 'period' }] : []),
    ...(m.dimension ? [{ title: '维度', dataIndex: 'dim', key: 'dim', render: (v: string) => v || '（空）' }] : []),
    {
      title: '数值',
      dataIndex: 'value',
      key: 'value',
      align: 'right' as const,
      render: (v: number | null) => amount(v, unit),
    },
  ];
  return (
    <Table<AggregateRow & { key: number }>
      size="small"
      pagination={false}
      scroll={{ y: 'calc(100% - 40px)' }}
      columns={columns}
      dataSource={shown.map((r, i) => ({ ...r, key: i }))}
      rowClassName={(r) => (picked !== undefined && r.dim === picked ? 'ant-table-row-selected' : '')}
      onRow={(r) => ({
        onClick: () => {
          if (m.dimension && r.dim && r.dim !== '其他') onPick?.(r.dim);
        },
        style: m.dimension ? { cursor: 'pointer' } : undefined,
      })}
    />
  );
}
