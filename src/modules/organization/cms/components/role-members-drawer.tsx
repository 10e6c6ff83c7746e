import { useEffect, useState } from 'react';
import { App, Button, Drawer, Popconfirm, Space, Table } from 'antd';
import { UserAddOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assignRoleUsers, unassignRoleUsers } from '@/modules/organization/api';
import type { RoleItem, UserPick } from '@/modules/organization/contract';
import { UserPickerModal } from './user-picker-modal';
import { userColumns } from './user-columns';
import { useUserPage } from './use-user-page';
import { SearchInput } from '@/core/ui/text-input';

/** The people holding a role: search, add through the user picker, remove the selected. */
export function RoleMembersDrawer({ role, onClose }: { role: RoleItem | null; onClose: () => void }) {
  const [selected, setSelected] = useState<number[]>([]);
  const [picking, setPicking] = useState(false);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const users = useUserPage({ roleId: role?.id }, role !== null);
  useEffect(() => setSelected([]), [role?.id]);

  const refresh = () => qc.invalidateQueries({ queryKey: ['organization'] });
  const add = useMutation({
    mutationFn: (ids: number[]) => assignRoleUsers({ roleId: role!.id, userIds: ids }),
    onSuccess: async (r) => {
      message.success(r.data.count ? `已添加 ${r.data.count} 名成员` : '所选用户已是该角色成员');
      setPicking(false);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => unassignRoleUsers({ roleId: role!.id, userIds: selected }),
    onSuccess: async (r) => {
      message.success(`已移除 ${r.data.count} 名成员`);
      setSelected([]);
      await refresh();
    },
  });

  return (
    <Drawer
      title={role ? `角色成员：${role.name}（${role.code}）` : ''}
      open={role !== null}
      onClose={onClose}
      size={960}
      extra={
        <Space>
          <Popconfirm
            title="移除成员"
            description={`确定从该角色移除所选的 ${selected.length} 名成员吗？`}
            okText="移除"
            cancelText="取消"
            okButtonProps={{ danger: true }}
            disabled={!selected.length}
            onConfirm={() => remove.mutateAsync()}
          >
            <Button danger icon={<UserDeleteOutlined />} disabled={!selected.length}>
              移除{selected.length ? `（${selected.length}）` : ''}
            </Button>
          </Popconfirm>
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setPicking(true)}>
            添加成员
          </Button>
        </Space>
      }
    >
      <SearchInput
        allowClear
        placeholder="用户名 / 姓名 / 学工号"
        onSearch={users.search}
        style={{ width: 320, marginBottom: 12 }}
      />
      <Table<UserPick>
        rowKey="id"
        size="middle"
        loading={users.q.isFetching}
        dataSource={users.q.data?.list ?? []}
        columns={userColumns}
        pagination={users.pagination}
        onChange={users.onPage}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
          preserveSelectedRowKeys: true,
        }}
        locale={{ emptyText: '该角色暂无成员' }}
      />
      <UserPickerModal
        open={picking}
        title={role ? `为“${role.name}”添加成员` : ''}
        confirmLoading={add.isPending}
        onCancel={() => setPicking(false)}
        onPick={(ids) => add.mutate(ids)}
      />
    </Drawer>
  );
}
