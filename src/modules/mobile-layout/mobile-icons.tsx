import type { ReactNode } from 'react';
import { MOBILE_ICONS, type MobileIcon } from './contract';

/**
 * The phone tiles' icons as small inline SVGs (24×24 line drawings in currentColor): no icon
 * kit, so the phone pages (antd-mobile) and the back office (antd) draw exactly the same ones.
 */
const PATHS: Record<MobileIcon, ReactNode> = {
  apps: (
    <>
      <rect x="4" y="4" width="6.5" height="6.5" rx="1.5" />
      <rect x="13.5" y="4" width="6.5" height="6.5" rx="1.5" />
      <rect x="4" y="13.5" width="6.5" height="6.5" rx="1.5" />
      <rect x="13.5" y="13.5" width="6.5" height="6.5" rx="1.5" />
    </>
  ),
  home: (
    <>
      <path d="M3.5 11 12 4l8.5 7" />
      <path d="M6 9.5V20h12V9.5" />
      <path d="M10 20v-5.5h4V20" />
    </>
  ),
  form: (
    <>
      <rect x="5" y="3.5" width="14" height="17" rx="2" />
      <path d="M8.5 8h7M8.5 12h7M8.5 16h4" />
    </>
  ),
  approve: (
    <>
      <path d="M14 3.5H7a2 2 0 0 0-2 2v13a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8.5z" />
      <path d="M14 3.5v5h5" />
      <path d="m8.5 14 2.5 2.5 4.5-5" />
    </>
  ),
  task: (
    <>
      <rect x="5" y="4.5" width="14" height="16" rx="2" />
      <path d="M9 3v3h6V3" />
      <path d="M8.5 11h7M8.5 15h5" />
    </>
  ),
  message: (
    <>
      <path d="M4 5.5h16v10.5H10l-4.5 3.5V16H4z" />
      <path d="M8 9.5h8M8 12.5h5" />
    </>
  ),
  notice: (
    <>
      <path d="M4 10v4h3l6 4.5v-13L7 10z" />
      <path d="M16.5 9a4 4 0 0 1 0 6M18.5 6.5a7.5 7.5 0 0 1 0 11" />
    </>
  ),
  calendar: (
    <>
      <rect x="4" y="5.5" width="16" height="15" rx="2" />
      <path d="M4 10h16M8.5 3.5v4M15.5 3.5v4" />
      <path d="M8 14h2M14 14h2M8 17h2" />
    </>
  ),
  schedule: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </>
  ),
  book: (
    <>
      <path d="M4 5.5c3-1 5.5-1 8 .8v13.2c-2.5-1.8-5-1.8-8-.8z" />
      <path d="M20 5.5c-3-1-5.5-1-8 .8v13.2c2.5-1.8 5-1.8 8-.8z" />
    </>
  ),
  score: (
    <>
      <path d="m12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.8-5.2 2.8 1-5.8-4.3-4.1 5.9-.9z" />
    </>
  ),
  library: (
    <>
      <path d="M4 20h16" />
      <path d="M6 17V9M10 17V9M14 17V9M18 17V9" />
      <path d="M3.5 7 12 3.5 20.5 7z" />
    </>
  ),
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4.5 20.5c.8-4 3.8-6 7.5-6s6.7 2 7.5 6" />
    </>
  ),
  team: (
    <>
      <circle cx="9" cy="8.5" r="3.5" />
      <path d="M2.5 19.5c.6-3.4 3-5.2 6.5-5.2s5.9 1.8 6.5 5.2" />
      <path d="M15.5 5.3a3.5 3.5 0 0 1 0 6.4M17.5 14.6c2.2.6 3.6 2.2 4 4.9" />
    </>
  ),
  card: (
    <>
      <rect x="3" y="5.5" width="18" height="13" rx="2" />
      <path d="M3 10h18M7 15h4" />
    </>
  ),
  wallet: (
    <>
      <path d="M4 7.5h15a1.5 1.5 0 0 1 1.5 1.5v9.5A1.5 1.5 0 0 1 19 20H5.5A1.5 1.5 0 0 1 4 18.5z" />
      <path d="M4 7.5 15.5 4v3.5" />
      <path d="M16 13.5h1.5" />
    </>
  ),
  chart: (
    <>
      <path d="M4 4v16h16" />
      <path d="M8 16v-4M12 16V8M16 16v-6" />
    </>
  ),
  search: (
    <>
      <circle cx="10.5" cy="10.5" r="6" />
      <path d="m15 15 5 5" />
    </>
  ),
  help: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M9.6 9.5a2.5 2.5 0 1 1 3.4 2.3c-.7.3-1 .8-1 1.5v.7" />
      <path d="M12 17h.01" />
    </>
  ),
  settings: (
    <>
      <circle cx="12" cy="12" r="3" />
      <path d="M12 3.5v2.5M12 18v2.5M3.5 12H6M18 12h2.5M6 6l1.8 1.8M16.2 16.2 18 18M6 18l1.8-1.8M16.2 7.8 18 6" />
    </>
  ),
  link: (
    <>
      <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1.2 1.2" />
      <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1.2-1.2" />
    </>
  ),
  building: (
    <>
      <rect x="5" y="3.5" width="14" height="17" rx="1" />
      <path d="M9 7.5h2M13 7.5h2M9 11h2M13 11h2M9 14.5h2M13 14.5h2" />
      <path d="M10.5 20.5v-3h3v3" />
    </>
  ),
  dining: (
    <>
      <path d="M7 3.5v17M4.5 3.5v5a2.5 2.5 0 0 0 5 0v-5" />
      <path d="M17 20.5v-17c-2 0-3.5 2-3.5 5.5v4H17" />
    </>
  ),
  health: (
    <>
      <path d="M12 20s-7.5-4.6-7.5-10A4.2 4.2 0 0 1 12 7.5 4.2 4.2 0 0 1 19.5 10c0 5.4-7.5 10-7.5 10z" />
      <path d="M9.5 12.5h5M12 10v5" />
    </>
  ),
};

export { MOBILE_ICONS };

/** One tile icon; `size` in px (the tile draws it at 24 on a 44 px square). */
export function MobileIconSvg({ name, size = 24, title }: { name: MobileIcon; size?: number; title?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      focusable="false"
    >
      {PATHS[name] ?? PATHS.apps}
    </svg>
  );
}
