import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Button, Layout } from 'antd';
import { landingPath } from '@/core/guard/landing';
import { useSession } from '@/core/session/store';
import { SiteFooter } from './site-footer';
import { useRouteMeta } from './use-route-meta';
import s from './layouts.module.css';

/** The public visitor frame: logo and title, the 首页 nav, sign-in or the user's way back in. */
export function VisitorLayout() {
  const meta = useRouteMeta();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const logo = useSession((st) => st.logoConfig);
  const user = useSession((st) => st.userInfo);
  const enter = () => {
    const st = useSession.getState();
    navigate(
      landingPath({
        isAdmin: st.isAdmin,
        platforms: st.menus?.plant_front ?? [],
        chosen: st.platform,
        redirect: '',
        to: '',
      }),
    );
  };

  return (
    <Layout className={s.frame}>
      {meta.showHeader && (
        <header className={s.topbar}>
          <Link to="/home/index" className={s.brand}>
            <img src={logo?.logo || '/logo.svg'} alt="" className={s.brandLogo} />
            <span className={s.brandTitle}>{logo?.front.title || '智慧校园综合服务平台'}</span>
          </Link>
          <nav className={s.nav}>
            <Link to="/home/index" className={pathname === '/home/index' ? `${s.navItem} ${s.navActive}` : s.navItem}>
              首页
            </Link>
          </nav>
          <div className={s.topbarRight}>
            {user ? (
              <Button type="primary" ghost onClick={enter}>
                {user.real_name || user.username} · 进入系统
              </Button>
            ) : (
              <Button type="primary" onClick={() => navigate('/login')}>
                登录
              </Button>
            )}
          </div>
        </header>
      )}
      <Layout.Content className={s.visitorContent}>
        <Outlet />
      </Layout.Content>
      {meta.showFoot && <SiteFooter />}
    </Layout>
  );
}
