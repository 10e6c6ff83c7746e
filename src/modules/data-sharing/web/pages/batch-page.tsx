import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Table } from 'antd';
import { SearchInput } from '@/core/ui/text-input';
import { listCatalog } from '../../api';
import { LIMITS, type DatasetItem } from '../../contract';
import { ApplyModal } from '../components/apply-modal';

const PAGE_SIZE = 20;

/** 批量申请库: choose several datasets for one app and purpose; one application each, all or nothing. */
export default function BatchPage() {
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<DatasetItem[]>([]);
  const [open, setOpen] = useState(false);
  const q = { page, pageSize: PAGE_SIZE, keyword: keyword || undefined };
  const rows = useQuery({
    queryKey: ['data-sharing', 'catalog', q],
    queryFn: () => listCatalog(q).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  return (
    <Card
      title="批量申请库"
      extra={
        <Space>
          <SearchInput
            allowClear
            placeholder="搜索数据集"
            aria-label="搜索数据集"
            style={{ width: 220 }}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage(1);
            }}
          />
          <Button type="primary" disabled={!chosen.length} onClick={() => setOpen(true)}>
            批量申请（{chosen.length}）
          </Button>
        </Space>
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={`勾选数据集（最多 ${LIMITS.batch} 个）后为同一应用、同一用途一次提交：每个数据集一份申请，任何一份不能提交则全部不提交。`}
      />
      <Table<DatasetItem>
        rowKey="id"
        loading={rows.isFetching}
        dataSource={rows.data?.list}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: rows.data?.total ?? 0, onChange: setPage }}
        rowSelection={{
          selectedRowKeys: chosen.map((d) => d.id),
          preserveSelectedRowKeys: true,
          onChange: (_keys, selected) => setChosen(selected.filter(Boolean).slice(0, LIMITS.batch)),
        }}
        columns={[
          { title: '数据集', dataIndex: 'name', width: 180 },
          { title: '主题', dataIndex: 'themeName', width: 120 },
          { title: '说明', dataIndex: 'description' },
          { title: '字段数', key: 'n', width: 80, render: (_: unknown, r) => r.fields.length },
        ]}
      />
      {open && (
        <ApplyModal
          datasets={chosen}
          onClose={(done) => {
            setOpen(false);
            if (done) setChosen([]);
          }}
        />
      )}
    </Card>
  );
}
