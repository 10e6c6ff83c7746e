import { Form, Modal } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { TextInput } from '@/core/ui/text-input';
import { createProcess } from '@/modules/workflow/api';
import { FormSelect } from './form-select';

interface Values {
  name: string;
  formId: number;
}

/** 新建流程: a name and the form it binds to; the server starts it as 发起 → 部门负责人审批 → 结束. */
export function ProcessCreateModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const [form] = Form.useForm<Values>();
  const create = useMutation({
    mutationFn: (v: Values) => createProcess({ name: v.name.trim(), formId: v.formId }).then((r) => r.data.id),
    onSuccess: (id) => {
      form.resetFields();
      onCreated(id);
    },
  });
  return (
    <Modal
      title="新建流程"
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
      <Form name="process-create" form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="name"
          label="流程名称"
          rules={[
            { required: true, whitespace: true, message: '请输入流程名称' },
            { max: 60, message: '流程名称不能超过 60 个字' },
          ]}
        >
          <TextInput placeholder="如：学生请假审批" maxLength={60} showCount autoFocus />
        </Form.Item>
        <Form.Item
          name="formId"
          label="绑定表单"
          rules={[{ required: true, message: '请选择流程绑定的表单' }]}
          extra="提交这个表单即发起流程；条件分支和字段权限使用它的字段"
        >
          <FormSelect aria-label="绑定表单" placeholder="输入表单名称搜索" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
