import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Pagination, Row, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { listVisible } from '../../dashboard-api';
import { time } from '../../components/format';

/** 仪表板 (/web/bi/index): the published dashboards the user's platform and roles may see, as cards. */
export default function DashboardIndexPage() {
  const [page, setPage] = useState(1);
  const pageSize = 12;
  const q = useQuery({
    queryKey: ['bi', 'visibleDashboards', page],
    queryFn: () => listVisible(page, pageSize).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  return (
    <Card title="仪表板">
      <Spin spinning={q.isPending}>
        {q.data?.list.length ? (
          <Row gutter={[16, 16]}>
            {q.data.list.map((d) => (
              <Col key={d.id} xs={24} md={12} xl={8}>
                <Link to={`/web/bi/detail?id=${d.id}`}>
                  <Card hoverable size="small" title={d.name} extra={d.isPublic ? <Tag color="green">公开</Tag> : null}>
                    <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ minHeight: 44 }}>
                      {d.description || '—'}
                    </Typography.Paragraph>
                    <Typography.Text type="secondary">
                      {d.widgetCount} 个组件 · {d.theme === 'dark' ? '深色' : '浅色'} · 发布于 {time(d.publishedAt)}
                    </Typography.Text>
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
        ) : (
          <Empty description="暂无可查看的仪表板" />
        )}
      </Spin>
      <Pagination
        style={{ marginTop: 16, justifyContent: 'flex-end' }}
        current={page}
        pageSize={pageSize}
        total={q.data?.total ?? 0}
        onChange={setPage}
        showTotal={(n) => `共 ${n} 个`}
      />
    </Card>
  );
}
