import { App, Form, Modal } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createDepartment } from '@/modules/organization/api';
import type { DepartmentKind } from '@/modules/organization/contract';
import { DepartmentFormFields } from './department-form-fields';
import { applyFieldError } from './field-error';

interface Values {
  name: string;
  code: string;
  kind: DepartmentKind;
  sort?: number | null;
}

/** A new department under `parent` (or at the top level). */
export function DepartmentCreateModal({
  parent,
  open,
  onClose,
  onCreated,
}: {
  parent: { id: number; name: string } | null;
  open: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const save = useMutation({
    mutationFn: (v: Values) =>
      createDepartment({
        name: v.name,
        code: v.code,
        kind: v.kind,
        parentId: parent?.id ?? null,
        ...(v.sort != null ? { sort: v.sort } : {}),
      }),
    onSuccess: async (r) => {
      message.success('部门已创建');
      await qc.invalidateQueries({ queryKey: ['organization'] });
      form.resetFields();
      onCreated(r.data.id);
    },
    onError: (e) => applyFieldError(form, e),
  });
  return (
    <Modal
      title={parent ? `新增“${parent.name}”的下级部门` : '新增顶层部门'}
      open={open}
      okText="创建"
      cancelText="取消"
      confirmLoading={save.isPending}
      onOk={() =>
        form.validateFields().then(
          (v) => save.mutate(v),
          () => undefined,
        )
      }
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        name="department-create-modal"
        form={form}
        layout="vertical"
        initialValues={{ kind: 'office' }}
        preserve={false}
      >
        <DepartmentFormFields sortRequired={false} />
      </Form>
    </Modal>
  );
}
