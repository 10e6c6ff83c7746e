import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Segmented, Space, Table, Tag } from 'antd';
import { SearchInput } from '@/core/ui/text-input';
import { listCatalog, listThemes } from '../../api';
import type { DatasetItem } from '../../contract';
import { ApplyModal } from '../components/apply-modal';

const PAGE_SIZE = 15;

/** 数据目录 (dataSharing theme classify): shareable datasets by theme, with search; 申请 opens the application. */
export default function CatalogPage() {
  const [themeId, setThemeId] = useState<number>(0);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [applying, setApplying] = useState<DatasetItem | null>(null);
  const themes = useQuery({ queryKey: ['data-sharing', 'themes'], queryFn: () => listThemes().then((r) => r.data) });
  const q = { page, pageSize: PAGE_SIZE, themeId: themeId || undefined, keyword: keyword || undefined };
  const rows = useQuery({
    queryKey: ['data-sharing', 'catalog', q],
    queryFn: () => listCatalog(q).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  return (
    <Card
      title="数据目录"
      extra={
        <SearchInput
          allowClear
          placeholder="搜索数据集"
          aria-label="搜索数据集"
          style={{ width: 240 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Segmented
          value={themeId}
          onChange={(v) => {
            setThemeId(Number(v));
            setPage(1);
          }}
          options={[
            { value: 0, label: '全部主题' },
            ...(themes.data ?? []).map((t) => ({ value: t.id, label: `${t.name}（${t.datasets}）` })),
          ]}
        />
        <Table<DatasetItem>
          rowKey="id"
          loading={rows.isFetching}
          dataSource={rows.data?.list}
          locale={{ emptyText: '暂无可共享的数据集' }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: rows.data?.total ?? 0, onChange: setPage }}
          columns={[
            { title: '数据集', dataIndex: 'name', width: 160 },
            { title: '编码', dataIndex: 'code', width: 150 },
            { title: '主题', dataIndex: 'themeName', width: 110, render: (t: string) => <Tag>{t}</Tag> },
            { title: '说明', dataIndex: 'description' },
            {
              title: '可共享字段',
              dataIndex: 'fields',
              render: (f: DatasetItem['fields']) => f.map((x) => x.label).join('、'),
            },
            {
              title: '操作',
              key: 'op',
              width: 90,
              render: (_: unknown, r) => (
                <Button type="link" size="small" onClick={() => setApplying(r)}>
                  申请
                </Button>
              ),
            },
          ]}
        />
      </Space>
      {applying && <ApplyModal datasets={[applying]} onClose={() => setApplying(null)} />}
    </Card>
  );
}
