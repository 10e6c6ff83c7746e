import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, InputNumber, Modal, Popconfirm, Space, Table } from 'antd';
import { TextArea, TextInput } from '@/core/ui/text-input';
import { toast } from '@/core/ui/toast';
import { deleteTheme, listThemes, saveTheme } from '../../api';
import type { ThemeBody, ThemeItem } from '../../contract';

const EMPTY: ThemeBody = { name: '', description: '', sort: 0 };

/** 主题分类 (back office): the catalogue's themes; a theme holding datasets cannot be deleted. */
export default function ThemePage() {
  const qc = useQueryClient();
  const [editing, setEditing] = useState<ThemeBody | null>(null);
  const rows = useQuery({ queryKey: ['data-sharing', 'themes'], queryFn: () => listThemes().then((r) => r.data) });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['data-sharing'] });
  const save = useMutation({
    mutationFn: () => saveTheme({ ...editing!, name: editing!.name.trim() }),
    onSuccess: () => {
      toast.success('保存成功');
      setEditing(null);
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteTheme(id),
    onSuccess: () => {
      toast.success('删除成功');
      refresh();
    },
  });
  return (
    <Card
      title="主题分类"
      extra={
        <Button type="primary" onClick={() => setEditing({ ...EMPTY, sort: (rows.data?.length ?? 0) + 1 })}>
          新建主题
        </Button>
      }
    >
      <Table<ThemeItem>
        rowKey="id"
        loading={rows.isFetching}
        dataSource={rows.data}
        pagination={false}
        columns={[
          { title: '排序', dataIndex: 'sort', width: 70 },
          { title: '主题', dataIndex: 'name', width: 160 },
          { title: '说明', dataIndex: 'description' },
          { title: '数据集', dataIndex: 'datasets', width: 80 },
          {
            title: '操作',
            key: 'op',
            width: 140,
            render: (_: unknown, r) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setEditing({ id: r.id, name: r.name, description: r.description, sort: r.sort })}
                >
                  编辑
                </Button>
                <Popconfirm
                  title="确定删除该主题？"
                  okText="删除"
                  cancelText="取消"
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
      <Modal
        open={editing !== null}
        title={editing?.id ? '编辑主题' : '新建主题'}
        okText="保存"
        cancelText="取消"
        confirmLoading={save.isPending}
        okButtonProps={{ disabled: !editing?.name.trim() }}
        onOk={() => save.mutate()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        {editing && (
          <Form layout="vertical">
            <Form.Item label="主题名称" required>
              <TextInput
                aria-label="主题名称"
                maxLength={30}
                value={editing.name}
                onChange={(e) => setEditing({ ...editing, name: e.target.value })}
              />
            </Form.Item>
            <Form.Item label="排序">
              <InputNumber
                aria-label="排序"
                min={0}
                max={9999}
                value={editing.sort}
                onChange={(v) => setEditing({ ...editing, sort: Number(v ?? 0) })}
              />
            </Form.Item>
            <Form.Item label="说明">
              <TextArea
                aria-label="说明"
                rows={3}
                maxLength={500}
                value={editing.description}
                onChange={(e) => setEditing({ ...editing, description: e.target.value })}
              />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </Card>
  );
}
