import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Empty, List, Pagination, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { listCatalogue } from '../../api';
import { FIELD_TYPE_LABELS, type CatalogItem } from '../../contract';
import s from '../../components/data-tables.module.css';
import { SearchInput } from '@/core/ui/text-input';

/**
 * /web/dataService/index 数据服务目录 (public, no token): the data tables their owners publish —
 * name, owner, description and fields. Never any rows.
 */
export default function DataServiceIndexPage() {
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['data-tables', 'catalogue', keyword, page],
    queryFn: () => listCatalogue({ keyword: keyword || undefined, page, pageSize: 10 }).then((r) => r.data),
  });
  return (
    <div className={s.catalogue}>
      <Card title="数据服务目录">
        <SearchInput
          aria-label="搜索数据服务"
          placeholder="按名称、编码或说明搜索"
          allowClear
          enterButton="搜索"
          style={{ maxWidth: 480, marginBottom: 16 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
        <List<CatalogItem>
          loading={list.isPending}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: <Empty description="暂无公开的数据服务" /> }}
          renderItem={(t) => (
            <List.Item key={t.id}>
              <div style={{ width: '100%' }}>
                <Typography.Title level={5} style={{ marginTop: 0 }}>
                  {t.name} <Tag>{t.code}</Tag>
                </Typography.Title>
                <Descriptions size="small" column={3}>
                  <Descriptions.Item label="负责部门">{t.ownerDepartmentName ?? '—'}</Descriptions.Item>
                  <Descriptions.Item label="更新时间">{dayjs(t.updatedAt).format('YYYY-MM-DD')}</Descriptions.Item>
                  <Descriptions.Item label="字段数">{t.fields.length}</Descriptions.Item>
                  <Descriptions.Item label="说明" span={3}>
                    {t.description || '—'}
                  </Descriptions.Item>
                </Descriptions>
                <Table
                  size="small"
                  rowKey="name"
                  pagination={false}
                  dataSource={t.fields}
                  columns={[
                    { title: '字段', dataIndex: 'label', width: 200 },
                    { title: '字段名', dataIndex: 'name', width: 200 },
                    {
                      title: '类型',
                      dataIndex: 'type',
                      width: 120,
                      render: (v: CatalogItem['fields'][number]['type']) => FIELD_TYPE_LABELS[v],
                    },
                    { title: '说明', dataIndex: 'description', render: (v: string) => v || '—' },
                  ]}
                />
              </div>
            </List.Item>
          )}
        />
        {(list.data?.total ?? 0) > 10 && (
          <Pagination
            style={{ marginTop: 16 }}
            current={page}
            pageSize={10}
            total={list.data?.total ?? 0}
            onChange={setPage}
            showSizeChanger={false}
          />
        )}
      </Card>
    </div>
  );
}
