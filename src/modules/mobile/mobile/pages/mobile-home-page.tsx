import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, ErrorBlock, Grid } from 'antd-mobile';
import { usePlatforms, useSession } from '../../../../core/session/store';
import type { MenuNode } from '../../../../shared/menus';
import { signOut } from '../../../auth/api';
import { getHomeModules } from '../../../site-settings/api';
import type { Shortcut } from '../../../site-settings/contract';
import { MobileTabBar } from '../components/mobile-tab-bar';
import { PlatformPicker } from '../components/platform-picker';
import { Tile } from '../components/tile';
import { ADMIN_ON_PHONE } from '../mobile-landing';
import s from '../mobile.module.css';
import { afterSignOut } from '../sign-out';

/** The leaves of a menu tree (the pages a tap opens), in menu order. */
export function menuLeaves(nodes: readonly MenuNode[], into: MenuNode[] = []): MenuNode[] {
  for (const n of nodes) {
    if (n.children.length) menuLeaves(n.children, into);
    else if (n.path) into.push(n);
  }
  return into;
}

/** /mobile/home: the chosen platform's menu entries and its homepage shortcuts, as grids. */
export default function MobileHomePage() {
  const navigate = useNavigate();
  const isAdmin = useSession((st) => st.isAdmin);
  const platform = useSession((st) => st.platform);
  const hydrated = useSession((st) => st.hydrated);
  const platforms = usePlatforms();
  const [shortcuts, setShortcuts] = useState<Shortcut[]>([]);
  const [picking, setPicking] = useState(false);

  const entries = useMemo(() => (platform ? menuLeaves(platform.web) : []), [platform]);
  const platformId = platform?.platform_id;

  // The homepage shortcuts the administrator set for this platform (shortcut and top-affair modules).
  useEffect(() => {
    if (!platformId || isAdmin) return;
    let live = true;
    getHomeModules(String(platformId), { silent: true }).then((r) => {
      if (!live) return;
      setShortcuts(r.data.modules.flatMap((m) => (m.kind === 'shortcuts' || m.kind === 'topAffairs' ? m.items : [])));
    }, () => live && setShortcuts([]));
    return () => {
      live = false;
    };
  }, [platformId, isAdmin]);

  const needsPlatform = hydrated && !isAdmin && !platform && platforms.length > 1;
  const openShortcut = (sc: Shortcut) => {
    if (sc.url) window.location.assign(sc.url);
    else if (sc.path) navigate(sc.path);
  };

  if (isAdmin) {
    return (
      <div className={s.page}>
        <ErrorBlock status="default" title={ADMIN_ON_PHONE} description="请使用电脑浏览器打开管理后台" />
        <div className={s.actions}>
          <Button block color="primary" onClick={() => void signOut().then((t) => afterSignOut(t, navigate))}>退出登录</Button>
        </div>
      </div>
    );
  }

  return (
    <div className={`${s.page} ${s.withTabs}`}>
      <header className={`${s.header} ${s.headerRow}`}>
        <h1 className={s.headerTitle}>{platform?.platform_name ?? '首页'}</h1>
        {platforms.length > 1 && (
          <button type="button" className={s.headerAction} onClick={() => setPicking(true)}>切换平台</button>
        )}
      </header>

      {shortcuts.length > 0 && (
        <section className={s.section} aria-label="快捷入口">
          <h2 className={s.sectionTitle}>快捷入口</h2>
          <Grid columns={4} gap={4}>
            {shortcuts.map((sc, i) => (
              <Grid.Item key={`${sc.title}-${i}`}>
                <Tile title={sc.title} onOpen={() => openShortcut(sc)} />
              </Grid.Item>
            ))}
          </Grid>
        </section>
      )}

      <section className={s.section} aria-label="应用">
        <h2 className={s.sectionTitle}>应用</h2>
        {entries.length ? (
          <Grid columns={4} gap={4}>
            {entries.map((n) => (
              <Grid.Item key={n.name}>
                <Tile title={n.title || n.name} onOpen={() => navigate(n.path)} />
              </Grid.Item>
            ))}
          </Grid>
        ) : (
          <ErrorBlock status="empty" title="暂无应用" description={needsPlatform ? '请先选择平台' : '当前平台没有可用的菜单'} />
        )}
      </section>

      <PlatformPicker
        visible={needsPlatform || picking}
        closable={!needsPlatform}
        platforms={platforms}
        onClose={() => setPicking(false)}
        onEntered={() => setPicking(false)}
      />
      <MobileTabBar />
    </div>
  );
}
