import { useMemo, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Breadcrumb, Layout, Menu } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useSession } from '@/core/session/store';
import { UserMenu } from './user-menu';
import { menuClick, menuSelection, toMenuItems, useOpenKeys } from './menu-items';
import { useCurrentRoute, useRouteMeta } from './use-route-meta';
import s from './layouts.module.css';

/** The back office frame (/cms): dark sider with the cms menu, a header with the page and the administrator. */
export function CmsLayout() {
  const meta = useRouteMeta();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const logo = useSession((st) => st.logoConfig);
  const cms = useSession((st) => st.menus?.cms);
  const [collapsed, setCollapsed] = useState(false);
  const items = useMemo(() => toMenuItems(cms ?? []), [cms]);
  const routeName = useCurrentRoute()?.name;
  const sel = useMemo(() => menuSelection(cms ?? [], pathname, routeName), [cms, pathname, routeName]);
  const [openKeys, setOpenKeys] = useOpenKeys(sel.open);
  const title = logo?.backend.title || '综合服务平台管理后台';

  const brand = (
    <Link to="/cms/home/index" className={s.cmsBrand} title={title}>
      <img src={logo?.icon || logo?.logo || '/logo.svg'} alt="" className={s.cmsLogo} />
      <span className={s.cmsTitle}>{title}</span>
    </Link>
  );

  // The title sits in the full-width header (as ant-design-pro's mixed layout does), on one line:
  // the sider's 248 px made a school's title wrap onto two lines; narrower windows cut it short
  // with an ellipsis (the full title in its tooltip).
  return (
    <Layout className={s.frame}>
      {meta.showHeader && (
        <header className={s.cmsHeader}>
          {brand}
          {meta.showSider && (
            <button
              type="button"
              className={s.collapse}
              onClick={() => setCollapsed((c) => !c)}
              aria-label={collapsed ? '展开菜单' : '收起菜单'}
              aria-expanded={!collapsed}
            >
              {collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            </button>
          )}
          <Breadcrumb className={s.cmsCrumbs} items={[{ title: '管理后台' }, { title: meta.title }]} />
          <div className={s.topbarRight}>
            <UserMenu loginPath="/loginAdmin" />
          </div>
        </header>
      )}
      <Layout hasSider className={s.body}>
        {meta.showSider && (
          <Layout.Sider
            width={248}
            theme="dark"
            collapsible
            collapsed={collapsed}
            trigger={null}
            className={s.cmsSider}
          >
            {!meta.showHeader && brand}
            <nav aria-label="管理后台菜单">
              <Menu
                theme="dark"
                mode="inline"
                items={items}
                selectedKeys={sel.selected}
                openKeys={collapsed ? undefined : openKeys}
                onOpenChange={setOpenKeys}
                onClick={menuClick(navigate)}
              />
            </nav>
          </Layout.Sider>
        )}
        <Layout.Content className={s.cmsContent}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
