import { useEffect } from 'react';
import { App, Form, InputNumber, Modal, Select } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createRole, updateRole } from '@/modules/organization/api';
import type { RoleGroupWithRoles, RoleItem } from '@/modules/organization/contract';
import { applyFieldError } from './field-error';
import { nameRules, roleCodeRules } from './rules';
import { TextInput } from '@/core/ui/text-input';

interface Values {
  groupId: number;
  code: string;
  name: string;
  sort?: number | null;
}

/** Create a role in a group, or edit one (a system role keeps its code). */
export function RoleFormModal({
  open,
  role,
  groupId,
  groups,
  onClose,
}: {
  open: boolean;
  role: RoleItem | null;
  groupId: number | null;
  groups: RoleGroupWithRoles[];
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const qc = useQueryClient();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      role
        ? { groupId: role.groupId ?? undefined, code: role.code, name: role.name, sort: role.sort }
        : { groupId: groupId ?? undefined },
    );
  }, [open, role, groupId, form]);

  const save = useMutation({
    mutationFn: async (v: Values): Promise<void> => {
      if (role)
        await updateRole({ id: role.id, groupId: v.groupId, code: v.code, name: v.name, sort: v.sort ?? role.sort });
      else
        await createRole({
          groupId: v.groupId,
          code: v.code,
          name: v.name,
          ...(v.sort != null ? { sort: v.sort } : {}),
        });
    },
    onSuccess: async () => {
      message.success(role ? '角色已保存' : '角色已创建');
      onClose();
      await qc.invalidateQueries({ queryKey: ['organization', 'roleGroups'] });
    },
    onError: (e) => applyFieldError(form, e),
  });

  return (
    <Modal
      title={role ? `编辑角色“${role.name}”` : '新增角色'}
      open={open}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() =>
        form.validateFields().then(
          (v) => save.mutate(v),
          () => undefined,
        )
      }
      forceRender
    >
      <Form form={form} layout="vertical" name="role-form">
        <Form.Item name="groupId" label="所属角色组" rules={[{ required: true, message: '请选择角色组' }]}>
          <Select placeholder="请选择角色组" options={groups.map((g) => ({ value: g.id, label: g.name }))} />
        </Form.Item>
        <Form.Item
          name="code"
          label="角色编码"
          rules={roleCodeRules}
          extra={role?.system ? '系统角色的编码不能修改' : '小写字母开头，如 counsellor'}
        >
          <TextInput maxLength={32} disabled={role?.system} placeholder="如：lab_keeper" />
        </Form.Item>
        <Form.Item name="name" label="角色名称" rules={nameRules('角色名称')}>
          <TextInput maxLength={64} placeholder="如：实验室管理员" />
        </Form.Item>
        <Form.Item name="sort" label="排序" extra={role ? undefined : '留空则排在组内最后'}>
          <InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
