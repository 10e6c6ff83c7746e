import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, InputNumber, Modal, Popconfirm, Space, Table } from 'antd';
import { TextInput } from '@/core/ui/text-input';
import { toast } from '@/core/ui/toast';
import { deleteCategory, saveCategory } from '../../api';
import type { CategorySaveBody, CategoryView } from '../../contract';

/** 分类: names and order of the portal's sections (lower sort first). */
export function CategoryTab({ categories, loading }: { categories: CategoryView[]; loading: boolean }) {
  const qc = useQueryClient();
  const [form] = Form.useForm<CategorySaveBody>();
  const [editing, setEditing] = useState<CategorySaveBody | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: ['appPortal'] });
  const save = useMutation({
    mutationFn: (v: CategorySaveBody) => saveCategory({ ...v, id: editing?.id }),
    onSuccess: () => {
      toast.success('分类已保存');
      setEditing(null);
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteCategory(id),
    onSuccess: () => {
      toast.success('分类已删除');
      refresh();
    },
  });
  const open = (c: CategorySaveBody) => {
    setEditing(c);
    form.setFieldsValue(c);
  };
  return (
    <>
      <Button type="primary" style={{ marginBottom: 12 }} onClick={() => open({ name: '', sort: 100 })}>
        新增分类
      </Button>
      <Table<CategoryView>
        rowKey="id"
        loading={loading}
        dataSource={categories}
        pagination={false}
        columns={[
          { title: '分类名称', dataIndex: 'name' },
          { title: '排序', dataIndex: 'sort', width: 120 },
          { title: '应用数', dataIndex: 'count', width: 120 },
          {
            title: '操作',
            width: 160,
            render: (_, c) => (
              <Space>
                <Button type="link" onClick={() => open({ id: c.id, name: c.name, sort: c.sort })}>
                  编辑
                </Button>
                <Popconfirm title="确定删除该分类？" onConfirm={() => remove.mutate(c.id)}>
                  <Button type="link" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        title={editing?.id ? '编辑分类' : '新增分类'}
        open={!!editing}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
          <Form.Item
            name="name"
            label="分类名称"
            rules={[{ required: true, whitespace: true, message: '请填写分类名称' }]}
          >
            <TextInput maxLength={20} />
          </Form.Item>
          <Form.Item name="sort" label="排序（小的在前）" rules={[{ required: true }]}>
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
