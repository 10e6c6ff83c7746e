import { useMemo, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { App, Button, Dropdown, Layout, Menu, Tooltip } from 'antd';
import { QuestionCircleOutlined, SwapOutlined } from '@ant-design/icons';
import { platformEntryPath } from '@/core/guard/landing';
import { navigate as go } from '@/core/routing/navigate';
import { usePlatforms, useSession } from '@/core/session/store';
import type { PlatformMenus } from '@/shared/menus';
import { enterPlatform } from '@/modules/platform/api';
import { MessageBell } from '@/modules/messages/web/components/message-bell';
import { useFootprint } from '@/modules/user-center/ui';
import { SiteFooter } from './site-footer';
import { UserMenu } from './user-menu';
import { menuClick, menuSelection, toMenuItems, useOpenKeys } from './menu-items';
import { useCurrentRoute, useRouteMeta } from './use-route-meta';
import s from './layouts.module.css';

/** The user front end frame (/web): header with platform and user, the platform's menu as sider, footer. */
export function WebLayout() {
  const meta = useRouteMeta();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // 我的足迹: each signed-in page view, batched to the server.
  useFootprint(pathname, search, meta.title);
  const { message } = App.useApp();
  const logo = useSession((st) => st.logoConfig);
  const user = useSession((st) => st.userInfo);
  const platform = useSession((st) => st.platform);
  const platforms = usePlatforms();
  const [switching, setSwitching] = useState(false);

  const items = useMemo(() => toMenuItems(platform?.web ?? []), [platform]);
  const routeName = useCurrentRoute()?.name;
  const sel = useMemo(() => menuSelection(platform?.web ?? [], pathname, routeName), [platform, pathname, routeName]);
  const [openKeys, setOpenKeys] = useOpenKeys(sel.open);

  const switchTo = async (p: PlatformMenus) => {
    setSwitching(true);
    try {
      const chosen = await enterPlatform(p);
      go(platformEntryPath(chosen), { replace: true });
    } catch {
      message.error('切换平台失败，请稍后重试');
    } finally {
      setSwitching(false);
    }
  };

  const showSider = meta.showSider && !!platform && items.length > 0;

  return (
    <Layout className={s.frame}>
      {meta.showHeader && (
        <header className={s.topbar}>
          <Link to="/web" className={s.brand}>
            <img src={logo?.logo || '/logo.svg'} alt="" className={s.brandLogo} />
            <span className={s.brandTitle}>{logo?.front.title || '智慧校园综合服务平台'}</span>
          </Link>
          {platform && <span className={s.platformName}>{platform.platform_name}</span>}
          {platform && platforms.length > 1 && (
            <Dropdown
              trigger={['click']}
              menu={{
                selectable: true,
                selectedKeys: [String(platform.platform_id)],
                items: platforms.map((p) => ({ key: String(p.platform_id), label: p.platform_name })),
                onClick: ({ key }) => {
                  const p = platforms.find((x) => String(x.platform_id) === key);
                  if (p && p.platform_id !== platform.platform_id) void switchTo(p);
                },
              }}
            >
              <Button type="text" icon={<SwapOutlined />} loading={switching} className={s.switch}>
                切换平台
              </Button>
            </Dropdown>
          )}
          <div className={s.topbarRight}>
            <MessageBell />
            <Tooltip title="帮助中心">
              <Link
                to="/web/help/index"
                aria-label="帮助中心"
                style={{ color: 'rgba(0, 0, 0, 0.65)', fontSize: 18, lineHeight: 1 }}
              >
                <QuestionCircleOutlined />
              </Link>
            </Tooltip>
            {user ? (
              <UserMenu loginPath="/login" />
            ) : (
              <Button type="primary" onClick={() => navigate('/login')}>
                登录
              </Button>
            )}
          </div>
        </header>
      )}
      <Layout className={s.body}>
        {showSider && (
          <Layout.Sider width={220} theme="light" className={s.sider}>
            <Menu
              mode="inline"
              items={items}
              selectedKeys={sel.selected}
              openKeys={openKeys}
              onOpenChange={setOpenKeys}
              onClick={menuClick(navigate)}
            />
          </Layout.Sider>
        )}
        <Layout.Content className={s.webContent}>
          <Outlet />
        </Layout.Content>
      </Layout>
      {meta.showFoot && <SiteFooter />}
    </Layout>
  );
}
