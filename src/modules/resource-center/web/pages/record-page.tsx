import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Segmented, Select, Space, Table } from 'antd';
import { fetchMine, fetchRecords } from '../../api';
import { ACTION_LABELS, type RecordRow } from '../../contract';
import { time } from '../../components/labels';

const PAGE_SIZE = 20;
type Action = 'all' | 'view' | 'download' | 'link';

/** /web/webResourceCenter/record: who opened my resources, when and how (preview, download, shared link). */
export default function RecordPage() {
  const [params] = useSearchParams();
  const [resourceId, setResourceId] = useState<number | undefined>(Number(params.get('resourceId')) || undefined);
  const [action, setAction] = useState<Action>('all');
  const [page, setPage] = useState(1);
  const q = {
    page,
    pageSize: PAGE_SIZE,
    ...(resourceId ? { resourceId } : {}),
    ...(action !== 'all' ? { action } : {}),
  };
  const records = useQuery({
    queryKey: ['resource-center', 'records', q],
    queryFn: () => fetchRecords(q).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const mine = useQuery({
    queryKey: ['resource-center', 'mine', 'all-200'],
    queryFn: () => fetchMine({ page: 1, pageSize: 200 }).then((r) => r.data.list),
  });
  return (
    <Card title="访问记录">
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          aria-label="资源"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="全部资源"
          style={{ width: 280 }}
          value={resourceId}
          onChange={(v) => {
            setResourceId(v);
            setPage(1);
          }}
          options={(mine.data ?? []).map((r) => ({ value: r.id, label: r.title }))}
        />
        <Segmented<Action>
          value={action}
          onChange={(v) => {
            setAction(v);
            setPage(1);
          }}
          options={[
            { value: 'all', label: '全部' },
            { value: 'view', label: '预览' },
            { value: 'download', label: '下载' },
            { value: 'link', label: '链接访问' },
          ]}
        />
      </Space>
      <Table<RecordRow>
        rowKey="id"
        size="middle"
        loading={records.isFetching}
        dataSource={records.data?.list}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: records.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (t) => `共 ${t} 条`,
          onChange: setPage,
        }}
        columns={[
          { title: '时间', dataIndex: 'createdAt', width: 170, render: time },
          { title: '资源', dataIndex: 'resourceTitle' },
          { title: '访问方式', dataIndex: 'action', width: 110, render: (a: string) => ACTION_LABELS[a] ?? a },
          { title: '访问人', dataIndex: 'userName', width: 140 },
        ]}
      />
    </Card>
  );
}
