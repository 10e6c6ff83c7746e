import { Type, type Static } from 'typebox';
import { stripEmoji } from '@/shared/emoji';
import { MAX_ID } from '@/shared/ids';

/**
 * The phone home's layout per platform (/cms/mobileLayout/moduleConfig): ordered groups of
 * tiles; a tile opens one of the platform's menu entries or a custom link.
 */
export const MOBILE_LAYOUT_LIMITS = {
  groups: 12,
  tilesPerGroup: 24,
  /** Titles of groups and tiles, counted in characters after emoji are stripped. */
  title: 12,
  url: 500,
} as const;

/** The tile icons (mobile-icons.tsx draws each as an inline SVG, on the phone and in the back office). */
export const MOBILE_ICONS = [
  'apps',
  'home',
  'form',
  'approve',
  'task',
  'message',
  'notice',
  'calendar',
  'schedule',
  'book',
  'score',
  'library',
  'user',
  'team',
  'card',
  'wallet',
  'chart',
  'search',
  'help',
  'settings',
  'link',
  'building',
  'dining',
  'health',
] as const;
export type MobileIcon = (typeof MOBILE_ICONS)[number];

/** Chinese names of the icons (the picker's labels). */
export const MOBILE_ICON_LABELS: Record<MobileIcon, string> = {
  apps: '应用',
  home: '首页',
  form: '表单',
  approve: '审批',
  task: '待办',
  message: '消息',
  notice: '通知',
  calendar: '日历',
  schedule: '课表',
  book: '课程',
  score: '成绩',
  library: '图书',
  user: '个人',
  team: '团队',
  card: '一卡通',
  wallet: '缴费',
  chart: '统计',
  search: '查询',
  help: '帮助',
  settings: '设置',
  link: '链接',
  building: '宿舍',
  dining: '餐饮',
  health: '健康',
};

/** The icon a menu entry gets by default, from its antd menu icon. */
const FROM_MENU_ICON: Record<string, MobileIcon> = {
  HomeOutlined: 'home',
  FormOutlined: 'form',
  AuditOutlined: 'approve',
  FileDoneOutlined: 'approve',
  ScheduleOutlined: 'schedule',
  CalendarOutlined: 'calendar',
  MessageOutlined: 'message',
  CommentOutlined: 'message',
  NotificationOutlined: 'notice',
  BellOutlined: 'notice',
  BookOutlined: 'book',
  ReadOutlined: 'book',
  UserOutlined: 'user',
  IdcardOutlined: 'card',
  TeamOutlined: 'team',
  BarChartOutlined: 'chart',
  LineChartOutlined: 'chart',
  PieChartOutlined: 'chart',
  TableOutlined: 'chart',
  FundOutlined: 'chart',
  FileSearchOutlined: 'search',
  QuestionCircleOutlined: 'help',
  SettingOutlined: 'settings',
  ToolOutlined: 'settings',
  LinkOutlined: 'link',
  BankOutlined: 'building',
  HeartOutlined: 'health',
  ProfileOutlined: 'task',
  SolutionOutlined: 'task',
};
export const iconForMenu = (antdIcon: string | null | undefined): MobileIcon =>
  (antdIcon && FROM_MENU_ICON[antdIcon]) || 'apps';

/** 'messages': the tile shows the caller's unread message count. */
export const TILE_BADGES = ['', 'messages'] as const;
export type TileBadge = (typeof TILE_BADGES)[number];

/** The one group of the default layout. */
export const DEFAULT_GROUP_TITLE = '全部应用';

/**
 * A tile as saved. kind 'menu': `name` is a route name of the platform's menu (url ''); kind
 * 'link': `url` is an http(s) address or an in-app path starting with '/' (name '').
 */
export const LayoutTile = Type.Object({
  kind: Type.Union([Type.Literal('menu'), Type.Literal('link')]),
  name: Type.String({ maxLength: 100 }),
  url: Type.String({ maxLength: MOBILE_LAYOUT_LIMITS.url }),
  // Checked by the server after emoji are stripped (1–12 characters); the schema only bounds the raw text.
  title: Type.String({ maxLength: 100 }),
  icon: Type.Unsafe<MobileIcon>({ type: 'string', enum: [...MOBILE_ICONS] }),
  badge: Type.Unsafe<TileBadge>({ type: 'string', enum: [...TILE_BADGES] }),
});
export type LayoutTile = Static<typeof LayoutTile>;

export const LayoutGroup = Type.Object({
  title: Type.String({ maxLength: 100 }),
  tiles: Type.Array(LayoutTile, { maxItems: MOBILE_LAYOUT_LIMITS.tilesPerGroup }),
});
export type LayoutGroup = Static<typeof LayoutGroup>;

const PlatformId = Type.Integer({ minimum: 1, maximum: MAX_ID });

/** GET /portal/api/v1.mobileLayout/get/?platformId= */
export const MobileLayoutQuery = Type.Object({ platformId: PlatformId });
export type MobileLayoutQuery = Static<typeof MobileLayoutQuery>;

/** POST /portal/api/v1.mobileLayout/save/ (JSON) — the whole layout of one platform. */
export const SaveMobileLayoutBody = Type.Object({
  platformId: PlatformId,
  groups: Type.Array(LayoutGroup, { maxItems: MOBILE_LAYOUT_LIMITS.groups }),
});
export type SaveMobileLayoutBody = Static<typeof SaveMobileLayoutBody>;

/** POST /portal/api/v1.mobileLayout/reset/ — back to the default (the platform's menu). */
export const ResetMobileLayoutBody = Type.Object({ platformId: PlatformId });
export type ResetMobileLayoutBody = Static<typeof ResetMobileLayoutBody>;

/**
 * Menu entries that have a phone page of their own: a tile of such an entry opens the phone page
 * instead of the desktop one (which would leave the phone shell).
 */
export const PHONE_PAGES: Readonly<Record<string, string>> = {
  taskWorkBench: '/mobile/taskPending',
  dataFilling: '/mobile/dataFilling',
  fillingRecords: '/mobile/fillingRecords',
  feedbackIndex: '/mobile/feedback',
  eventServiceIndex: '/mobile/eventService',
  intelligentAssistant: '/mobile/intelligentAssistant',
  orderline: '/mobile/booking',
  electronicWorkPermit: '/mobile/permits',
  myDataCenter: '/mobile/myDataCenter',
  errorCorrectionPage: '/mobile/myDataCenter',
  errorCorrectionRecord: '/mobile/myDataCenter',
  efficiencySupervise: '/mobile/efficiencySupervise',
  resource: '/mobile/resourceHall',
  absentWarning: '/mobile/earlyWarning?list=absentWarning',
  studyWarning: '/mobile/earlyWarning?list=studyWarning',
  lateBackWarning: '/mobile/earlyWarning?list=lateBackWarning',
  unBackWarning: '/mobile/earlyWarning?list=unBackWarning',
  disContactWarning: '/mobile/earlyWarning?list=disContactWarning',
  solitaryWarning: '/mobile/earlyWarning?list=solitaryWarning',
  taskWarning: '/mobile/earlyWarning',
  leadingDriverIndex: '/mobile/leadingDriver',
  indicatorWarningDetails: '/mobile/biIndicatorWarning',
  biReport: '/mobile/biReport',
  biIndex: '/mobile/biDashboard',
};

/** A tile as answered: `to` is where a tap goes (the entry's phone page or path, or the link's url). */
export interface TileView extends LayoutTile {
  to: string;
}

export interface GroupView {
  title: string;
  tiles: TileView[];
}

/** One menu entry a tile may open (a leaf of the platform's web menu). */
export interface MenuEntry {
  name: string;
  title: string;
  path: string;
  icon: MobileIcon;
}

/**
 * Answer of get/, save/ and reset/. `own`: the platform has a saved layout (else the default).
 * `entries`: the menu entries the caller may open on that platform, in menu order (administrators:
 * the whole menu) — what the back office offers as tiles.
 */
export interface MobileLayout {
  platformId: number;
  own: boolean;
  groups: GroupView[];
  entries: MenuEntry[];
}

/** An in-app path ('/…', not '//…') or an http(s) address. */
export const TILE_URL_PATTERN = /^(https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/;

/** A title as stored: emoji stripped, trimmed. */
export const cleanTitle = (raw: string) => stripEmoji(raw).trim();

/** Why a group or tile title is refused, or null (the server and the editor say the same). */
export function titleProblem(raw: string): string | null {
  const n = Array.from(cleanTitle(raw)).length;
  if (n === 0) return '请填写名称';
  if (n > MOBILE_LAYOUT_LIMITS.title) return `名称最多 ${MOBILE_LAYOUT_LIMITS.title} 个字`;
  return null;
}
