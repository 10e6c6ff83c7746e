import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { Spin } from 'antd';
import { useSession } from '@/core/session/store';
import { getCommonConfig, getTheme } from '@/modules/org-config/api';
import { useCurrentRoute } from '../layouts/use-route-meta';

/**
 * Root of every desktop route: waits for the session kept in IndexedDB (menus, platform) so the
 * guard and the menus see it, loads the organisation's theme and logo once, and names the tab.
 */
export function DesktopShell() {
  const hydrated = useSession((st) => st.hydrated);
  const route = useCurrentRoute();
  const siteTitle = useSession((st) => st.logoConfig?.front.title) || '智慧校园综合服务平台';

  useEffect(() => {
    void useSession.getState().hydrate();
    getTheme().then(
      (r) => useSession.getState().setTheme(r.data),
      () => undefined,
    );
    // a chosen platform keeps its own logo config; otherwise take the organisation's
    if (!useSession.getState().platform)
      getCommonConfig().then(
        (r) => useSession.getState().setLogoConfig(r.data),
        () => undefined,
      );
  }, []);

  useEffect(() => {
    document.title = route?.meta.title ? `${route.meta.title} - ${siteTitle}` : siteTitle;
  }, [route, siteTitle]);

  if (!hydrated) return <Spin fullscreen size="large" />;
  return <Outlet />;
}
