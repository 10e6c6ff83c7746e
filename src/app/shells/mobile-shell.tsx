import { useEffect, type CSSProperties } from 'react';
import { readablePrimary } from '@/core/ui/contrast';
import { Outlet } from 'react-router-dom';
import { DotLoading } from 'antd-mobile';
import { useSession } from '@/core/session/store';
import { getTheme } from '@/modules/org-config/api';
import { useCurrentRoute } from '../layouts/use-route-meta';
import '@/core/ui/antd-mobile-base';

/**
 * Root of every /mobile/* page: antd-mobile only (no antd desktop code), waits for the session
 * kept in IndexedDB, takes the organisation's theme colour and names the tab.
 */
export default function MobileShell() {
  const hydrated = useSession((st) => st.hydrated);
  const primary = useSession((st) => st.theme?.primaryColor);
  const route = useCurrentRoute();
  const siteTitle = useSession((st) => st.logoConfig?.front.title) || '智慧校园综合服务平台';

  useEffect(() => {
    void useSession.getState().hydrate();
    getTheme().then(
      (r) => useSession.getState().setTheme(r.data),
      () => undefined,
    );
  }, []);

  useEffect(() => {
    document.title = route?.meta.title ? `${route.meta.title} - ${siteTitle}` : siteTitle;
  }, [route, siteTitle]);

  if (!hydrated) {
    return (
      <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {/* DotLoading, not SpinLoading: the spinner's animation library (react-spring, ~18 KB gzip) would
            join every phone page's first load (issue 14) for the few milliseconds IndexedDB takes. */}
        <DotLoading color="primary" />
      </div>
    );
  }
  // the organisation's colour, darkened where text on it or in it would read below 4.5:1 (as on the desktop)
  const style = primary ? ({ '--adm-color-primary': readablePrimary(primary) } as CSSProperties) : undefined;
  return (
    <div style={style}>
      <Outlet />
    </div>
  );
}
