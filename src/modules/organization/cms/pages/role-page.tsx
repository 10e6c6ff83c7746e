import { useEffect, useState } from 'react';
import { App, Button, Card, Empty, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteRole, getAllRoleGroups } from '@/modules/organization/api';
import type { RoleItem } from '@/modules/organization/contract';
import { RoleFormModal } from '../components/role-form-modal';
import { RoleGroupList } from '../components/role-group-list';
import { RoleMembersDrawer } from '../components/role-members-drawer';
import s from './role-page.module.css';

/** /cms/systemSetting/role 角色管理: role groups on the left, the group's roles on the right, members in a drawer. */
export default function RolePage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const groups = useQuery({
    queryKey: ['organization', 'roleGroups'],
    queryFn: () => getAllRoleGroups().then((r) => r.data),
  });
  const [groupId, setGroupId] = useState<number | null>(null);
  const [form, setForm] = useState<{ role: RoleItem | null } | null>(null);
  const [membersOf, setMembersOf] = useState<number | null>(null);

  useEffect(() => {
    if (groupId === null && groups.data?.length) setGroupId(groups.data[0]!.id);
  }, [groupId, groups.data]);

  const group = groups.data?.find((g) => g.id === groupId) ?? null;
  const allRoles = groups.data?.flatMap((g) => g.roles) ?? [];
  const membersRole = allRoles.find((r) => r.id === membersOf) ?? null;

  const remove = useMutation({
    mutationFn: (id: number) => deleteRole(id),
    onSuccess: async () => {
      message.success('角色已删除');
      await qc.invalidateQueries({ queryKey: ['organization', 'roleGroups'] });
    },
  });

  return (
    <div className={s.page}>
      <Card title="角色组" loading={groups.isPending}>
        <RoleGroupList groups={groups.data ?? []} selectedId={groupId} onSelect={setGroupId} />
      </Card>
      <Card
        title={group ? `${group.name} · 角色` : '角色'}
        extra={
          <Button type="primary" icon={<PlusOutlined />} disabled={!group} onClick={() => setForm({ role: null })}>
            新增角色
          </Button>
        }
      >
        {!group && !groups.isPending ? (
          <Empty description="请先新增或选择角色组" />
        ) : (
          <Table<RoleItem>
            rowKey="id"
            loading={groups.isPending}
            dataSource={group?.roles ?? []}
            pagination={false}
            locale={{ emptyText: '该组暂无角色' }}
            columns={[
              {
                title: '角色名称',
                dataIndex: 'name',
                render: (v: string, r) => (
                  <Space>
                    {v}
                    {r.system && <Tag color="blue">系统</Tag>}
                  </Space>
                ),
              },
              {
                title: '角色编码',
                dataIndex: 'code',
                width: 220,
                render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
              },
              { title: '排序', dataIndex: 'sort', width: 90 },
              { title: '成员数', dataIndex: 'userCount', width: 110 },
              {
                title: '操作',
                key: 'actions',
                width: 220,
                render: (_, r) => (
                  <Space size={0}>
                    <Button type="link" onClick={() => setMembersOf(r.id)}>
                      成员
                    </Button>
                    <Button type="link" onClick={() => setForm({ role: r })}>
                      编辑
                    </Button>
                    <Popconfirm
                      title="删除角色"
                      description={`确定删除角色“${r.name}”吗？其菜单与平台授权一并移除。`}
                      okText="删除"
                      cancelText="取消"
                      okButtonProps={{ danger: true }}
                      disabled={r.system}
                      onConfirm={() => remove.mutateAsync(r.id)}
                    >
                      <Button type="link" danger disabled={r.system} title={r.system ? '系统角色不能删除' : undefined}>
                        删除
                      </Button>
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Card>
      <RoleFormModal
        open={form !== null}
        role={form?.role ?? null}
        groupId={groupId}
        groups={groups.data ?? []}
        onClose={() => setForm(null)}
      />
      <RoleMembersDrawer role={membersRole} onClose={() => setMembersOf(null)} />
    </div>
  );
}
