import { TabBar } from 'antd-mobile';
import { AppOutline, UserOutline } from 'antd-mobile-icons';
import { useLocation, useNavigate } from 'react-router-dom';
import s from '../mobile.module.css';

const TABS = [
  { key: '/mobile/home', title: '首页', icon: <AppOutline /> },
  { key: '/mobile/me', title: '我的', icon: <UserOutline /> },
];

/** The phone's bottom tabs: 首页 / 我的. */
export function MobileTabBar() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <nav className={s.tabBar} aria-label="底部导航">
      <TabBar activeKey={pathname} onChange={(key) => navigate(key)} safeArea>
        {TABS.map((t) => (
          <TabBar.Item key={t.key} title={t.title} icon={t.icon} />
        ))}
      </TabBar>
    </nav>
  );
}
