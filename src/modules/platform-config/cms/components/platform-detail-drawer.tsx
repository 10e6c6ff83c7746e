import { Drawer, Tabs } from 'antd';
import type { PlatformSummary } from '@/modules/platform-config/contract';
import { MenuTreeEditor } from './menu-tree-editor';
import { PlatformMembers } from './platform-members';
import { PlatformRoles } from './platform-roles';

export type DetailTab = 'members' | 'roles' | 'menu';

/** One platform's members, roles and menu tree, in tabs. */
export function PlatformDetailDrawer({
  platform,
  tab,
  onTab,
  onClose,
}: {
  platform: PlatformSummary | null;
  tab: DetailTab;
  onTab: (t: DetailTab) => void;
  onClose: () => void;
}) {
  return (
    <Drawer title={platform?.name} open={!!platform} size={1000} onClose={onClose} destroyOnHidden>
      {platform && (
        <Tabs
          activeKey={tab}
          onChange={(k) => onTab(k as DetailTab)}
          destroyOnHidden
          items={[
            {
              key: 'members',
              label: `成员（${platform.userCount}）`,
              children: <PlatformMembers platformId={platform.id} />,
            },
            {
              key: 'roles',
              label: `角色（${platform.roleCount}）`,
              children: <PlatformRoles platformId={platform.id} />,
            },
            { key: 'menu', label: '菜单', children: <MenuTreeEditor scope="web" platformId={platform.id} /> },
          ]}
        />
      )}
    </Drawer>
  );
}
