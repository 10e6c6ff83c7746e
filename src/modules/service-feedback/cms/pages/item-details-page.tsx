import { lazy, Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Select, Skeleton, Space, Statistic, Table, Tag, Typography } from 'antd';
import { fetchEvaluations, fetchStats } from '../../api';
import { LEVEL_LABELS, RECTIFY_STATUS_LABELS, type AdminEvaluation } from '../../contract';
import { LEVEL_TAG_COLORS, RECTIFY_COLORS, percent, time, viewDetailsPath } from '../../components/labels';
import { groupBars, levelPie } from '../components/charts';
import { serverPaging } from '../../components/paging';

const Chart = lazy(() => import('../components/chart'));
const PAGE_SIZE = 10;

/** /cms/serviceTool/feedbackItemDetails?itemId=: one item's ratings — distribution, months, every evaluation. */
export default function ItemDetailsPage() {
  const [params, setParams] = useSearchParams();
  const itemId = Number(params.get('itemId')) || undefined;
  const [page, setPage] = useState(1);
  const items = useQuery({
    queryKey: ['feedback', 'stats', 'itemOptions'],
    queryFn: () => fetchStats({ by: 'item', page: 1, pageSize: 200 }).then((r) => r.data.list),
  });
  const months = useQuery({
    queryKey: ['feedback', 'stats', 'itemMonths', itemId],
    queryFn: () => fetchStats({ by: 'month', itemId, page: 1, pageSize: 12 }).then((r) => r.data),
    enabled: !!itemId,
  });
  const q = { itemId, page, pageSize: PAGE_SIZE };
  const list = useQuery({
    queryKey: ['feedback', 'admin', q],
    queryFn: () => fetchEvaluations(q).then((r) => r.data),
    enabled: !!itemId,
    placeholderData: keepPreviousData,
  });
  const o = months.data?.overall;
  const trend = useMemo(() => groupBars([...(months.data?.list ?? [])].reverse()), [months.data]);
  const pie = useMemo(() => levelPie(o?.distribution ?? [0, 0, 0, 0, 0]), [o]);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size={16}>
      <Card>
        <Space wrap>
          <Typography.Text>事项</Typography.Text>
          <Select<number>
            showSearch
            aria-label="选择事项"
            placeholder="选择有评价的事项"
            style={{ width: 360 }}
            loading={items.isPending}
            value={itemId}
            optionFilterProp="label"
            onChange={(v) => {
              setParams({ itemId: String(v) });
              setPage(1);
            }}
            options={(items.data ?? []).map((i) => ({ value: i.id, label: `${i.name}（${i.total} 条）` }))}
          />
          {itemId && (
            <Typography.Link href={viewDetailsPath(itemId)} target="_blank">
              前台评价页
            </Typography.Link>
          )}
        </Space>
      </Card>
      {!itemId ? (
        <Card>
          <Empty description="请选择事项" />
        </Card>
      ) : (
        <>
          <Row gutter={16}>
            <Col span={8}>
              <Card title="评价等级构成">
                <Space size="large" style={{ marginBottom: 8 }}>
                  <Statistic title="评价数" value={o?.total ?? 0} />
                  <Statistic title="满意率" value={o ? percent(o.satisfiedRate) : '-'} />
                  <Statistic title="平均分" value={o ? o.average.toFixed(2) : '-'} />
                </Space>
                <Suspense fallback={<Skeleton active />}>
                  <Chart option={pie} height={260} />
                </Suspense>
              </Card>
            </Col>
            <Col span={16}>
              <Card title="近 12 个月">
                <Suspense fallback={<Skeleton active />}>
                  <Chart option={trend} height={340} />
                </Suspense>
              </Card>
            </Col>
          </Row>
          <Card title="评价明细">
            <Table<AdminEvaluation>
              rowKey="id"
              size="middle"
              loading={list.isFetching}
              dataSource={list.data?.list}
              pagination={serverPaging(page, PAGE_SIZE, list.data?.total, setPage)}
              columns={[
                { title: '评价时间', dataIndex: 'createdAt', width: 150, render: (d: number) => time(d) },
                { title: '评价人', dataIndex: 'userName', width: 110 },
                {
                  title: '等级',
                  dataIndex: 'level',
                  width: 110,
                  render: (l: number) => <Tag color={LEVEL_TAG_COLORS[l]}>{LEVEL_LABELS[l]}</Tag>,
                },
                { title: '标签', dataIndex: 'labels', width: 200, render: (ls: string[]) => ls.join('、') },
                { title: '评价内容', dataIndex: 'comment' },
                {
                  title: '整改',
                  key: 'rect',
                  width: 130,
                  render: (_: unknown, r) =>
                    r.rectification ? (
                      <Tag color={RECTIFY_COLORS[r.rectification.status]}>
                        {RECTIFY_STATUS_LABELS[r.rectification.status]}
                      </Tag>
                    ) : null,
                },
              ]}
            />
          </Card>
        </>
      )}
    </Space>
  );
}
