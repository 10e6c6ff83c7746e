import { lazy, Suspense, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, Row, Skeleton, Statistic, Table } from 'antd';
import { exportSummary, getSummary } from '../../api';
import { CORRECTION_STATE_LABELS, CORRECTION_STATES } from '../../contract';

const Chart = lazy(() => import('./chart'));

/** Correction summary (approval centre and back office): counts, time to resolve, 30-day trend, export. */
export function SummaryView() {
  const { message } = App.useApp();
  const q = useQuery({ queryKey: ['oneTable', 'summary'], queryFn: () => getSummary().then((r) => r.data) });
  const option = useMemo(
    () =>
      q.data && {
        tooltip: { trigger: 'axis' },
        grid: { left: 40, right: 16, top: 24, bottom: 32 },
        xAxis: { type: 'category', data: q.data.trend.map((t) => t.day.slice(5)) },
        yAxis: { type: 'value', minInterval: 1 },
        series: [{ type: 'line', name: '纠错申请', data: q.data.trend.map((t) => t.count) }],
      },
    [q.data],
  );
  if (q.isPending || !q.data) return <Skeleton active />;
  const count = (s: string) => q.data.byState.find((x) => x.state === s)?.count ?? 0;
  const total = q.data.byState.reduce((n, x) => n + x.count, 0);
  return (
    <Card
      title="纠错汇总"
      extra={
        <Button
          onClick={() =>
            exportSummary().then((r) => {
              const url = URL.createObjectURL(r.data);
              const a = document.createElement('a');
              a.href = url;
              a.download = '纠错汇总.xlsx';
              a.click();
              URL.revokeObjectURL(url);
              void message.success('已导出');
            })
          }
        >
          导出
        </Button>
      }
    >
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={5}>
          <Statistic title="申请总数" value={total} />
        </Col>
        {CORRECTION_STATES.map((s) => (
          <Col span={5} key={s}>
            <Statistic title={CORRECTION_STATE_LABELS[s]} value={count(s)} />
          </Col>
        ))}
        <Col span={4}>
          <Statistic title="平均处理时长（小时）" value={q.data.meanHoursToResolve ?? '—'} />
        </Col>
      </Row>
      <Card size="small" title="近 30 天申请趋势" style={{ marginBottom: 16 }}>
        <Suspense fallback={<Skeleton active />}>{option && <Chart option={option} height={260} />}</Suspense>
      </Card>
      <Row gutter={16}>
        <Col xs={24} lg={8}>
          <Table
            size="small"
            rowKey="tableName"
            title={() => '按数据表'}
            pagination={false}
            dataSource={q.data.byTable}
            columns={[
              { title: '数据表', dataIndex: 'tableName' },
              { title: '数量', dataIndex: 'count' },
            ]}
          />
        </Col>
        <Col xs={24} lg={8}>
          <Table
            size="small"
            rowKey={(r) => `${r.tableName}-${r.fieldLabel}`}
            title={() => '按字段'}
            pagination={false}
            dataSource={q.data.byField}
            columns={[
              { title: '字段', key: 'f', render: (_, r) => `${r.tableName} · ${r.fieldLabel}` },
              { title: '数量', dataIndex: 'count' },
            ]}
          />
        </Col>
        <Col xs={24} lg={8}>
          <Table
            size="small"
            rowKey="department"
            title={() => '按负责部门'}
            pagination={false}
            dataSource={q.data.byDepartment}
            columns={[
              { title: '部门', dataIndex: 'department' },
              { title: '数量', dataIndex: 'count' },
            ]}
          />
        </Col>
      </Row>
    </Card>
  );
}
