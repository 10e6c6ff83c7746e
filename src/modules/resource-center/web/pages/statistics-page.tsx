import { lazy, Suspense, useMemo, useState } from 'react';
import type { Dayjs } from 'dayjs';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Row, Skeleton, Space, Statistic, Table, Tabs } from 'antd';
import { saveFile } from '@/core/ui/save-file';
import { exportStats, fetchStats } from '../../api';
import { KIND_LABELS, type ResourceKind } from '../../contract';
import { accessLines, groupBars, kindPie } from '../components/charts';

const Chart = lazy(() => import('../components/chart'));
type Report = 'resource' | 'access' | 'label';
const REPORT_TITLES: Record<Report, string> = { resource: '资源报表', access: '访问报表', label: '标签报表' };

const lazyChart = (option: Parameters<typeof Chart>[0]['option'], height = 340) => (
  <Suspense fallback={<Skeleton active />}>
    <Chart option={option} height={height} />
  </Suspense>
);

/** /web/webResourceCenter/statistics: resource, access and label reports (charts, tables, export) for a period. */
export default function StatisticsPage() {
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [report, setReport] = useState<Report>('resource');
  const period = {
    ...(range?.[0] ? { from: range[0].startOf('day').valueOf() } : {}),
    ...(range?.[1] ? { to: range[1].endOf('day').valueOf() } : {}),
  };
  const stats = useQuery({
    queryKey: ['resource-center', 'stats', period],
    queryFn: () => fetchStats(period).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const exporting = useMutation({
    mutationFn: () => exportStats({ report, ...period }),
    onSuccess: (r) => saveFile(r.data, `${REPORT_TITLES[report]}.xlsx`),
  });
  const s = stats.data;
  const charts = useMemo(
    () =>
      s && {
        pie: kindPie(s),
        departments: groupBars(s.byDepartment),
        labels: groupBars(s.labels.slice(0, 15)),
        access: accessLines(s),
      },
    [s],
  );
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={16}>
      <Card>
        <Space wrap style={{ marginBottom: 16 }}>
          <DatePicker.RangePicker aria-label="统计时段" value={range} onChange={setRange} />
          <Button loading={exporting.isPending} onClick={() => exporting.mutate()}>
            导出{REPORT_TITLES[report]}
          </Button>
        </Space>
        <Row gutter={16}>
          <Col span={4}>
            <Statistic title="资源总数" value={s?.totals.resources ?? 0} />
          </Col>
          <Col span={4}>
            <Statistic title="已发布" value={s?.totals.released ?? 0} />
          </Col>
          <Col span={4}>
            <Statistic title="预览次数" value={s?.totals.views ?? 0} />
          </Col>
          <Col span={4}>
            <Statistic title="下载次数" value={s?.totals.downloads ?? 0} />
          </Col>
          <Col span={4}>
            <Statistic title="链接访问" value={s?.totals.linkVisits ?? 0} />
          </Col>
        </Row>
      </Card>
      <Card>
        <Tabs
          activeKey={report}
          onChange={(k) => setReport(k as Report)}
          items={[
            {
              key: 'resource',
              label: '资源报表',
              children: charts && s && (
                <Space orientation="vertical" style={{ width: '100%' }}>
                  <Row gutter={16}>
                    <Col span={8}>
                      <Card size="small" title="资源类型构成">
                        {lazyChart(charts.pie)}
                      </Card>
                    </Col>
                    <Col span={16}>
                      <Card size="small" title="各部门资源与访问">
                        {lazyChart(charts.departments)}
                      </Card>
                    </Col>
                  </Row>
                  <Row gutter={16}>
                    <Col span={12}>
                      <Table
                        rowKey="name"
                        size="small"
                        pagination={false}
                        title={() => '按部门'}
                        dataSource={s.byDepartment}
                        columns={[
                          { title: '部门', dataIndex: 'name' },
                          { title: '资源数', dataIndex: 'count', width: 90 },
                          { title: '访问次数', dataIndex: 'views', width: 90 },
                        ]}
                      />
                    </Col>
                    <Col span={12}>
                      <Table
                        rowKey="id"
                        size="small"
                        pagination={false}
                        title={() => '访问最多的资源'}
                        dataSource={s.top}
                        columns={[
                          { title: '资源', dataIndex: 'title' },
                          { title: '访问次数', dataIndex: 'views', width: 90 },
                        ]}
                      />
                      <Table
                        rowKey="name"
                        size="small"
                        pagination={false}
                        style={{ marginTop: 16 }}
                        title={() => '按类型'}
                        dataSource={s.byKind}
                        columns={[
                          {
                            title: '类型',
                            dataIndex: 'name',
                            render: (k: string) => KIND_LABELS[k as ResourceKind] ?? k,
                          },
                          { title: '资源数', dataIndex: 'count', width: 90 },
                          { title: '访问次数', dataIndex: 'views', width: 90 },
                        ]}
                      />
                    </Col>
                  </Row>
                </Space>
              ),
            },
            {
              key: 'access',
              label: '访问报表',
              children: charts && s && (
                <Space orientation="vertical" style={{ width: '100%' }}>
                  {lazyChart(charts.access, 360)}
                  <Table
                    rowKey="day"
                    size="small"
                    dataSource={[...s.access].reverse()}
                    pagination={{ pageSize: 10, showSizeChanger: false }}
                    columns={[
                      { title: '日期', dataIndex: 'day' },
                      { title: '预览', dataIndex: 'view' },
                      { title: '下载', dataIndex: 'download' },
                      { title: '链接访问', dataIndex: 'link' },
                    ]}
                  />
                </Space>
              ),
            },
            {
              key: 'label',
              label: '标签报表',
              children: charts && s && (
                <Space orientation="vertical" style={{ width: '100%' }}>
                  {lazyChart(charts.labels, 360)}
                  <Table
                    rowKey="name"
                    size="small"
                    dataSource={s.labels}
                    pagination={{ pageSize: 10, showSizeChanger: false }}
                    columns={[
                      { title: '标签', dataIndex: 'name' },
                      { title: '资源数', dataIndex: 'count' },
                      { title: '访问次数', dataIndex: 'views' },
                    ]}
                  />
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
