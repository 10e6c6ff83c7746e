import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Button, ErrorBlock, SpinLoading } from 'antd-mobile';
import { usePlatforms, useSession } from '@/core/session/store';
import { signOut } from '@/core/session/sign-out';
import { messageCount } from '@/modules/messages/api';
import { MESSAGE_COUNT_REFRESH_MS } from '@/modules/messages/contract';
import { getMobileLayout } from '@/modules/mobile-layout/api';
import type { TileView } from '@/modules/mobile-layout/contract';
import { LayoutView, PhoneHeader, shortcutsGroup } from '@/modules/mobile-layout/ui';
import { getHomeModules } from '@/modules/site-settings/api';
import { MobileTabBar } from '../components/mobile-tab-bar';
import { PlatformPicker } from '../components/platform-picker';
import { ADMIN_ON_PHONE } from '../mobile-landing';
import s from '../mobile.module.css';
import { afterSignOut } from '../sign-out';
import { MobileSearchBar } from '@/core/ui/mobile-text-input';

/**
 * /mobile/home: the chosen platform's phone home as the back office's mobile layout composes it
 * (groups of tiles, the unread badge), then the platform's homepage shortcuts.
 */
export default function MobileHomePage() {
  const navigate = useNavigate();
  const isAdmin = useSession((st) => st.isAdmin);
  const platform = useSession((st) => st.platform);
  const hydrated = useSession((st) => st.hydrated);
  const platforms = usePlatforms();
  const [picking, setPicking] = useState(false);
  const platformId = platform?.platform_id ?? null;
  const ready = platformId !== null && !isAdmin;

  // Silent: the phone shows its own error state instead of the desktop toast and session actions.
  const layout = useQuery({
    queryKey: ['mobile-layout', 'phone', platformId],
    queryFn: () => getMobileLayout(platformId!, { silent: true }).then((r) => r.data),
    enabled: ready,
  });
  const shortcuts = useQuery({
    queryKey: ['mobile-home', 'shortcuts', platformId],
    queryFn: () => getHomeModules(String(platformId), { silent: true }).then((r) => shortcutsGroup(r.data.modules)),
    enabled: ready,
  });
  // The same key as the message pages: reading a message there updates the badge here.
  const unread = useQuery({
    queryKey: ['messages', 'count'],
    queryFn: () => messageCount({ silent: true }).then((r) => r.data.unread),
    enabled: !isAdmin && hydrated,
    refetchInterval: MESSAGE_COUNT_REFRESH_MS,
    refetchOnWindowFocus: true,
  });

  const needsPlatform = hydrated && !isAdmin && !platform && platforms.length > 1;
  const open = (tile: TileView) => {
    if (/^https?:\/\//.test(tile.to)) window.location.assign(tile.to);
    else navigate(tile.to);
  };

  if (isAdmin) {
    return (
      <div className={s.page}>
        <ErrorBlock status="default" title={ADMIN_ON_PHONE} description="请使用电脑浏览器打开管理后台" />
        <div className={s.actions}>
          <Button block color="primary" onClick={() => void signOut().then((t) => afterSignOut(t, navigate))}>
            退出登录
          </Button>
        </div>
      </div>
    );
  }

  const groups = [...(layout.data?.groups ?? []), ...(shortcuts.data ? [shortcuts.data] : [])];
  const hasTiles = groups.some((g) => g.tiles.length > 0);

  return (
    <div className={`${s.page} ${s.withTabs}`}>
      <PhoneHeader
        title={platform?.platform_name ?? '首页'}
        unread={unread.data ?? 0}
        onMessages={() => navigate('/mobile/messages')}
        action={
          platforms.length > 1 ? (
            <button type="button" className={s.headerAction} onClick={() => setPicking(true)}>
              切换平台
            </button>
          ) : undefined
        }
      />
      {/* The portal search on the phone (/mobile/search): a tap opens it. */}
      <div className={s.searchEntry}>
        <MobileSearchBar
          placeholder="搜索办事事项、通知、常见问题"
          aria-label="搜索"
          onFocus={(e) => {
            e.currentTarget.blur();
            navigate('/mobile/search');
          }}
        />
      </div>

      {layout.isError ? (
        <ErrorBlock status="default" title="应用加载失败" description="请检查网络后重试">
          <Button color="primary" onClick={() => void layout.refetch()}>
            重新加载
          </Button>
        </ErrorBlock>
      ) : ready && layout.isPending ? (
        <div className={s.loading}>
          <SpinLoading />
        </div>
      ) : hasTiles ? (
        <LayoutView groups={groups} unread={unread.data ?? 0} onOpen={open} />
      ) : (
        <ErrorBlock
          status="empty"
          title="暂无应用"
          description={needsPlatform ? '请先选择平台' : '当前平台没有可用的应用'}
        />
      )}

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
