import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { saveFile } from '@/core/ui/save-file';
import { deleteTable, exportTableAdmin, listTables } from '../../api';
import { REPORT_CYCLE_LABELS, type TableListItem } from '../../contract';
import { ImportButton } from '../components/import-button';
import { TableDesigner } from '../components/table-designer';
import s from '../../components/data-tables.module.css';
import { SearchInput } from '@/core/ui/text-input';

/** /cms/publicTool/dataTable 数据表管理: the platform's own tables — design, import, export, delete. */
export default function DataTableManagePage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [designing, setDesigning] = useState<{ id: number | null } | null>(null);
  const list = useQuery({
    queryKey: ['data-tables', 'list', keyword, paging],
    queryFn: () => listTables({ keyword: keyword || undefined, ...paging }).then((r) => r.data),
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteTable(id),
    onSuccess: async () => {
      message.success('已删除');
      await qc.invalidateQueries({ queryKey: ['data-tables'] });
    },
  });
  const exporting = useMutation({
    mutationFn: (t: TableListItem) => exportTableAdmin(t.id).then((r) => ({ blob: r.data, t })),
    onSuccess: ({ blob, t }) => saveFile(blob, `${t.name}-${dayjs().format('YYYYMMDD-HHmmss')}.xlsx`),
  });
  return (
    <div className={s.page}>
      <Card title="数据表管理">
        <div className={s.toolbar}>
          <SearchInput
            aria-label="搜索数据表"
            placeholder="表名称或编码"
            allowClear
            style={{ width: 280 }}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPaging((p) => ({ ...p, page: 1 }));
            }}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDesigning({ id: null })}>
            新建数据表
          </Button>
        </div>
        <Table<TableListItem>
          rowKey="id"
          size="middle"
          loading={list.isPending}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: '暂无数据表' }}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (t) => `共 ${t} 张表`,
          }}
          onChange={(p) => setPaging({ page: p.current ?? 1, pageSize: p.pageSize ?? 20 })}
          columns={[
            { title: '表名称', dataIndex: 'name', ellipsis: true },
            { title: '编码', dataIndex: 'code', width: 180, render: (v: string) => `dt_${v}` },
            { title: '负责部门', dataIndex: 'ownerDepartmentName', width: 180, render: (v: string | null) => v ?? '—' },
            { title: '字段数', dataIndex: 'fieldCount', width: 80 },
            {
              title: '报送周期',
              dataIndex: 'reportCycle',
              width: 100,
              render: (v: TableListItem['reportCycle']) => REPORT_CYCLE_LABELS[v],
            },
            {
              title: '数据服务',
              dataIndex: 'isPublic',
              width: 100,
              render: (v: boolean) => (v ? <Tag color="blue">公开</Tag> : <Tag>不公开</Tag>),
            },
            {
              title: '更新时间',
              dataIndex: 'updatedAt',
              width: 170,
              render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm'),
            },
            {
              title: '操作',
              width: 260,
              render: (_, t) => (
                <Space size={0}>
                  <Button size="small" type="link" onClick={() => setDesigning({ id: t.id })}>
                    设计
                  </Button>
                  <ImportButton tableId={t.id} />
                  <Button
                    size="small"
                    type="link"
                    loading={exporting.isPending && exporting.variables?.id === t.id}
                    onClick={() => exporting.mutate(t)}
                  >
                    导出
                  </Button>
                  <Popconfirm
                    title={`删除「${t.name}」？`}
                    description="表中的全部数据和操作记录将一并删除，且无法恢复"
                    okText="删除"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove.mutateAsync(t.id)}
                  >
                    <Button size="small" type="link" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <TableDesigner id={designing?.id ?? null} open={!!designing} onClose={() => setDesigning(null)} />
    </div>
  );
}
