import { Type, type Static } from 'typebox';
import { PageFields } from '@/shared/paging';
import { MAX_ID } from '@/shared/ids';

/**
 * 应用中心 (issue 21: lightApps/applicationCenter, navPortal, the back office's 应用门户). Paths:
 * `/portal/api/v1.appCenter/*` (what a user may open: search, favourites, ratings, recently used,
 * the navigation portal), `/message/api/v1.message/get_server_app/` (spec §7: the apps the user may
 * open) and `/portal/api/v1.appPortal/*` (back office: apps, categories, visibility, arrangement).
 */

const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const IdList = Type.Array(Id, { maxItems: 50, uniqueItems: true });

export const APP_KINDS = ['internal', 'external'] as const;
export type AppKind = (typeof APP_KINDS)[number];
export const APP_KIND_LABELS: Record<AppKind, string> = { internal: '站内页面', external: '外部系统' };

/** Where an app is offered: both, or only the desk or the phone. */
export const DEVICES = ['all', 'desktop', 'phone'] as const;
export type Device = (typeof DEVICES)[number];
export const DEVICE_LABELS: Record<Device, string> = { all: '电脑和手机', desktop: '仅电脑端', phone: '仅手机端' };
const DeviceField = Type.Union([Type.Literal('all'), Type.Literal('desktop'), Type.Literal('phone')]);

export const NAME_MAX = 30;
export const DESC_MAX = 200;
export const URL_MAX = 500;
export const ICON_COLORS = [
  '#1677ff',
  '#13c2c2',
  '#52c41a',
  '#fa8c16',
  '#eb2f96',
  '#722ed1',
  '#fa541c',
  '#2f54eb',
] as const;

// --- users ----------------------------------------------------------------------------------

/** GET /portal/api/v1.appCenter/list/ — the apps the caller may open. */
export const AppListQuery = Type.Object({
  ...PageFields,
  keyword: Type.Optional(Type.String({ maxLength: 40 })),
  categoryId: Type.Optional(Id),
  /** all | favorite (my favourites) | recent (recently used, latest first). */
  scope: Type.Union([Type.Literal('all'), Type.Literal('favorite'), Type.Literal('recent')], { default: 'all' }),
  device: Type.Union([Type.Literal('desktop'), Type.Literal('phone')], { default: 'desktop' }),
});
export type AppListQuery = Static<typeof AppListQuery>;

export const DeviceQuery = Type.Object({
  device: Type.Union([Type.Literal('desktop'), Type.Literal('phone')], { default: 'desktop' }),
});
export type DeviceQuery = Static<typeof DeviceQuery>;

export const FavoriteBody = Type.Object({ appId: Id, on: Type.Boolean() });
export type FavoriteBody = Static<typeof FavoriteBody>;
export const RateBody = Type.Object({ appId: Id, score: Type.Integer({ minimum: 1, maximum: 5 }) });
export type RateBody = Static<typeof RateBody>;
export const OpenBody = Type.Object({
  appId: Id,
  device: Type.Union([Type.Literal('desktop'), Type.Literal('phone')], { default: 'desktop' }),
});
export type OpenBody = Static<typeof OpenBody>;

export interface AppView {
  id: number;
  categoryId: number;
  categoryName: string;
  name: string;
  description: string;
  color: string;
  kind: AppKind;
  /** Where a tap goes (an in-app path, or the external address — through single sign-on when set). */
  url: string;
  sso: boolean;
  rating: number;
  ratingCount: number;
  useCount: number;
  favorite: boolean;
  myScore: number | null;
}

export interface CategoryView {
  id: number;
  name: string;
  sort: number;
  /** Apps in it (back office: all; users: those they may open). */
  count: number;
}

/** get_server_app (spec §7): the apps the user may open, in the portal's order. */
export interface ServerApp {
  id: number;
  name: string;
  url: string;
  kind: AppKind;
  color: string;
  category: string;
}

export interface NavSection {
  id: number;
  name: string;
  apps: AppView[];
}

// --- back office ----------------------------------------------------------------------------

export const AdminAppQuery = Type.Object({
  ...PageFields,
  keyword: Type.Optional(Type.String({ maxLength: 40 })),
  categoryId: Type.Optional(Id),
});
export type AdminAppQuery = Static<typeof AdminAppQuery>;

export const AppSaveBody = Type.Object({
  id: Type.Optional(Id),
  categoryId: Id,
  name: Type.String({ minLength: 1, maxLength: NAME_MAX }),
  description: Type.String({ maxLength: DESC_MAX, default: '' }),
  color: Type.String({ pattern: '^#[0-9a-fA-F]{6}$', default: '#1677ff' }),
  kind: Type.Union([Type.Literal('internal'), Type.Literal('external')]),
  url: Type.String({ minLength: 1, maxLength: URL_MAX }),
  sso: Type.Boolean({ default: false }),
  devices: DeviceField,
  enabled: Type.Boolean({ default: true }),
  /** Shown on the navigation portal (in its category's section). */
  navPinned: Type.Boolean({ default: true }),
  sort: Type.Integer({ minimum: 0, maximum: 9999, default: 100 }),
  /** Roles that see it; empty = everyone. */
  roleIds: IdList,
  /** Platforms it is offered on; empty = every platform. */
  platformIds: IdList,
});
export type AppSaveBody = Static<typeof AppSaveBody>;

export const CategorySaveBody = Type.Object({
  id: Type.Optional(Id),
  name: Type.String({ minLength: 1, maxLength: 20 }),
  sort: Type.Integer({ minimum: 0, maximum: 9999, default: 100 }),
});
export type CategorySaveBody = Static<typeof CategorySaveBody>;

export const IdBody = Type.Object({ id: Id });
export type IdBody = Static<typeof IdBody>;

export interface AdminAppView {
  id: number;
  categoryId: number;
  categoryName: string;
  name: string;
  description: string;
  color: string;
  kind: AppKind;
  url: string;
  sso: boolean;
  devices: Device;
  enabled: boolean;
  navPinned: boolean;
  sort: number;
  roleIds: number[];
  platformIds: number[];
  rating: number;
  ratingCount: number;
  useCount: number;
}

export interface PortalOptions {
  roles: { id: number; name: string }[];
  platforms: { id: number; name: string }[];
  categories: CategoryView[];
  /** The single sign-on the auth module is configured for ('none', 'cas', 'oidc'). */
  ssoKind: string;
}

/** An internal app's address is an in-app path; an external one http(s). */
export function urlProblem(kind: AppKind, url: string): string | null {
  if (kind === 'internal') return /^\/(?!\/)[^\s]*$/.test(url) ? null : '站内页面地址须以 / 开头';
  return /^https?:\/\/[^\s/]+[^\s]*$/i.test(url) ? null : '外部系统地址须以 http:// 或 https:// 开头';
}
