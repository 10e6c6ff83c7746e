import { useState } from 'react';
import { Link } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Flex, Pagination, Row, Skeleton, Typography } from 'antd';
import { TableOutlined } from '@ant-design/icons';
import { SearchInput } from '@/core/ui/text-input';
import { listVisibleReports } from '../../api';

const PAGE_SIZE = 12;
const day = (ms: number | null) => (ms === null ? '—' : new Date(ms).toLocaleDateString('zh-CN'));

/** 数据报表 (/web/bi/report): the published reports the user may see (the server filters by audience). */
export default function ReportListPage() {
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['bi-reports', 'visible', keyword, page],
    queryFn: () => listVisibleReports({ keyword: keyword || undefined, page, pageSize: PAGE_SIZE }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  return (
    <Card
      title="数据报表"
      extra={
        <SearchInput
          aria-label="搜索报表"
          placeholder="报表名称"
          allowClear
          style={{ width: 260 }}
          onSearch={(v) => (setKeyword(v.trim()), setPage(1))}
        />
      }
    >
      {q.isPending ? (
        <Skeleton active />
      ) : !q.data?.list.length ? (
        <Empty description="暂无可查看的报表" />
      ) : (
        <Flex vertical gap={16}>
          <Row gutter={[16, 16]}>
            {q.data.list.map((r) => (
              <Col key={r.id} xs={24} md={12} xl={8}>
                <Link to={`/web/bi/reportDetail?id=${r.id}`}>
                  <Card hoverable size="small">
                    <Flex gap={12} align="start">
                      <TableOutlined style={{ fontSize: 28, color: '#1677ff', marginTop: 4 }} />
                      <div style={{ minWidth: 0 }}>
                        <Typography.Text strong>{r.name}</Typography.Text>
                        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: '4px 0' }}>
                          {r.description || '—'}
                        </Typography.Paragraph>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          数据来源：{r.tableName} · 发布于 {day(r.publishedAt)}
                        </Typography.Text>
                      </div>
                    </Flex>
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
          {q.data.total > PAGE_SIZE && (
            <Flex justify="end">
              <Pagination
                current={page}
                pageSize={PAGE_SIZE}
                total={q.data.total}
                onChange={setPage}
                showSizeChanger={false}
              />
            </Flex>
          )}
        </Flex>
      )}
    </Card>
  );
}
