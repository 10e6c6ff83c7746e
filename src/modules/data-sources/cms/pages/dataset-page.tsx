import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { deleteDataset, listDataSourceOptions, listDatasets } from '@/modules/data-sources/api';
import { DATASET_KIND_TEXT, type DatasetItem, type DatasetPreviewBody } from '@/modules/data-sources/contract';
import { DatasetDrawer } from '../components/dataset-drawer';
import { DatasetPreviewModal } from '../components/dataset-preview';
import s from './data-sources-page.module.css';
import { SearchInput } from '@/core/ui/text-input';

/** /cms/publicTool/dataSet: tables and read-only queries of the sources, with typed, labelled fields; preview; delete refused while a sync uses one. */
export default function DatasetPage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [filter, setFilter] = useState<{ keyword?: string; sourceId?: number }>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [drawer, setDrawer] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const [preview, setPreview] = useState<DatasetPreviewBody | null>(null);
  const sources = useQuery({
    queryKey: ['data-sources', 'source-options'],
    queryFn: () => listDataSourceOptions().then((r) => r.data),
  });
  const list = useQuery({
    queryKey: ['data-sources', 'datasets', filter, paging],
    queryFn: () => listDatasets({ ...filter, ...paging }).then((r) => r.data),
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteDataset(id),
    onSuccess: () => {
      message.success('数据集已删除');
      void client.invalidateQueries({ queryKey: ['data-sources'] });
    },
  });

  return (
    <div className={s.page}>
      <Card
        title="数据集"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ open: true, id: null })}>
            新建数据集
          </Button>
        }
      >
        <Space className={s.filters} wrap>
          <SearchInput
            aria-label="搜索数据集"
            placeholder="按名称搜索"
            allowClear
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onSearch={(v) => {
              setFilter((f) => ({ ...f, keyword: v.trim() || undefined }));
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            style={{ width: 280 }}
          />
          <Select
            aria-label="数据源"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="全部数据源"
            style={{ width: 240 }}
            value={filter.sourceId}
            onChange={(sourceId?: number) => {
              setFilter((f) => ({ ...f, sourceId }));
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            options={(sources.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
          />
        </Space>
        <Table<DatasetItem>
          rowKey="id"
          size="middle"
          loading={list.isPending}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: '还没有数据集，点击“新建数据集”从数据源选表或写查询' }}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (t) => `共 ${t} 个`,
          }}
          onChange={(p) => setPaging({ page: p.current ?? 1, pageSize: p.pageSize ?? 20 })}
          columns={[
            {
              title: '名称',
              dataIndex: 'name',
              width: 220,
              render: (v: string, r) => (
                <Space orientation="vertical" size={0}>
                  <Typography.Text strong>{v}</Typography.Text>
                  {r.description && (
                    <Typography.Text type="secondary" ellipsis={{ tooltip: r.description }} style={{ maxWidth: 210 }}>
                      {r.description}
                    </Typography.Text>
                  )}
                </Space>
              ),
            },
            { title: '数据源', dataIndex: 'sourceName', width: 180 },
            {
              title: '取数方式',
              dataIndex: 'kind',
              width: 100,
              render: (k: DatasetItem['kind']) => (
                <Tag color={k === 'query' ? 'purple' : 'blue'}>{DATASET_KIND_TEXT[k]}</Tag>
              ),
            },
            {
              title: '表 / 语句',
              key: 'what',
              ellipsis: true,
              render: (_, r) => {
                const text = r.kind === 'query' ? r.sql : r.table || '（数据源地址）';
                return (
                  <Typography.Text code ellipsis={{ tooltip: text }}>
                    {text}
                  </Typography.Text>
                );
              },
            },
            {
              title: '字段',
              key: 'fields',
              width: 130,
              render: (_, r) => {
                const sensitive = r.fields.filter((f) => f.sensitive).length;
                return (
                  <Space size={4}>
                    <span>{r.fields.length} 个</span>
                    {sensitive > 0 && <Tag color="orange">{sensitive} 个敏感</Tag>}
                  </Space>
                );
              },
            },
            {
              title: '更新',
              key: 'updated',
              width: 170,
              render: (_, r) => `${dayjs(r.updatedAt).format('YYYY-MM-DD HH:mm')} ${r.updatedByName}`,
            },
            {
              title: '操作',
              key: 'actions',
              width: 170,
              render: (_, r) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setPreview({ id: r.id })}>
                    预览
                  </Button>
                  <Button type="link" size="small" onClick={() => setDrawer({ open: true, id: r.id })}>
                    编辑
                  </Button>
                  <Popconfirm
                    title={`删除数据集“${r.name}”？`}
                    description="正在被同步使用的数据集不能删除"
                    okText="删除"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove.mutate(r.id)}
                  >
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <DatasetDrawer
        id={drawer.id}
        open={drawer.open}
        onClose={() => setDrawer({ open: false, id: null })}
        onPreview={setPreview}
      />
      <DatasetPreviewModal request={preview} onClose={() => setPreview(null)} />
    </div>
  );
}
