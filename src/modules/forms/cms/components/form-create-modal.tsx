import { AutoComplete, Form, Modal, Radio } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { TextArea, TextInput } from '@/core/ui/text-input';
import { createForm, listFormCategories } from '@/modules/forms/api';
import type { FormAccess } from '@/modules/forms/contract';

interface Values {
  name: string;
  category?: string;
  description?: string;
  access: FormAccess;
}

/** 新建表单: the settings a form starts with; on success the caller opens the designer. */
export function FormCreateModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const [form] = Form.useForm<Values>();
  const categories = useQuery({
    queryKey: ['forms', 'categories'],
    queryFn: () => listFormCategories().then((r) => r.data),
    enabled: open,
  });
  const create = useMutation({
    mutationFn: (v: Values) =>
      createForm({
        name: v.name.trim(),
        category: (v.category ?? '').trim(),
        description: (v.description ?? '').trim(),
        access: v.access,
      }).then((r) => r.data.id),
    onSuccess: (id) => {
      form.resetFields();
      onCreated(id);
    },
  });
  const category = Form.useWatch('category', form) ?? '';
  return (
    <Modal
      title="新建表单"
      open={open}
      okText="创建并设计"
      cancelText="取消"
      confirmLoading={create.isPending}
      onCancel={onClose}
      onOk={() =>
        void form
          .validateFields()
          .then((v) => create.mutate(v))
          .catch(() => undefined)
      }
      destroyOnHidden
    >
      <Form name="form-create" form={form} layout="vertical" initialValues={{ access: 'signedIn' }} preserve={false}>
        <Form.Item
          name="name"
          label="表单名称"
          rules={[
            { required: true, whitespace: true, message: '请输入表单名称' },
            { max: 60, message: '表单名称不能超过 60 个字' },
          ]}
        >
          <TextInput placeholder="如：学生请假申请" maxLength={60} showCount autoFocus />
        </Form.Item>
        <Form.Item name="category" label="分类" rules={[{ max: 30, message: '分类不能超过 30 个字' }]}>
          <AutoComplete
            placeholder="选择已有分类或输入新分类"
            maxLength={30}
            options={(categories.data ?? []).filter((c) => c.includes(category)).map((c) => ({ value: c }))}
          />
        </Form.Item>
        <Form.Item name="description" label="说明" rules={[{ max: 500, message: '说明不能超过 500 个字' }]}>
          <TextArea
            placeholder="填写人看到的表单说明（选填）"
            maxLength={500}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
          />
        </Form.Item>
        <Form.Item name="access" label="填写权限">
          <Radio.Group>
            <Radio value="public">公开（任何人凭链接可填写）</Radio>
            <Radio value="signedIn">登录后填写</Radio>
          </Radio.Group>
        </Form.Item>
      </Form>
    </Modal>
  );
}
