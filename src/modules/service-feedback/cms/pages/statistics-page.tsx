import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Dayjs } from 'dayjs';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Row, Segmented, Skeleton, Space, Statistic, Table } from 'antd';
import { saveFile } from '@/core/ui/save-file';
import { exportStats, fetchStats } from '../../api';
import type { StatsRow } from '../../contract';
import { itemDetailsPath, percent } from '../../components/labels';
import { groupBars, levelPie } from '../components/charts';
import { periodOf } from '../components/filters';
import { serverPaging } from '../../components/paging';

const Chart = lazy(() => import('../components/chart'));
const PAGE_SIZE = 20;
type By = 'item' | 'department' | 'month';
const BY_LABELS: Record<By, string> = { item: '按事项', department: '按部门', month: '按月份' };

/** /cms/serviceTool/feedbackStatistics: satisfaction by item, department or month, charts and export. */
export default function StatisticsPage() {
  const [by, setBy] = useState<By>('department');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [page, setPage] = useState(1);
  const q = { by, page, pageSize: PAGE_SIZE, ...periodOf(range) };
  const stats = useQuery({
    queryKey: ['feedback', 'stats', q],
    queryFn: () => fetchStats(q).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const exporting = useMutation({
    mutationFn: () => exportStats({ by, ...periodOf(range) }),
    onSuccess: (r) => saveFile(r.data, `好差评统计-${BY_LABELS[by]}.xlsx`),
  });
  const d = stats.data;
  const rows = useMemo(() => (by === 'month' ? [...(d?.list ?? [])].reverse() : (d?.list ?? []).slice(0, 12)), [d, by]);
  const bars = useMemo(() => groupBars(rows, by !== 'month'), [rows, by]);
  const pie = useMemo(() => levelPie(d?.overall.distribution ?? [0, 0, 0, 0, 0]), [d]);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={16}>
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <Segmented<By>
            value={by}
            onChange={(v) => {
              setBy(v);
              setPage(1);
            }}
            options={(['department', 'item', 'month'] as By[]).map((v) => ({ value: v, label: BY_LABELS[v] }))}
          />
          <DatePicker.RangePicker
            aria-label="评价时间"
            value={range}
            onChange={(v) => {
              setRange(v);
              setPage(1);
            }}
          />
          <Button loading={exporting.isPending} onClick={() => exporting.mutate()}>
            导出
          </Button>
        </Space>
        <Row gutter={16}>
          <Col span={4}>
            <Statistic title="评价总数" value={d?.overall.total ?? 0} />
          </Col>
          <Col span={4}>
            <Statistic title="满意率" value={d ? percent(d.overall.satisfiedRate) : '-'} />
          </Col>
          <Col span={4}>
            <Statistic title="平均分" value={d ? d.overall.average.toFixed(2) : '-'} />
          </Col>
          <Col span={4}>
            <Statistic title="差评" value={d?.overall.bad ?? 0} />
          </Col>
          <Col span={4}>
            <Statistic title="整改中" value={d?.rectify.open ?? 0} />
          </Col>
          <Col span={4}>
            <Statistic title="逾期未答复" value={d?.rectify.overdue ?? 0} styles={{ content: { color: '#cf1322' } }} />
          </Col>
        </Row>
      </Card>
      <Row gutter={16}>
        <Col span={16}>
          <Card title={`${BY_LABELS[by]}评价分布与满意率`}>
            <Suspense fallback={<Skeleton active />}>
              <Chart option={bars} height={340} />
            </Suspense>
          </Card>
        </Col>
        <Col span={8}>
          <Card title="评价等级构成">
            <Suspense fallback={<Skeleton active />}>
              <Chart option={pie} height={340} />
            </Suspense>
          </Card>
        </Col>
      </Row>
      <Card title="明细">
        <Table<StatsRow>
          rowKey="name"
          size="middle"
          loading={stats.isFetching}
          dataSource={d?.list}
          pagination={serverPaging(page, PAGE_SIZE, d?.total, setPage)}
          columns={[
            {
              title: { item: '事项', department: '部门', month: '月份' }[by],
              dataIndex: 'name',
              render: (n: string, r) => (by === 'item' ? <Link to={itemDetailsPath(r.id)}>{n}</Link> : n),
            },
            { title: '评价数', dataIndex: 'total', width: 100 },
            { title: '平均分', dataIndex: 'average', width: 100, render: (a: number) => a.toFixed(2) },
            { title: '满意率', dataIndex: 'satisfiedRate', width: 100, render: (r: number) => percent(r) },
            { title: '差评数', dataIndex: 'bad', width: 100 },
          ]}
        />
      </Card>
    </Space>
  );
}
