import type { HomeModule } from '@/modules/site-settings/contract';
import { isPhoneTarget, phoneLink } from '@/shared/approval-links';
import { iconForMenu, type TileView } from './contract';

/** Title of the phone home's group of homepage shortcuts. */
export const SHORTCUTS_GROUP_TITLE = '快捷入口';

/**
 * The platform's homepage shortcuts (site-settings shortcut and top-affair modules) as one
 * group of tiles, drawn after the layout's groups on the phone and in the preview: each opens its
 * page's phone page, and shortcuts to desktop pages without one are left out.
 */
export function shortcutsGroup(modules: readonly HomeModule[]): { title: string; tiles: TileView[] } {
  const tiles = modules
    .flatMap((m) => (m.kind === 'shortcuts' || m.kind === 'topAffairs' ? m.items : []))
    .map(
      (sc): TileView => ({
        kind: 'link',
        name: '',
        url: sc.url || sc.path,
        title: sc.title,
        icon: iconForMenu(sc.icon),
        badge: '',
        to: phoneLink(sc.url || sc.path),
      }),
    )
    // A shortcut to a desktop page without a phone page is not offered on the phone.
    .filter((t) => isPhoneTarget(t.to));
  return { title: SHORTCUTS_GROUP_TITLE, tiles };
}
