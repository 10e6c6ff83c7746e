import { useState } from 'react';
import { Link } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Progress, Space, Table } from 'antd';
import { SearchInput } from '@/core/ui/text-input';
import { fetchSummary } from '../../api';
import type { SummaryRow } from '../../contract';
import { percent, viewDetailsPath } from '../../components/labels';
import { serverPaging } from '../../components/paging';

const PAGE_SIZE = 10;

/** Satisfaction per item or per department, searchable by name (public). */
export function SummaryTable({ by }: { by: 'item' | 'department' }) {
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const q = { by, page, pageSize: PAGE_SIZE, ...(keyword ? { keyword } : {}) };
  const list = useQuery({
    queryKey: ['feedback', 'summary', q],
    queryFn: () => fetchSummary(q).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <SearchInput
        allowClear
        aria-label={by === 'item' ? '搜索事项' : '搜索部门'}
        placeholder={by === 'item' ? '输入事项或部门名称搜索' : '输入部门名称搜索'}
        style={{ maxWidth: 360 }}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPage(1);
        }}
      />
      <Table<SummaryRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: '暂无评价数据' }}
        pagination={serverPaging(page, PAGE_SIZE, list.data?.total, setPage)}
        columns={[
          {
            title: by === 'item' ? '事项' : '部门',
            dataIndex: 'name',
            render: (n: string, r) => (by === 'item' ? <Link to={viewDetailsPath(r.id)}>{n}</Link> : n),
          },
          ...(by === 'item' ? [{ title: '所属部门', dataIndex: 'departmentName', width: 180 }] : []),
          { title: '评价数', dataIndex: 'total', width: 90 },
          { title: '平均分', dataIndex: 'average', width: 90, render: (a: number) => a.toFixed(2) },
          {
            title: '满意率',
            dataIndex: 'satisfiedRate',
            width: 220,
            render: (r: number, row) => (
              <Progress
                aria-label={`${row.name}满意率`}
                percent={Math.round(r * 1000) / 10}
                size="small"
                format={() => percent(r)}
                status={r < 0.8 ? 'exception' : 'success'}
              />
            ),
          },
          { title: '差评', dataIndex: 'bad', width: 80 },
        ]}
      />
    </Space>
  );
}
