import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Flex, Result, Row, Segmented, Skeleton, Space, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { TextInput } from '@/core/ui/text-input';
import { toast } from '@/core/ui/toast';
import { listTables } from '@/modules/data-tables/api';
import { dashboardSource, getDashboard, previewData, saveDashboard } from '../../dashboard-api';
import {
  DASHBOARD_LIMITS,
  DASHBOARD_STATUS_LABELS,
  GRID_COLS,
  LINKING_TYPES,
  WIDGET_LABELS,
  WIDGET_TYPES,
  type DashboardDetail,
  type LinkFilter,
  type Theme,
  type Widget,
  type WidgetType,
} from '../../dashboard-contract';
import type { Metric, MetricSource } from '../../contract';
import { DashboardGrid } from '../../web/dashboard/dashboard-grid';
import { withPick } from '../../web/dashboard/linkage';
import { WidgetView } from '../../web/dashboard/widget-view';
import { PublishModal } from '../components/publish-modal';
import { WidgetEditor } from '../components/widget-editor';

interface Draft {
  name: string;
  description: string;
  theme: Theme;
  widgets: Widget[];
}

let seq = 0;
const newId = () => `w${Date.now().toString(36)}${(seq++ % 36).toString(36)}`.slice(0, 16);

/** A new widget's metric: what its type needs, from the table's first fitting fields. */
export function defaultMetric(type: WidgetType, src: MetricSource): Metric {
  const time = src.fields.find((f) => f.type === 'date' || f.type === 'datetime')?.name ?? null;
  const dim = src.fields.find((f) => f.type === 'string')?.name ?? null;
  const base: Metric = {
    table: src.code,
    aggregation: 'count',
    measure: null,
    filters: [],
    dimension: null,
    timeField: null,
    grain: null,
    window: null,
  };
  if (type === 'line' || type === 'scatter')
    return { ...base, timeField: time, grain: time ? 'day' : null, window: time ? { lastPeriods: 30 } : null };
  if (type === 'kpi' || type === 'gauge') return base;
  if (type === 'bar' && !dim) return { ...base, timeField: time, grain: time ? 'day' : null };
  return { ...base, dimension: dim };
}

/**
 * 仪表板设计 (/cms/plugins/bi/dashboardDesign?id=): the draft's grid (react-grid-layout: drag by the
 * title, resize from the corner), a palette (click to add, or drag onto the grid), the selected
 * widget's settings on the right, live data through the preview call (linkage included), theme,
 * 保存草稿 and 发布.
 */
export default function DashboardDesignPage() {
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const q = useQuery({
    queryKey: ['bi', 'dashboard', id],
    queryFn: () => getDashboard(id!).then((r) => r.data),
    enabled: id !== null,
  });
  if (id === null) return <Result status="404" title="仪表板不存在" />;
  if (!q.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  return <Designer key={`${q.data.id}-${q.data.updatedAt}`} detail={q.data} />;
}

function Designer({ detail }: { detail: DashboardDetail }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [draft, setDraft] = useState<Draft>({
    name: detail.name,
    description: detail.description,
    theme: detail.theme,
    widgets: detail.widgets,
  });
  const [dirty, setDirty] = useState(false);
  const [selected, setSelected] = useState<string | null>(detail.widgets[0]?.id ?? null);
  const [picks, setPicks] = useState<LinkFilter[]>([]);
  const [publishing, setPublishing] = useState(false);
  const dragging = useRef<WidgetType | null>(null);
  const change = (p: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...p }));
    setDirty(true);
  };
  const setWidgets = (f: (ws: Widget[]) => Widget[]) => {
    setDraft((d) => ({ ...d, widgets: f(d.widgets) }));
    setDirty(true);
  };

  // Live data: the widgets as they stand, a moment after the last edit.
  const [settled, setSettled] = useState(draft.widgets);
  useEffect(() => {
    const t = setTimeout(() => setSettled(draft.widgets), 500);
    return () => clearTimeout(t);
  }, [draft.widgets]);
  const dataKey = useMemo(() => JSON.stringify(settled.map((w) => [w.id, w.type, w.metric])), [settled]);
  const data = useQuery({
    queryKey: ['bi', 'designData', dataKey, picks],
    queryFn: () => previewData(settled, picks).then((r) => r.data),
    enabled: settled.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });

  const tables = useQuery({
    queryKey: ['bi', 'tables'],
    queryFn: () => listTables({ page: 1, pageSize: 200 }).then((r) => r.data.list),
  });
  const add = async (type: WidgetType, at?: { x: number; y: number; w: number; h: number }) => {
    const table = draft.widgets.find((w) => w.id === selected)?.metric.table ?? tables.data?.[0]?.code;
    if (!table) {
      toast.error('没有可用的数据表');
      return;
    }
    const src = await qc.fetchQuery({
      queryKey: ['bi', 'dashSource', table],
      queryFn: () => dashboardSource(table).then((r) => r.data),
    });
    const bottom = Math.max(0, ...draft.widgets.map((w) => w.y + w.h));
    const small = type === 'kpi' || type === 'filter';
    const w: Widget = {
      id: newId(),
      type,
      title: WIDGET_LABELS[type],
      x: at?.x ?? 0,
      y: at?.y ?? bottom,
      w: at ? Math.min(at.w, GRID_COLS - at.x) : small ? 3 : 6,
      h: small ? 2 : 5,
      metric: defaultMetric(type, src),
      options: {},
      drillDashboardId: null,
    };
    setWidgets((ws) => [...ws, w]);
    setSelected(w.id);
  };

  const save = useMutation({
    mutationFn: () => saveDashboard({ id: detail.id, ...draft }),
    onSuccess: () => {
      setDirty(false);
      void qc.invalidateQueries({ queryKey: ['bi', 'dashboards'] });
    },
  });
  const current = draft.widgets.find((w) => w.id === selected) ?? null;
  const dark = draft.theme === 'dark';
  const previewError = data.error?.message;

  return (
    <Card
      title={
        <Space>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label="返回"
            onClick={() => navigate('/cms/plugins/bi/dashboard')}
          />
          仪表板设计
          <Tag>{DASHBOARD_STATUS_LABELS[detail.status]}</Tag>
          {detail.version !== null && <Tag color="blue">已发布 v{detail.version}</Tag>}
          {dirty && <Tag color="orange">未保存</Tag>}
        </Space>
      }
      extra={
        <Space>
          <Segmented<Theme>
            aria-label="主题"
            value={draft.theme}
            options={[
              { value: 'light', label: '浅色' },
              { value: 'dark', label: '深色' },
            ]}
            onChange={(theme) => change({ theme })}
          />
          <Button
            loading={save.isPending}
            onClick={() => save.mutate(undefined, { onSuccess: () => toast.success('草稿已保存') })}
          >
            保存草稿
          </Button>
          <Button
            type="primary"
            disabled={!draft.widgets.length}
            loading={save.isPending}
            onClick={() => save.mutate(undefined, { onSuccess: () => setPublishing(true) })}
          >
            发布
          </Button>
        </Space>
      }
    >
      <Flex gap={12} style={{ marginBottom: 12 }}>
        <TextInput
          aria-label="仪表板名称"
          prefix="名称："
          maxLength={DASHBOARD_LIMITS.name}
          value={draft.name}
          onChange={(e) => change({ name: e.target.value })}
          style={{ width: 360 }}
        />
        <TextInput
          aria-label="仪表板说明"
          prefix="说明："
          maxLength={DASHBOARD_LIMITS.description}
          value={draft.description}
          onChange={(e) => change({ description: e.target.value })}
        />
      </Flex>
      <Row gutter={12} wrap={false}>
        <Col flex="132px">
          <Typography.Text type="secondary">组件（点击添加或拖入画布）</Typography.Text>
          <Flex vertical gap={6} style={{ marginTop: 8 }} aria-label="组件库">
            {WIDGET_TYPES.map((t) => (
              <Button
                key={t}
                block
                draggable
                unselectable="on"
                onDragStart={(e) => {
                  dragging.current = t;
                  e.dataTransfer.setData('text/plain', t);
                }}
                onClick={() => void add(t)}
              >
                {WIDGET_LABELS[t]}
              </Button>
            ))}
          </Flex>
        </Col>
        <Col flex="auto" style={{ minWidth: 0 }}>
          {previewError && <Alert type="error" showIcon title={previewError} style={{ marginBottom: 8 }} />}
          {picks.length > 0 && (
            <Flex gap={6} align="center" style={{ marginBottom: 8 }}>
              <Typography.Text type="secondary">联动预览：</Typography.Text>
              {picks.map((f) => (
                <Tag key={f.field} color="blue" closable onClose={() => setPicks((p) => p.filter((x) => x !== f))}>
                  {f.field}：{f.values.join('、')}
                </Tag>
              ))}
            </Flex>
          )}
          <div style={{ minHeight: 480 }}>
            {draft.widgets.length === 0 && <Empty description="从左侧添加组件" style={{ paddingTop: 48 }} />}
            <DashboardGrid
              widgets={draft.widgets}
              dark={dark}
              editable
              selectedId={selected}
              onSelect={setSelected}
              onLayout={(layout) =>
                setDraft((d) => {
                  const pos = new Map(layout.map((l) => [l.i, l]));
                  let moved = false;
                  const widgets = d.widgets.map((w) => {
                    const l = pos.get(w.id);
                    if (!l || (l.x === w.x && l.y === w.y && l.w === w.w && l.h === w.h)) return w;
                    moved = true;
                    return { ...w, x: l.x, y: l.y, w: l.w, h: l.h };
                  });
                  if (moved) setDirty(true);
                  return moved ? { ...d, widgets } : d;
                })
              }
              onDrop={(at) => {
                const t = dragging.current;
                dragging.current = null;
                if (t) void add(t, at);
              }}
              renderBody={(w) => (
                <WidgetView
                  widget={w}
                  data={data.data?.[w.id]}
                  dark={dark}
                  picked={picks.find((f) => f.from === w.id)?.values[0]}
                  onPick={LINKING_TYPES.has(w.type) ? (v) => setPicks((p) => withPick(p, w, v)) : undefined}
                />
              )}
            />
          </div>
        </Col>
        <Col flex="340px">
          <Card size="small" title={current ? `组件设置：${WIDGET_LABELS[current.type]}` : '组件设置'}>
            {current ? (
              <WidgetEditor
                key={current.id}
                widget={current}
                selfId={detail.id}
                onChange={(nw) => setWidgets((ws) => ws.map((w) => (w.id === nw.id ? nw : w)))}
                onRemove={() => {
                  setWidgets((ws) => ws.filter((w) => w.id !== current.id));
                  setSelected(null);
                }}
              />
            ) : (
              <Empty description="点击画布中的组件进行设置" />
            )}
          </Card>
        </Col>
      </Row>
      <PublishModal
        target={publishing ? { id: detail.id, name: draft.name, audience: detail.audience } : null}
        onClose={() => setPublishing(false)}
        onDone={() => void qc.invalidateQueries({ queryKey: ['bi', 'dashboard', detail.id] })}
      />
    </Card>
  );
}
