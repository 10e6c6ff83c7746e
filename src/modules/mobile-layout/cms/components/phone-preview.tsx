import { LayoutView, PhoneHeader } from '@/modules/mobile-layout/layout-view';
import type { LayoutTile } from '@/modules/mobile-layout/contract';
import s from './layout-editor.module.css';

/**
 * The phone home at phone size (360×740, or 740×360 turned), drawn by the same components
 * as the phone: header, the layout's groups, the homepage shortcuts, the tab bar.
 */
export function PhonePreview({
  title,
  groups,
  shortcuts,
  unread,
  landscape,
}: {
  title: string;
  groups: readonly { title: string; tiles: readonly Pick<LayoutTile, 'title' | 'icon' | 'badge'>[] }[];
  shortcuts: { title: string; tiles: readonly Pick<LayoutTile, 'title' | 'icon' | 'badge'>[] };
  unread: number;
  landscape: boolean;
}) {
  const empty = !groups.some((g) => g.tiles.length > 0);
  return (
    <div className={`${s.phone} ${landscape ? s.phoneLandscape : ''}`} aria-label="手机预览" role="region">
      <div className={s.screen}>
        <PhoneHeader title={title} unread={unread} />
        {empty && <p className={s.previewEmpty}>暂无应用</p>}
        <LayoutView groups={[...groups, shortcuts]} unread={unread} />
      </div>
      <div className={s.tabBar} aria-hidden>
        <span className={s.tabActive}>首页</span>
        <span>我的</span>
      </div>
    </div>
  );
}
