import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { Spin } from 'antd';
import { useSession } from '@/core/session/store';
import { getCommonConfig, getConfig, getTheme } from '@/modules/org-config/api';
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
    getTheme().then(
      (r) => useSession.getState().setTheme(r.data),
      () => undefined,
    );
    // The chosen platform (kept in IndexedDB, so known only once hydrated) keeps its own logo
    // config across a reload, refreshed from the server; otherwise the organisation's.
    void useSession
      .getState()
      .hydrate()
      .then(() => {
        const platform = useSession.getState().platform;
        return platform ? getConfig(platform.platform_id) : getCommonConfig();
      })
      .then(
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
