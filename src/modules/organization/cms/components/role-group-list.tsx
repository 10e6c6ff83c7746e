import { useState } from 'react';
import { TextButton } from '@/core/ui/text-button';
import { App, Button, Form, InputNumber, Modal, Popconfirm, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createRoleGroup, deleteRoleGroup, updateRoleGroup } from '@/modules/organization/api';
import type { RoleGroupWithRoles } from '@/modules/organization/contract';
import { applyFieldError } from './field-error';
import { nameRules } from './rules';
import s from './role-group-list.module.css';
import { TextInput } from '@/core/ui/text-input';

interface Values {
  name: string;
  sort?: number | null;
}

/** Role groups: pick one, add, rename, delete (an empty group only). */
export function RoleGroupList({
  groups,
  selectedId,
  onSelect,
}: {
  groups: RoleGroupWithRoles[];
  selectedId: number | null;
  onSelect: (id: number | null) => void;
}) {
  const [editing, setEditing] = useState<RoleGroupWithRoles | 'new' | null>(null);
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const done = async (text: string) => {
    message.success(text);
    setEditing(null);
    await qc.invalidateQueries({ queryKey: ['organization', 'roleGroups'] });
  };
  const save = useMutation({
    mutationFn: async (v: Values): Promise<void> => {
      const sort = v.sort ?? undefined;
      if (editing === 'new' || editing === null) onSelect((await createRoleGroup({ name: v.name, sort })).data.id);
      else await updateRoleGroup({ id: editing.id, name: v.name, sort });
    },
    onSuccess: () => done(editing === 'new' ? '角色组已创建' : '角色组已保存'),
    onError: (e) => applyFieldError(form, e),
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteRoleGroup(id),
    onSuccess: async (_, id) => {
      if (id === selectedId) onSelect(null);
      await done('角色组已删除');
    },
  });

  return (
    <>
      <Button
        block
        type="dashed"
        icon={<PlusOutlined />}
        onClick={() => {
          form.resetFields();
          setEditing('new');
        }}
        className={s.add}
      >
        新增角色组
      </Button>
      {/* each group's name is its button (pressed when chosen); rename and delete sit beside it */}
      <ul className={s.list} aria-label="角色组">
        {groups.map((g) => (
          <li
            key={g.id}
            className={g.id === selectedId ? `${s.item} ${s.active}` : s.item}
            onClick={() => onSelect(g.id)}
          >
            <TextButton pressed={g.id === selectedId} onClick={() => onSelect(g.id)} className={s.name}>
              {g.name}
            </TextButton>
            <span className={s.count}>{g.roles.length} 个角色</span>
            <span className={s.actions} onClick={(e) => e.stopPropagation()}>
              <Tooltip title="重命名">
                <Button
                  size="small"
                  type="text"
                  icon={<EditOutlined />}
                  aria-label={`重命名${g.name}`}
                  onClick={() => {
                    form.setFieldsValue({ name: g.name, sort: g.sort });
                    setEditing(g);
                  }}
                />
              </Tooltip>
              <Popconfirm
                title="删除角色组"
                description={
                  g.roles.length
                    ? `该角色组下仍有 ${g.roles.length} 个角色，请先删除或移走角色`
                    : `确定删除“${g.name}”吗？`
                }
                okText="删除"
                cancelText="取消"
                okButtonProps={{ danger: true, disabled: g.roles.length > 0 }}
                onConfirm={() => remove.mutateAsync(g.id)}
              >
                <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`删除${g.name}`} />
              </Popconfirm>
            </span>
          </li>
        ))}
      </ul>
      <Modal
        title={editing === 'new' ? '新增角色组' : '编辑角色组'}
        open={editing !== null}
        okText="保存"
        cancelText="取消"
        confirmLoading={save.isPending}
        onCancel={() => setEditing(null)}
        onOk={() =>
          form.validateFields().then(
            (v) => save.mutate(v),
            () => undefined,
          )
        }
      >
        <Form name="role-group-list" form={form} layout="vertical">
          <Form.Item name="name" label="角色组名称" rules={nameRules('角色组名称')}>
            <TextInput maxLength={64} placeholder="如：教职工" />
          </Form.Item>
          <Form.Item name="sort" label="排序" extra="留空则排在最后">
            <InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
