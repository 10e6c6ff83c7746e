import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Card,
  Col,
  Empty,
  List,
  Progress,
  Rate,
  Result,
  Row,
  Segmented,
  Space,
  Statistic,
  Tag,
  Typography,
} from 'antd';
import { fetchItemReviews } from '../../api';
import { LEVEL_LABELS, LEVELS, type Review } from '../../contract';
import { LEVEL_COLORS, LEVEL_TAG_COLORS, percent, time } from '../../components/labels';
import { serverPaging } from '../../components/paging';

const PAGE_SIZE = 10;

/** /web/eventService/viewDetails?id=<item> (public): an item's rating distribution, labels and reviews. */
export default function ViewDetailsPage() {
  const [params] = useSearchParams();
  const itemId = Number(params.get('id'));
  const [level, setLevel] = useState<number | undefined>();
  const [page, setPage] = useState(1);
  const valid = Number.isInteger(itemId) && itemId > 0;
  const q = { itemId, page, pageSize: PAGE_SIZE, ...(level ? { level } : {}) };
  const data = useQuery({
    queryKey: ['feedback', 'itemReviews', q],
    queryFn: () => fetchItemReviews(q).then((r) => r.data),
    enabled: valid,
    placeholderData: keepPreviousData,
    retry: false,
  });
  if (!valid || data.isError)
    return (
      <Result status="404" title="事项不存在或未公开" extra={<Link to="/web/eventService/index">返回办事大厅</Link>} />
    );
  const d = data.data;
  return (
    <div style={{ maxWidth: 1200, margin: '0 auto', padding: 16 }}>
      <Card loading={data.isPending}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Space wrap align="baseline">
            <Typography.Title level={4} style={{ margin: 0 }}>
              {d?.item.name}
            </Typography.Title>
            <Typography.Text type="secondary">{d?.item.departmentName}</Typography.Text>
            <Link to={`/web/eventService/online?id=${itemId}`}>办事指南</Link>
          </Space>
          <Row gutter={24}>
            <Col xs={24} md={8}>
              <Space size="large" wrap>
                <Statistic title="平均分" value={d ? d.average.toFixed(2) : '-'} suffix="/ 5" />
                <Statistic title="满意率" value={d ? percent(d.satisfiedRate) : '-'} />
                <Statistic title="评价数" value={d?.total ?? 0} />
              </Space>
              <Rate disabled allowHalf value={d ? Math.round(d.average * 2) / 2 : 0} />
            </Col>
            <Col xs={24} md={10}>
              {LEVELS.map((k) => {
                const n = d?.distribution[k - 1] ?? 0;
                return (
                  <Row key={k} align="middle" gutter={8}>
                    <Col flex="84px">{LEVEL_LABELS[k]}</Col>
                    <Col flex="auto">
                      <Progress
                        aria-label={`${LEVEL_LABELS[k]}的评价`}
                        percent={d?.total ? Math.round((n / d.total) * 1000) / 10 : 0}
                        strokeColor={LEVEL_COLORS[k]}
                        format={() => `${n} 条`}
                        size="small"
                      />
                    </Col>
                  </Row>
                );
              })}
            </Col>
            <Col xs={24} md={6}>
              <Typography.Text type="secondary">大家的印象</Typography.Text>
              <div style={{ marginTop: 8 }}>
                {d?.labels.length ? (
                  d.labels.map((l) => (
                    <Tag key={l.name} style={{ marginBottom: 6 }}>
                      {l.name} {l.count}
                    </Tag>
                  ))
                ) : (
                  <Typography.Text type="secondary">暂无</Typography.Text>
                )}
              </div>
            </Col>
          </Row>
        </Space>
      </Card>
      <Card
        style={{ marginTop: 16 }}
        title="评价"
        extra={
          <Segmented<string>
            value={level ? String(level) : 'all'}
            onChange={(v) => {
              setLevel(v === 'all' ? undefined : Number(v));
              setPage(1);
            }}
            options={[
              { label: '全部', value: 'all' },
              ...LEVELS.map((k) => ({ label: LEVEL_LABELS[k]!, value: String(k) })),
            ]}
          />
        }
      >
        <List<Review>
          loading={data.isFetching}
          dataSource={d?.list}
          locale={{ emptyText: <Empty description="暂无评价" /> }}
          pagination={serverPaging(page, PAGE_SIZE, d?.listTotal, setPage)}
          renderItem={(r) => (
            <List.Item>
              <Space orientation="vertical" style={{ width: '100%' }} size={4}>
                <Space wrap>
                  <Typography.Text strong>{r.userName}</Typography.Text>
                  <Rate disabled value={r.level} style={{ fontSize: 13 }} />
                  <Tag color={LEVEL_TAG_COLORS[r.level]}>{LEVEL_LABELS[r.level]}</Tag>
                  <Typography.Text type="secondary">{time(r.createdAt)}</Typography.Text>
                </Space>
                {r.labels.length > 0 && (
                  <Space wrap size={[4, 4]}>
                    {r.labels.map((l) => (
                      <Tag key={l}>{l}</Tag>
                    ))}
                  </Space>
                )}
                {r.comment && <Typography.Paragraph style={{ marginBottom: 0 }}>{r.comment}</Typography.Paragraph>}
                {r.reply && <Alert type="info" title={`回复：${r.reply}`} />}
              </Space>
            </List.Item>
          )}
        />
      </Card>
    </div>
  );
}
