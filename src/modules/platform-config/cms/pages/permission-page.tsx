import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Card, Empty, Select, Skeleton, Space, Tree, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getMenuTree, getRoleMenus, listPlatforms, saveRoleMenus } from '@/modules/platform-config/api';
import type { MenuTreeNode } from '@/modules/platform-config/contract';
import { getAllRoleGroups } from '@/modules/organization/api';
import { MenuTreeEditor } from '../components/menu-tree-editor';
import { checkedLeaves, grantIds } from '../components/grant-ids';
import s from './permission-page.module.css';

const CMS = 'cms';

interface CheckItem {
  key: string;
  title: string;
  children: CheckItem[];
}
const toItems = (list: readonly MenuTreeNode[]): CheckItem[] =>
  list.map((n) => ({
    key: String(n.id),
    title: n.path ? n.title : `${n.title}（分组）`,
    children: toItems(n.children),
  }));

/**
 * /cms/systemSetting/permission: for a platform and a role, tick the menus the role grants.
 * The back-office menu belongs to every administrator: it can be arranged here, not granted.
 */
export default function PermissionPage() {
  const platforms = useQuery({
    queryKey: ['platform-config', 'platforms'],
    queryFn: () => listPlatforms().then((r) => r.data),
  });
  const groups = useQuery({
    queryKey: ['platform-config', 'role-groups'],
    queryFn: () => getAllRoleGroups().then((r) => r.data),
  });
  const [target, setTarget] = useState<number | typeof CMS | null>(null);
  const [roleId, setRoleId] = useState<number | null>(null);

  useEffect(() => {
    if (target === null && platforms.data?.length) setTarget(platforms.data[0]!.id);
  }, [platforms.data, target]);
  useEffect(() => {
    const first = groups.data?.flatMap((g) => g.roles)[0];
    if (roleId === null && first) setRoleId(first.id);
  }, [groups.data, roleId]);

  const platformOptions = [
    ...(platforms.data ?? []).map((p) => ({
      value: p.id,
      label: p.status === 'active' ? p.name : `${p.name}（已停用）`,
    })),
    { value: CMS, label: '管理后台菜单（所有管理员）' },
  ];
  const roleOptions = (groups.data ?? []).map((g) => ({
    label: g.name,
    options: g.roles.map((r) => ({ value: r.id, label: r.name })),
  }));

  return (
    <Card title="权限分配">
      <Space wrap className={s.filters}>
        <span>平台</span>
        <Select
          aria-label="平台"
          style={{ width: 260 }}
          value={target}
          onChange={setTarget}
          options={platformOptions}
          loading={platforms.isPending}
        />
        {target !== CMS && (
          <>
            <span>角色</span>
            <Select
              aria-label="角色"
              style={{ width: 220 }}
              value={roleId}
              onChange={setRoleId}
              options={roleOptions}
              loading={groups.isPending}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </>
        )}
      </Space>
      {target === CMS ? (
        <>
          <Alert
            type="info"
            showIcon
            className={s.notice}
            title="管理后台菜单属于所有管理员，不按管理员分配；可在此调整它的结构、顺序、标题和图标。"
          />
          <MenuTreeEditor scope="cms" />
        </>
      ) : target !== null && roleId !== null ? (
        <RoleGrants key={`${target}-${roleId}`} platformId={target} roleId={roleId} />
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
}

/** The check-box tree of one platform's menu for one role, with its save button. */
export function RoleGrants({ platformId, roleId }: { platformId: number; roleId: number }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const tree = useQuery({
    queryKey: ['platform-config', 'permission-tree', platformId],
    queryFn: () => getMenuTree({ scope: 'web', platformId }).then((r) => r.data),
  });
  const grants = useQuery({
    queryKey: ['platform-config', 'grants', platformId, roleId],
    queryFn: () => getRoleMenus({ platformId, roleId }).then((r) => r.data),
  });
  const [checked, setChecked] = useState<string[] | null>(null);
  const initial = useMemo(
    () => (tree.data && grants.data ? checkedLeaves(tree.data, grants.data).map(String) : null),
    [tree.data, grants.data],
  );
  const keys = checked ?? initial ?? [];

  const save = useMutation({
    mutationFn: () => saveRoleMenus({ platformId, roleId, menuIds: grantIds(tree.data ?? [], keys) }),
    onSuccess: async () => {
      message.success('权限已保存');
      setChecked(null);
      await qc.invalidateQueries({ queryKey: ['platform-config', 'grants', platformId, roleId] });
    },
  });

  if (tree.isPending || grants.isPending) return <Skeleton active />;
  return (
    <>
      <Alert
        type="info"
        showIcon
        className={s.notice}
        title="保存后，用户下次登录或切换平台时生效；服务端权限立即生效"
      />
      <div className={s.tree}>
        {tree.data?.length ? (
          <Tree
            checkable
            defaultExpandAll
            selectable={false}
            treeData={toItems(tree.data)}
            checkedKeys={keys}
            onCheck={(k) => setChecked((Array.isArray(k) ? k : k.checked).map(String))}
          />
        ) : (
          <Empty description="该平台还没有菜单，请先在平台配置中编辑菜单" />
        )}
      </div>
      <Space className={s.actions}>
        <Button
          type="primary"
          icon={<SaveOutlined />}
          loading={save.isPending}
          disabled={!tree.data?.length}
          onClick={() => save.mutate()}
        >
          保存权限
        </Button>
        <Typography.Text type="secondary">已选 {grantIds(tree.data ?? [], keys).length} 项（含分组）</Typography.Text>
      </Space>
    </>
  );
}
