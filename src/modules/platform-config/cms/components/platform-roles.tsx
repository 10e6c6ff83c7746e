import { useState } from 'react';
import { App, Button, Checkbox, Empty, Skeleton, Space, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getPlatformRoles, setPlatformRoles } from '@/modules/platform-config/api';
import { getAllRoleGroups } from '@/modules/organization/api';

/** The roles whose members belong to a platform: a check box per role, by role group. */
export function PlatformRoles({ platformId }: { platformId: number }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const groups = useQuery({
    queryKey: ['platform-config', 'role-groups'],
    queryFn: () => getAllRoleGroups().then((r) => r.data),
  });
  const assigned = useQuery({
    queryKey: ['platform-config', 'platform-roles', platformId],
    queryFn: () => getPlatformRoles(platformId).then((r) => r.data),
  });
  const [edited, setEdited] = useState<number[] | null>(null);
  const value = edited ?? assigned.data ?? [];
  const save = useMutation({
    mutationFn: () => setPlatformRoles({ platformId, roleIds: value }),
    onSuccess: async () => {
      message.success('平台角色已保存');
      setEdited(null);
      await qc.invalidateQueries({ queryKey: ['platform-config', 'platform-roles', platformId] });
      await qc.invalidateQueries({ queryKey: ['platform-config', 'platforms'] });
    },
  });
  if (groups.isPending || assigned.isPending) return <Skeleton active />;
  if (!groups.data?.length) return <Empty description="还没有角色" />;
  return (
    <div>
      <Typography.Paragraph type="secondary">
        拥有所选角色的用户可进入该平台；他们看到的菜单由“权限分配”决定。
      </Typography.Paragraph>
      <Checkbox.Group value={value} onChange={(v) => setEdited(v as number[])} style={{ display: 'block' }}>
        {groups.data.map((g) => (
          <div key={g.id} style={{ marginBottom: 16 }}>
            <Typography.Text strong>{g.name}</Typography.Text>
            <div style={{ marginTop: 8 }}>
              <Space wrap>
                {g.roles.map((r) => (
                  <Checkbox key={r.id} value={r.id}>
                    {r.name}
                  </Checkbox>
                ))}
              </Space>
            </div>
          </div>
        ))}
      </Checkbox.Group>
      <Button
        type="primary"
        icon={<SaveOutlined />}
        disabled={edited === null}
        loading={save.isPending}
        onClick={() => save.mutate()}
      >
        保存角色
      </Button>
    </div>
  );
}
