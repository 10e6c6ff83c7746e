import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { deleteDataSource, listDataSources, testDataSource } from '@/modules/data-sources/api';
import {
  DATA_SOURCE_KINDS,
  DATA_SOURCE_KIND_TEXT,
  type DataSourceItem,
  type DataSourceKind,
} from '@/modules/data-sources/contract';
import { SourceDrawer } from '../components/source-drawer';
import { sourceWhere } from '../components/source-summary';
import s from './data-sources-page.module.css';
import { SearchInput } from '@/core/ui/text-input';

/** /cms/publicTool/dataSource: connections to the university's systems; test, edit, delete (refused while datasets use one). */
export default function DataSourcePage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [filter, setFilter] = useState<{ keyword?: string; kind?: DataSourceKind }>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [drawer, setDrawer] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const list = useQuery({
    queryKey: ['data-sources', 'sources', filter, paging],
    queryFn: () => listDataSources({ ...filter, ...paging }).then((r) => r.data),
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['data-sources'] });
  const test = useMutation({
    mutationFn: (id: number) => testDataSource({ id }),
    onSuccess: (r) => message.success(`连接成功：${r.data.message}`),
    onSettled: () => refresh(),
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteDataSource(id),
    onSuccess: () => {
      message.success('数据源已删除');
      void refresh();
    },
  });

  return (
    <div className={s.page}>
      <Card
        title="数据源管理"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer({ open: true, id: null })}>
            新建数据源
          </Button>
        }
      >
        <Space className={s.filters} wrap>
          <SearchInput
            aria-label="搜索数据源"
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
            aria-label="类型"
            allowClear
            placeholder="全部类型"
            style={{ width: 180 }}
            value={filter.kind}
            onChange={(kind?: DataSourceKind) => {
              setFilter((f) => ({ ...f, kind }));
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            options={DATA_SOURCE_KINDS.map((k) => ({ value: k, label: DATA_SOURCE_KIND_TEXT[k] }))}
          />
        </Space>
        <Table<DataSourceItem>
          rowKey="id"
          size="middle"
          loading={list.isPending}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: '还没有数据源，点击“新建数据源”连接学校的业务系统' }}
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
              width: 200,
              render: (v: string, r) => (
                <Space orientation="vertical" size={0}>
                  <Typography.Text strong>{v}</Typography.Text>
                  {r.description && (
                    <Typography.Text type="secondary" ellipsis={{ tooltip: r.description }} style={{ maxWidth: 190 }}>
                      {r.description}
                    </Typography.Text>
                  )}
                </Space>
              ),
            },
            {
              title: '类型',
              dataIndex: 'kind',
              width: 150,
              render: (k: DataSourceKind) => <Tag>{DATA_SOURCE_KIND_TEXT[k]}</Tag>,
            },
            {
              title: '连接',
              key: 'where',
              ellipsis: true,
              render: (_, r) => (
                <Typography.Text code ellipsis={{ tooltip: sourceWhere(r) }}>
                  {sourceWhere(r)}
                </Typography.Text>
              ),
            },
            {
              title: '密码/令牌',
              dataIndex: 'hasSecret',
              width: 100,
              render: (v: boolean, r) =>
                r.kind === 'sqlite' ? '—' : v ? <Tag color="blue">已设置</Tag> : <Tag>未设置</Tag>,
            },
            { title: '数据集', dataIndex: 'datasetCount', width: 80 },
            {
              title: '最近测试',
              key: 'lastTest',
              width: 190,
              render: (_, r) =>
                r.lastTestAt === null ? (
                  <Typography.Text type="secondary">未测试</Typography.Text>
                ) : (
                  <Tooltip title={r.lastTestMessage}>
                    <Tag color={r.lastTestOk ? 'success' : 'error'}>{r.lastTestOk ? '成功' : '失败'}</Tag>
                    {dayjs(r.lastTestAt).format('MM-DD HH:mm')}
                  </Tooltip>
                ),
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
              width: 230,
              render: (_, r) => (
                <Space size={0}>
                  <Button
                    type="link"
                    size="small"
                    loading={test.isPending && test.variables === r.id}
                    onClick={() => test.mutate(r.id)}
                  >
                    测试连接
                  </Button>
                  <Button type="link" size="small" onClick={() => setDrawer({ open: true, id: r.id })}>
                    编辑
                  </Button>
                  <Popconfirm
                    title={`删除数据源“${r.name}”？`}
                    description={
                      r.datasetCount > 0 ? `它还有 ${r.datasetCount} 个数据集，需先删除数据集` : '删除后不可恢复'
                    }
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
      <SourceDrawer id={drawer.id} open={drawer.open} onClose={() => setDrawer({ open: false, id: null })} />
    </div>
  );
}
