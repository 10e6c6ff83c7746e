import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Empty, Select, Table, Typography } from 'antd';
import { listVisibleTables } from '../../api';
import type { TableListItem } from '../../contract';

/** One of the tables the caller may browse, searched by name or code. */
export function VisibleTablePicker({ value, onChange }: { value?: number; onChange: (id: number) => void }) {
  const [keyword, setKeyword] = useState('');
  const q = useQuery({
    queryKey: ['data-tables', 'visible', keyword],
    queryFn: () => listVisibleTables({ keyword: keyword || undefined, page: 1, pageSize: 50 }).then((r) => r.data.list),
  });
  return (
    <Select
      aria-label="选择数据表"
      style={{ width: 360 }}
      placeholder="选择数据表"
      loading={q.isFetching}
      value={value}
      onChange={onChange}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      options={(q.data ?? []).map((t) => ({
        value: t.id,
        label: `${t.name}${t.ownerDepartmentName ? `（${t.ownerDepartmentName}）` : ''}`,
      }))}
    />
  );
}

/** The tables the caller may browse, as the 数据表 page's landing when none is chosen yet (server pages of 20). */
export function VisibleTableList({ onOpen }: { onOpen: (id: number) => void }) {
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['data-tables', 'visible-list', page],
    queryFn: () => listVisibleTables({ page, pageSize: 20 }).then((r) => r.data),
  });
  return (
    <Table<TableListItem>
      rowKey="id"
      size="middle"
      loading={q.isFetching}
      dataSource={q.data?.list ?? []}
      locale={{ emptyText: <Empty description="暂无您可查看的数据表" /> }}
      pagination={{ current: page, pageSize: 20, total: q.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
      columns={[
        {
          title: '数据表',
          dataIndex: 'name',
          render: (name: string, t) => (
            <Typography.Link
              href={`?id=${t.id}`}
              onClick={(e) => {
                // A real link (new tab, copy address); a plain click stays in the page.
                e.preventDefault();
                onOpen(t.id);
              }}
            >
              {name}
            </Typography.Link>
          ),
        },
        { title: '负责部门', dataIndex: 'ownerDepartmentName', render: (v: string | null) => v ?? '—' },
        { title: '说明', dataIndex: 'description', ellipsis: true, render: (v: string) => v || '—' },
        { title: '字段数', dataIndex: 'fieldCount', width: 90 },
      ]}
    />
  );
}
