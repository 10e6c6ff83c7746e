import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Form, Modal, Select, Switch, Table, Tag } from 'antd';
import { TextArea, TextInput } from '@/core/ui/text-input';
import { toast } from '@/core/ui/toast';
import { getTable, listTables } from '@/modules/data-tables/api';
import { listDatasets, listThemes, saveDataset } from '../../api';
import type { DatasetBody, DatasetItem } from '../../contract';

const PAGE_SIZE = 15;
const EMPTY: DatasetBody = {
  code: '',
  name: '',
  themeId: 0,
  tableCode: '',
  fields: [],
  rowFilter: {},
  description: '',
  enabled: true,
};

/**
 * 共享数据集 (back office): a dataset is a data table of the data centre, the fields it shares,
 * an optional row filter (field = value, e.g. a department's scope), a theme and a description.
 */
export default function DatasetPage() {
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<DatasetBody | null>(null);
  const [filterText, setFilterText] = useState('');
  const q = { page, pageSize: PAGE_SIZE };
  const rows = useQuery({
    queryKey: ['data-sharing', 'datasets', q],
    queryFn: () => listDatasets(q).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const themes = useQuery({ queryKey: ['data-sharing', 'themes'], queryFn: () => listThemes().then((r) => r.data) });
  const tables = useQuery({
    queryKey: ['data-sharing', 'tables'],
    queryFn: () => listTables({ page: 1, pageSize: 200 }).then((r) => r.data),
    enabled: editing !== null,
  });
  const tableId = tables.data?.list.find((t) => t.code === editing?.tableCode)?.id;
  const table = useQuery({
    queryKey: ['data-sharing', 'table', tableId],
    queryFn: () => getTable(tableId!).then((r) => r.data),
    enabled: tableId !== undefined,
  });
  const save = useMutation({
    mutationFn: () => {
      const rowFilter: Record<string, string> = {};
      for (const part of filterText.split(/[,，]/)) {
        const [k, v] = part.split('=').map((s) => s.trim());
        if (k && v !== undefined) rowFilter[k] = v;
      }
      return saveDataset({ ...editing!, rowFilter });
    },
    onSuccess: () => {
      toast.success('保存成功');
      setEditing(null);
      void qc.invalidateQueries({ queryKey: ['data-sharing'] });
    },
  });
  const open = (d: DatasetBody) => {
    setEditing(d);
    setFilterText(
      Object.entries(d.rowFilter)
        .map(([k, v]) => `${k}=${v}`)
        .join(', '),
    );
  };
  return (
    <Card
      title="共享数据集"
      extra={
        <Button type="primary" onClick={() => open({ ...EMPTY, themeId: themes.data?.[0]?.id ?? 0 })}>
          新建数据集
        </Button>
      }
    >
      <Table<DatasetItem>
        rowKey="id"
        loading={rows.isFetching}
        dataSource={rows.data?.list}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: rows.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: '数据集', dataIndex: 'name', width: 150 },
          { title: '编码', dataIndex: 'code', width: 150 },
          { title: '主题', dataIndex: 'themeName', width: 100 },
          { title: '数据表', dataIndex: 'tableCode', width: 120 },
          {
            title: '共享字段',
            dataIndex: 'fields',
            render: (f: DatasetItem['fields']) => f.map((x) => x.label).join('、'),
          },
          {
            title: '状态',
            dataIndex: 'enabled',
            width: 80,
            render: (e: boolean) => (e ? <Tag color="success">共享中</Tag> : <Tag>已停止</Tag>),
          },
          {
            title: '操作',
            key: 'op',
            width: 80,
            render: (_: unknown, r) => (
              <Button
                type="link"
                size="small"
                onClick={() =>
                  open({
                    id: r.id,
                    code: r.code,
                    name: r.name,
                    themeId: r.themeId,
                    tableCode: r.tableCode,
                    fields: r.fields.map((f) => f.name),
                    rowFilter: r.rowFilter,
                    description: r.description,
                    enabled: r.enabled,
                  })
                }
              >
                编辑
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        width={720}
        title={editing?.id ? '编辑数据集' : '新建数据集'}
        okText="保存"
        cancelText="取消"
        confirmLoading={save.isPending}
        okButtonProps={{
          disabled:
            !editing?.name.trim() || !editing.code || !editing.tableCode || !editing.fields.length || !editing.themeId,
        }}
        onOk={() => save.mutate()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        {editing && (
          <Form layout="vertical">
            <Form.Item label="名称" required>
              <TextInput
                aria-label="名称"
                maxLength={60}
                value={editing.name}
                onChange={(e) => setEditing({ ...editing, name: e.target.value })}
              />
            </Form.Item>
            <Form.Item label="编码（调用地址的一部分：小写字母、数字、下划线）" required>
              <TextInput
                aria-label="编码"
                maxLength={40}
                value={editing.code}
                onChange={(e) => setEditing({ ...editing, code: e.target.value.trim() })}
              />
            </Form.Item>
            <Form.Item label="主题" required>
              <Select
                aria-label="主题"
                value={editing.themeId || undefined}
                onChange={(v: number) => setEditing({ ...editing, themeId: v })}
                options={(themes.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
              />
            </Form.Item>
            <Form.Item label="数据表" required>
              <Select
                aria-label="数据表"
                showSearch
                optionFilterProp="label"
                loading={tables.isFetching}
                value={editing.tableCode || undefined}
                onChange={(v: string) => setEditing({ ...editing, tableCode: v, fields: [] })}
                options={(tables.data?.list ?? []).map((t) => ({ value: t.code, label: `${t.name}（${t.code}）` }))}
              />
            </Form.Item>
            <Form.Item label="可共享字段" required>
              <Checkbox.Group
                value={editing.fields}
                onChange={(v) => setEditing({ ...editing, fields: v as string[] })}
                options={(table.data?.fields ?? []).map((f) => ({ value: f.name, label: `${f.label}（${f.name}）` }))}
              />
            </Form.Item>
            <Form.Item label="行范围（可选，如 college_id=3，多个用逗号分隔）">
              <TextInput aria-label="行范围" value={filterText} onChange={(e) => setFilterText(e.target.value)} />
            </Form.Item>
            <Form.Item label="说明">
              <TextArea
                aria-label="说明"
                rows={2}
                maxLength={500}
                value={editing.description}
                onChange={(e) => setEditing({ ...editing, description: e.target.value })}
              />
            </Form.Item>
            <Form.Item label="共享中">
              <Switch
                aria-label="共享中"
                checked={editing.enabled}
                onChange={(v) => setEditing({ ...editing, enabled: v })}
              />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </Card>
  );
}
