import { useQuery } from '@tanstack/react-query';
import { Button, Divider, Flex, Form, InputNumber, Select, Space, Switch, Typography } from 'antd';
import { DeleteOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { TextInput } from '@/core/ui/text-input';
import { listTables } from '@/modules/data-tables/api';
import { dashboardOptions, dashboardSource } from '../../dashboard-api';
import {
  AGGREGATION_LABELS,
  AGGREGATIONS,
  FILTER_OP_LABELS,
  FILTER_OPS,
  GRAIN_LABELS,
  GRAINS,
  type FilterOp,
  type Metric,
  type MetricFilter,
} from '../../contract';
import { WIDGET_LABELS, WIDGET_TYPES, type Widget } from '../../dashboard-contract';

const NUMERIC = ['integer', 'decimal'];
const TEMPORAL = ['date', 'datetime'];

/** A filter's value as typed: `in` takes a comma-separated list; the server converts to the field's type. */
const parseValue = (op: FilterOp, text: string): MetricFilter['value'] =>
  op === 'isNull' || op === 'notNull'
    ? undefined
    : op === 'in'
      ? text
          .split(/[,，]/)
          .map((x) => x.trim())
          .filter(Boolean)
      : text;
const valueText = (v: MetricFilter['value']) => (Array.isArray(v) ? v.join(',') : v === undefined ? '' : String(v));

/**
 * The designer's side panel: the selected widget's title and type, its metric (data table and fields
 * from the table's design, as 指标管理 picks them), options and drill-down target.
 */
export function WidgetEditor({
  widget,
  selfId,
  onChange,
  onRemove,
}: {
  widget: Widget;
  selfId: number;
  onChange: (w: Widget) => void;
  onRemove: () => void;
}) {
  const m = widget.metric;
  const tables = useQuery({
    queryKey: ['bi', 'tables'],
    queryFn: () => listTables({ page: 1, pageSize: 200 }).then((r) => r.data.list),
  });
  const source = useQuery({
    queryKey: ['bi', 'dashSource', m.table],
    queryFn: () => dashboardSource(m.table).then((r) => r.data),
    enabled: !!m.table,
  });
  const targets = useQuery({
    queryKey: ['bi', 'dashboardOptions'],
    queryFn: () => dashboardOptions().then((r) => r.data),
  });
  const fields = source.data?.fields ?? [];
  const fieldOptions = (types?: string[]) =>
    fields
      .filter((f) => !types || types.includes(f.type))
      .map((f) => ({ value: f.name, label: `${f.label}（${f.name}）` }));
  const setMetric = (p: Partial<Metric>) => onChange({ ...widget, metric: { ...m, ...p } });
  const setOption = (p: Partial<Widget['options']>) => onChange({ ...widget, options: { ...widget.options, ...p } });
  const setFilter = (i: number, f: MetricFilter) => setMetric({ filters: m.filters.map((x, k) => (k === i ? f : x)) });

  return (
    <Form layout="vertical" size="small" aria-label="组件设置">
      <Form.Item label="标题">
        <TextInput
          aria-label="组件标题"
          maxLength={40}
          value={widget.title}
          onChange={(e) => onChange({ ...widget, title: e.target.value })}
        />
      </Form.Item>
      <Form.Item label="类型">
        <Select
          aria-label="组件类型"
          value={widget.type}
          options={WIDGET_TYPES.map((t) => ({ value: t, label: WIDGET_LABELS[t] }))}
          onChange={(type) => onChange({ ...widget, type })}
        />
      </Form.Item>
      <Divider plain>数据</Divider>
      <Form.Item label="数据表">
        <Select
          aria-label="数据表"
          showSearch
          optionFilterProp="label"
          loading={tables.isPending}
          value={m.table || undefined}
          options={(tables.data ?? []).map((t) => ({ value: t.code, label: `${t.name}（${t.code}）` }))}
          onChange={(table: string) =>
            setMetric({
              table,
              measure: null,
              dimension: null,
              timeField: null,
              grain: null,
              window: null,
              filters: [],
            })
          }
        />
      </Form.Item>
      <Space.Compact block>
        <Form.Item label="汇总方式" style={{ width: '45%' }}>
          <Select
            aria-label="汇总方式"
            value={m.aggregation}
            options={AGGREGATIONS.map((a) => ({ value: a, label: AGGREGATION_LABELS[a] }))}
            onChange={(aggregation) => setMetric({ aggregation })}
          />
        </Form.Item>
        <Form.Item label="度量字段" style={{ width: '55%' }}>
          <Select
            aria-label="度量字段"
            allowClear
            placeholder={m.aggregation === 'count' ? '行数' : '请选择'}
            value={m.measure ?? undefined}
            options={fieldOptions(['sum', 'avg', 'min', 'max'].includes(m.aggregation) ? NUMERIC : undefined)}
            onChange={(v?: string) => setMetric({ measure: v ?? null })}
          />
        </Form.Item>
      </Space.Compact>
      <Form.Item label="维度字段（分组；点击按它联动）">
        <Select
          aria-label="维度字段"
          allowClear
          placeholder="不分组"
          value={m.dimension ?? undefined}
          options={fieldOptions()}
          onChange={(v?: string) => setMetric({ dimension: v ?? null })}
        />
      </Form.Item>
      <Space.Compact block>
        <Form.Item label="时间字段" style={{ width: '40%' }}>
          <Select
            aria-label="时间字段"
            allowClear
            value={m.timeField ?? undefined}
            options={fieldOptions(TEMPORAL)}
            onChange={(v?: string) => setMetric(v ? { timeField: v } : { timeField: null, grain: null, window: null })}
          />
        </Form.Item>
        <Form.Item label="粒度" style={{ width: '28%' }}>
          <Select
            aria-label="时间粒度"
            allowClear
            disabled={!m.timeField}
            value={m.grain ?? undefined}
            options={GRAINS.map((g) => ({ value: g, label: GRAIN_LABELS[g] }))}
            onChange={(v) => setMetric({ grain: v ?? null })}
          />
        </Form.Item>
        <Form.Item label="最近N期" style={{ width: '32%' }}>
          <InputNumber
            aria-label="最近N期"
            min={1}
            max={400}
            disabled={!m.timeField}
            value={m.window?.lastPeriods ?? null}
            onChange={(v) => setMetric({ window: v ? { lastPeriods: v } : null })}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Space.Compact>
      <Typography.Text type="secondary">筛选条件</Typography.Text>
      {m.filters.map((f, i) => (
        <Flex key={i} gap={4} style={{ margin: '4px 0' }}>
          <Select
            aria-label="筛选字段"
            style={{ width: 110 }}
            value={f.field}
            options={fieldOptions()}
            onChange={(field: string) => setFilter(i, { ...f, field })}
          />
          <Select
            aria-label="筛选运算"
            style={{ width: 86 }}
            value={f.op}
            options={FILTER_OPS.map((o) => ({ value: o, label: FILTER_OP_LABELS[o] }))}
            onChange={(op: FilterOp) => setFilter(i, { ...f, op, value: parseValue(op, valueText(f.value)) })}
          />
          <TextInput
            aria-label="筛选值"
            disabled={f.op === 'isNull' || f.op === 'notNull'}
            value={valueText(f.value)}
            onChange={(e) => setFilter(i, { ...f, value: parseValue(f.op, e.target.value) })}
          />
          <Button
            type="text"
            aria-label="删除筛选"
            icon={<MinusCircleOutlined />}
            onClick={() => setMetric({ filters: m.filters.filter((_, k) => k !== i) })}
          />
        </Flex>
      ))}
      <Button
        type="dashed"
        block
        size="small"
        icon={<PlusOutlined />}
        disabled={!fields.length || m.filters.length >= 10}
        onClick={() => setMetric({ filters: [...m.filters, { field: fields[0]!.name, op: 'eq', value: '' }] })}
        style={{ margin: '4px 0 12px' }}
      >
        添加筛选
      </Button>
      <Divider plain>显示</Divider>
      <Space.Compact block>
        <Form.Item label="单位" style={{ width: '33%' }}>
          <TextInput
            aria-label="单位"
            maxLength={10}
            value={widget.options.unit ?? ''}
            onChange={(e) => setOption({ unit: e.target.value || undefined })}
          />
        </Form.Item>
        <Form.Item label="最多显示" style={{ width: '33%' }}>
          <InputNumber
            aria-label="最多显示"
            min={1}
            max={50}
            value={widget.options.limit ?? null}
            onChange={(v) => setOption({ limit: v ?? undefined })}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item label="仪表盘最大值" style={{ width: '34%' }}>
          <InputNumber
            aria-label="仪表盘最大值"
            min={0}
            disabled={widget.type !== 'gauge'}
            value={widget.options.max ?? null}
            onChange={(v) => setOption({ max: v ?? undefined })}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Space.Compact>
      {widget.type === 'bar' && (
        <Form.Item label="横向柱形">
          <Switch checked={!!widget.options.horizontal} onChange={(horizontal) => setOption({ horizontal })} />
        </Form.Item>
      )}
      <Form.Item label="下钻到仪表板（点击的维度值作为筛选条件）">
        <Select
          aria-label="下钻目标"
          allowClear
          placeholder="不下钻"
          disabled={!m.dimension}
          value={widget.drillDashboardId ?? undefined}
          options={(targets.data ?? []).filter((d) => d.id !== selfId).map((d) => ({ value: d.id, label: d.name }))}
          onChange={(v?: number) => onChange({ ...widget, drillDashboardId: v ?? null })}
        />
      </Form.Item>
      <Button danger block icon={<DeleteOutlined />} onClick={onRemove}>
        删除组件
      </Button>
    </Form>
  );
}
