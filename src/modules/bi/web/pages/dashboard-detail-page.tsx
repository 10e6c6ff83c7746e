import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { dashboardData, viewDashboard } from '../../dashboard-api';
import { LINKING_TYPES, type LinkFilter, type Widget } from '../../dashboard-contract';
import { time } from '../../components/format';
import { DashboardGrid } from '../dashboard/dashboard-grid';
import { withPick } from '../dashboard/linkage';
import { WidgetView } from '../dashboard/widget-view';

const idOf = (s: string | null) => (s && /^\d{1,9}$/.test(s) ? Number(s) : null);

/**
 * 仪表板 (/web/bi/detail?id=) and its drill-down (/web/bi/linkageDetail?id=&field=&value=): the
 * published version, read-only. Linkage: a click on a bar, a slice, a table row or a filter's value
 * filters the other widgets by that dimension value (they query again); the chips show the active
 * filters. A widget with a drill target offers 下钻 to that dashboard with the picked value.
 */
export default function DashboardDetailPage() {
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  const drillField = params.get('field');
  const drillValue = params.get('value');
  const fixed = useMemo<LinkFilter[]>(
    () =>
      drillField && /^[a-z][a-z0-9_]{0,47}$/.test(drillField) && drillValue
        ? [{ field: drillField, values: [drillValue.slice(0, 200)] }]
        : [],
    [drillField, drillValue],
  );
  const [picks, setPicks] = useState<LinkFilter[]>([]);
  const filters = useMemo(() => [...fixed, ...picks], [fixed, picks]);

  const view = useQuery({
    queryKey: ['bi', 'dashboardView', id],
    queryFn: () => viewDashboard(id!).then((r) => r.data),
    enabled: id !== null,
    retry: false,
  });
  const data = useQuery({
    queryKey: ['bi', 'dashboardData', id, filters],
    queryFn: () => dashboardData(id!, filters).then((r) => r.data),
    enabled: id !== null && !!view.data,
    placeholderData: keepPreviousData,
    retry: false,
  });

  if (id === null) return <Result status="404" title="仪表板不存在" />;
  if (view.isError) return <Result status="403" title="无法查看该仪表板" subTitle={view.error.message} />;
  if (!view.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const d = view.data;
  const dark = d.theme === 'dark';
  // A chip names the widget the click came from (its title says what the value is).
  const labelOf = (f: LinkFilter) => d.widgets.find((x) => x.id === f.from)?.title ?? f.field;
  const pickedBy = (w: Widget) => picks.find((f) => f.from === w.id)?.values[0];

  return (
    <Card
      title={
        <Space>
          {d.name}
          {fixed.length > 0 && <Tag color="purple">下钻</Tag>}
        </Space>
      }
      extra={
        <Typography.Text type="secondary">
          版本 {d.version} · 发布于 {time(d.publishedAt)}
        </Typography.Text>
      }
      style={dark ? { background: '#141414', borderColor: '#303030' } : undefined}
      styles={dark ? { header: { color: '#fff' } } : undefined}
    >
      {d.description && (
        <Typography.Paragraph type="secondary" style={dark ? { color: '#bfbfbf' } : undefined}>
          {d.description}
        </Typography.Paragraph>
      )}
      <Flex gap={8} align="center" wrap style={{ marginBottom: 12, minHeight: 32 }} aria-label="联动筛选">
        <Typography.Text type="secondary" style={dark ? { color: '#bfbfbf' } : undefined}>
          筛选：
        </Typography.Text>
        {filters.length === 0 && (
          <Typography.Text type="secondary" style={dark ? { color: '#8c8c8c' } : undefined}>
            点击柱形、扇区或表格行可筛选其他图表
          </Typography.Text>
        )}
        {fixed.map((f) => (
          <Tag key={`fixed-${f.field}`} color="purple">
            {f.field} = {f.values.join('、')}
          </Tag>
        ))}
        {picks.map((f) => (
          <Tag
            key={f.field}
            color="blue"
            closable
            onClose={(e) => {
              e.preventDefault();
              setPicks((p) => p.filter((x) => x.field !== f.field));
            }}
          >
            {labelOf(f)}：{f.values.join('、')}
          </Tag>
        ))}
        {picks.length > 0 && (
          <Button size="small" type="link" onClick={() => setPicks([])}>
            清除筛选
          </Button>
        )}
        {data.isFetching && <Typography.Text type="secondary">加载中…</Typography.Text>}
      </Flex>
      <DashboardGrid
        widgets={d.widgets}
        dark={dark}
        renderBody={(w) => (
          <WidgetView
            widget={w}
            data={data.data?.[w.id]}
            dark={dark}
            picked={pickedBy(w)}
            onPick={LINKING_TYPES.has(w.type) ? (v) => setPicks((p) => withPick(p, w, v)) : undefined}
          />
        )}
        renderExtra={(w) => {
          const v = pickedBy(w);
          return w.drillDashboardId !== null && v !== undefined && w.metric.dimension ? (
            <Link
              to={`/web/bi/linkageDetail?id=${w.drillDashboardId}&field=${encodeURIComponent(
                w.metric.dimension,
              )}&value=${encodeURIComponent(v)}`}
            >
              下钻：{v}
            </Link>
          ) : null;
        }}
      />
    </Card>
  );
}
