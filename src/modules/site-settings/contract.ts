import { Type, type Static } from 'typebox';
import { SHORTCUT_ICONS, type ShortcutIconName } from '@/shared/shortcut-icons';

// Display settings write the organisation config: their bodies are org-config's contract (the
// server that stores them), re-exported for this module's pages.
import { ImageUrl, OptionalHttpUrl, TITLE_MAX } from '@/modules/org-config/contract';
export {
  LOGIN_IMAGE_MAX_BYTES,
  LOGO_IMAGE_MAX_BYTES,
  OptionalHttpUrl,
  SaveLoginBody,
  SaveLogoBody,
  TITLE_MAX,
  UploadImageQuery,
  type UploadedImage,
} from '@/modules/org-config/contract';

/** The theme colour presets of the display settings page. */
export const THEME_PRESETS: readonly { name: string; color: string }[] = [
  { name: '拂晓蓝', color: '#1677ff' },
  { name: '极客蓝', color: '#2f54eb' },
  { name: '明青', color: '#13c2c2' },
  { name: '极光绿', color: '#52c41a' },
  { name: '日暮黄', color: '#faad14' },
  { name: '薄暮', color: '#f5222d' },
  { name: '酱紫', color: '#722ed1' },
  { name: '法式洋红', color: '#eb2f96' },
  { name: '中国红', color: '#c8161d' },
  { name: '黛蓝', color: '#0d3b8c' },
];

// ---------------------------------------------------------------------------------------------
// Single sign-on settings (endpoints in the auth module: /user/api/v1.sso/…)
// ---------------------------------------------------------------------------------------------

const HttpUrl = Type.String({ pattern: '^https?://[^\\s]+$', maxLength: 500 });

/**
 * Which account a single sign-on names: the provider's claim / CAS attribute `claim` ('' = its user
 * name) against the account's user name, 学号/工号 (userNo) or e-mail.
 */
export const SsoMatchBody = Type.Object({
  field: Type.Union([Type.Literal('username'), Type.Literal('userNo'), Type.Literal('email')]),
  claim: Type.String({ maxLength: 100, pattern: '^[A-Za-z0-9_:.-]*$' }),
});
export type SsoMatchBody = Static<typeof SsoMatchBody>;

const ClaimName = Type.String({ maxLength: 100, pattern: '^[A-Za-z0-9_:.-]*$' });

/** 自动创建账号: claims (OIDC) or attributes (CAS) giving 姓名, 部门 (code or name), 学号/工号, e-mail; '' = not taken. */
export const SsoProvisionBody = Type.Object({
  enabled: Type.Boolean(),
  kind: Type.Union([Type.Literal('student'), Type.Literal('staff')]),
  nameClaim: ClaimName,
  departmentClaim: ClaimName,
  userNoClaim: ClaimName,
  emailClaim: ClaimName,
});
export type SsoProvisionBody = Static<typeof SsoProvisionBody>;

/** POST /user/api/v1.sso/save/ (JSON). An empty oidc.clientSecret keeps the stored one; no match keeps the stored one. */
export const SaveSsoBody = Type.Object({
  kind: Type.Union([Type.Literal('none'), Type.Literal('cas'), Type.Literal('oidc')]),
  cas: Type.Optional(Type.Object({ serverUrl: HttpUrl })),
  oidc: Type.Optional(
    Type.Object({
      issuer: HttpUrl,
      clientId: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
      clientSecret: Type.String({ maxLength: 500 }),
      redirectUri: OptionalHttpUrl,
    }),
  ),
  retainBackDoor: Type.Boolean(),
  adminHost: Type.String({ maxLength: 253, pattern: '^([A-Za-z0-9.-]+(:[0-9]{1,5})?)?$' }),
  userLoginEnable: Type.Boolean(),
  adminLoginEnable: Type.Boolean(),
  logoutUrl: OptionalHttpUrl,
  match: Type.Optional(SsoMatchBody),
  /** Absent keeps the stored one. */
  provision: Type.Optional(SsoProvisionBody),
});
export type SaveSsoBody = Static<typeof SaveSsoBody>;

/** GET /user/api/v1.sso/settings/ — the stored settings; the client secret never leaves the server. */
export interface SsoSettings {
  kind: 'none' | 'cas' | 'oidc';
  cas: { serverUrl: string } | null;
  oidc: { issuer: string; clientId: string; redirectUri: string; secretSet: boolean } | null;
  retainBackDoor: boolean;
  adminHost: string;
  userLoginEnable: boolean;
  adminLoginEnable: boolean;
  logoutUrl: string;
  match: SsoMatchBody;
  provision: SsoProvisionBody;
  /** To register at the provider: where it sends OIDC back-channel logout tokens (this site's address). */
  backchannelLogoutUri: string;
  /** To register at the provider: the sign-in pages (redirect URIs, post-logout redirect URIs, CAS services and their single logout). */
  signInPages: string[];
}

/** POST /user/api/v1.sso/test/ — try the server the form names (CAS base URL or OIDC issuer). */
export const TestSsoBody = Type.Object({
  kind: Type.Union([Type.Literal('cas'), Type.Literal('oidc')]),
  url: HttpUrl,
});
export type TestSsoBody = Static<typeof TestSsoBody>;

export interface SsoTestResult {
  ok: boolean;
  message: string;
}

// ---------------------------------------------------------------------------------------------
// Homepage modules: GET/POST /portal/api/v1.homepage/modules/ (and …/save/)
// ---------------------------------------------------------------------------------------------

export const MAX_SHORTCUTS = 12;

export { SHORTCUT_ICONS };
export type ShortcutIcon = ShortcutIconName;

/** A service shortcut: a route of this app (path) or an outside address (url) — exactly one of them. */
export const Shortcut = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 20, pattern: '\\S' }),
  icon: Type.Unsafe<ShortcutIcon>({ type: 'string', enum: [...SHORTCUT_ICONS] }),
  path: Type.String({ maxLength: 300 }),
  url: OptionalHttpUrl,
});
export type Shortcut = Static<typeof Shortcut>;

const ModuleTitle = Type.String({ minLength: 1, maxLength: 20, pattern: '\\S' });
const Shortcuts = Type.Array(Shortcut, { maxItems: MAX_SHORTCUTS });

/** Each kind's own shape (the server checks a module against the schema its kind names). */
export const HOME_MODULE_SCHEMAS = {
  banner: Type.Object({
    kind: Type.Literal('banner'),
    title: Type.String({ maxLength: TITLE_MAX }),
    subtitle: Type.String({ maxLength: 60 }),
    picture: Type.Union([Type.Literal(''), ImageUrl]),
  }),
  notices: Type.Object({ kind: Type.Literal('notices'), title: ModuleTitle }),
  news: Type.Object({ kind: Type.Literal('news'), title: ModuleTitle }),
  search: Type.Object({ kind: Type.Literal('search'), placeholder: Type.String({ maxLength: 40 }) }),
  shortcuts: Type.Object({ kind: Type.Literal('shortcuts'), title: ModuleTitle, items: Shortcuts }),
  /** No items: the service hall's most used items the viewer may see (topAffairs); items: this fixed list. */
  topAffairs: Type.Object({ kind: Type.Literal('topAffairs'), title: ModuleTitle, items: Shortcuts }),
  /** The assistant's most read questions (topQuestions). */
  hotQuestions: Type.Object({
    kind: Type.Literal('hotQuestions'),
    title: ModuleTitle,
    limit: Type.Integer({ minimum: 3, maximum: 12 }),
  }),
  /** The service hall's published special services (specifiedAffairs). */
  specialServices: Type.Object({ kind: Type.Literal('specialServices'), title: ModuleTitle }),
};
const S = HOME_MODULE_SCHEMAS;
export const HomeModule = Type.Union([
  S.banner,
  S.notices,
  S.news,
  S.search,
  S.shortcuts,
  S.topAffairs,
  S.hotQuestions,
  S.specialServices,
]);
export type HomeModule = Static<typeof HomeModule>;
export type HomeModuleKind = HomeModule['kind'];

export const HOME_MODULE_KINDS: readonly { kind: HomeModuleKind; label: string; repeatable: boolean }[] = [
  { kind: 'banner', label: '横幅', repeatable: false },
  { kind: 'search', label: '搜索', repeatable: false },
  { kind: 'notices', label: '通知公告', repeatable: false },
  { kind: 'news', label: '新闻动态', repeatable: false },
  { kind: 'shortcuts', label: '服务直通车', repeatable: true },
  { kind: 'topAffairs', label: '热门事项', repeatable: false },
  { kind: 'hotQuestions', label: '热门问题', repeatable: false },
  { kind: 'specialServices', label: '特色服务', repeatable: false },
];

/** 'visitor' (the visitor home) or a platform id (that platform's /web home). */
// Nine digits at most: a platform id must fit a PostgreSQL integer (ten digits answered 500 there).
export const HomeScope = Type.String({ pattern: '^(visitor|[1-9][0-9]{0,8})$' });

export const HomeModulesQuery = Type.Object({ scope: Type.Optional(HomeScope) });
export type HomeModulesQuery = Static<typeof HomeModulesQuery>;

/**
 * The body schema names only each module's kind, so an error points at the kind; the rest of a
 * module is checked against its kind's schema (HOME_MODULE_SCHEMAS) with the field named.
 */
export const SaveHomeModulesBody = Type.Object({
  scope: HomeScope,
  modules: Type.Array(
    Type.Object(
      { kind: Type.Unsafe<string>({ type: 'string', enum: Object.keys(HOME_MODULE_SCHEMAS) }) },
      { additionalProperties: true },
    ),
    { maxItems: 20 },
  ),
});
export interface SaveHomeModulesBody {
  scope: string;
  modules: HomeModule[];
}

/** Answer of GET /portal/api/v1.homepage/modules/: `own` says the scope has its own list (else the visitor one or the default). */
export interface HomeModules {
  scope: string;
  own: boolean;
  modules: HomeModule[];
}

/** Today's look: what a home shows until an administrator chooses. */
export const DEFAULT_HOME_MODULES: HomeModule[] = [
  { kind: 'banner', title: '', subtitle: '一网通办 · 一站服务 · 一表通用', picture: '' },
  { kind: 'notices', title: '通知公告' },
  { kind: 'news', title: '新闻动态' },
];
