import type { ReactNode } from 'react';
import type { LayoutTile, MobileIcon } from './contract';
import { MobileIconSvg } from './mobile-icons';
import s from './layout-view.module.css';

/** A tile's colour follows its icon, so a layout reads the same on every phone. */
const COLOURS: Record<MobileIcon, string> = {
  apps: '#1677ff',
  home: '#1677ff',
  form: '#13a8a8',
  approve: '#52c41a',
  task: '#fa8c16',
  message: '#2f54eb',
  notice: '#fa541c',
  calendar: '#eb2f96',
  schedule: '#722ed1',
  book: '#1677ff',
  score: '#faad14',
  library: '#13a8a8',
  user: '#2f54eb',
  team: '#722ed1',
  card: '#fa8c16',
  wallet: '#f5222d',
  chart: '#13a8a8',
  search: '#1677ff',
  help: '#52c41a',
  settings: '#595959',
  link: '#2f54eb',
  building: '#fa541c',
  dining: '#fa8c16',
  health: '#eb2f96',
};

/** The square behind a tile's icon (the back office's editor uses it too). */
export const tileColour = (icon: MobileIcon) => COLOURS[icon] ?? COLOURS.apps;

type ViewTile = Pick<LayoutTile, 'title' | 'icon' | 'badge'>;

/** The unread count as a badge shows it. */
export const badgeText = (n: number) => (n > 99 ? '99+' : String(n));

/**
 * The phone home's groups of tiles. The phone home and the back office's preview both draw
 * with this component, so the preview is what phones show. Empty groups are not drawn.
 */
export function LayoutView<T extends ViewTile>({
  groups,
  unread,
  onOpen,
}: {
  groups: readonly { title: string; tiles: readonly T[] }[];
  /** The caller's unread message count (tiles with badge 'messages'). */
  unread: number;
  onOpen?: (tile: T) => void;
}) {
  return (
    <>
      {groups
        .filter((g) => g.tiles.length > 0)
        .map((g, gi) => (
          <section key={`${g.title}-${gi}`} className={s.group} aria-label={g.title}>
            <h2 className={s.groupTitle}>{g.title}</h2>
            <div className={s.grid}>
              {g.tiles.map((t, ti) => {
                const count = t.badge === 'messages' && unread > 0 ? badgeText(unread) : null;
                return (
                  <button
                    key={`${t.title}-${ti}`}
                    type="button"
                    className={s.tile}
                    onClick={onOpen ? () => onOpen(t) : undefined}
                    aria-label={count ? `${t.title}，${unread} 条未读` : t.title}
                  >
                    <span className={s.icon} style={{ background: tileColour(t.icon) }} aria-hidden>
                      <MobileIconSvg name={t.icon} />
                      {count && <span className={s.badge}>{count}</span>}
                    </span>
                    <span className={s.title}>{t.title}</span>
                  </button>
                );
              })}
            </div>
          </section>
        ))}
    </>
  );
}

const BELL = <path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 2h-15zM10 20.5a2 2 0 0 0 4 0" />;

/**
 * The phone home's header: the platform's name, an optional action (the platform switch) and
 * the message bell with the unread count. Shared with the back office preview like the groups.
 */
export function PhoneHeader({
  title,
  unread,
  onMessages,
  action,
}: {
  title: string;
  unread: number;
  onMessages?: () => void;
  action?: ReactNode;
}) {
  return (
    <header className={s.header}>
      <h1 className={s.headerTitle}>{title}</h1>
      {action}
      <button
        type="button"
        className={s.bell}
        onClick={onMessages}
        aria-label={unread > 0 ? `消息，${unread} 条未读` : '消息'}
      >
        <svg
          width={24}
          height={24}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.8}
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden
          focusable="false"
        >
          {BELL}
        </svg>
        {unread > 0 && <span className={s.badge}>{badgeText(unread)}</span>}
      </button>
    </header>
  );
}
