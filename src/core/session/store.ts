import { create } from 'zustand';
import { del, get, set } from 'idb-keyval';
import { RECENT_SEARCH_LIMIT } from '@/shared/constants';
import { flattenRouteNames, type LoginMenus, type PlatformMenus } from '@/shared/menus';
import type { Department, LoginResult, LogoConfig, SessionTheme, SessionUser, SsoInfo } from './types';

/** localStorage keys of the small values (spec section 3); the token key is fixed by the spec. */
export const STORAGE_KEYS = {
  token: 'Authorization',
  userInfo: 'userInfo',
  department: 'department',
  isAdmin: 'isAdmin',
  ssoInfo: 'ssoInfo',
  logoConfig: 'logoConfig',
  theme: 'theme',
  publicKey: 'publicKey',
  recentSearches: 'recentSearches',
  authorisedRoutes: 'authorisedRoutes',
} as const;

/** idb-keyval keys of the large values: menu trees stay out of localStorage. */
export const IDB_KEYS = { menus: 'menus', platform: 'platform' } as const;

export interface SessionState {
  token: string | null;
  userInfo: SessionUser | null;
  department: Department | null;
  isAdmin: boolean;
  menus: LoginMenus | null;
  platform: PlatformMenus | null;
  authorisedRoutes: string[];
  ssoInfo: SsoInfo | null;
  logoConfig: LogoConfig | null;
  theme: SessionTheme | null;
  publicKey: string | null;
  recentSearches: string[];
  hydrated: boolean;
  setLogin(a: LoginResult): void;
  choosePlatform(p: PlatformMenus): void;
  setSsoInfo(i: SsoInfo | null): void;
  setLogoConfig(c: LogoConfig | null): void;
  setTheme(t: SessionTheme | null): void;
  setPublicKey(k: string | null): void;
  /** The signed-in user's new avatar (uploadAvatar), kept with the stored user info. */
  setAvatar(url: string | null): void;
  addRecentSearch(word: string): void;
  clear(): Promise<void>;
  hydrate(): Promise<void>;
}

type Data = Omit<
  SessionState,
  | 'setLogin'
  | 'choosePlatform'
  | 'setSsoInfo'
  | 'setLogoConfig'
  | 'setTheme'
  | 'setPublicKey'
  | 'setAvatar'
  | 'addRecentSearch'
  | 'clear'
  | 'hydrate'
>;

function storage(): Storage | null {
  return typeof localStorage === 'undefined' ? null : localStorage;
}

function readJson<T>(key: string, fallback: T): T {
  const raw = storage()?.getItem(key);
  if (raw == null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

function writeJson(key: string, value: unknown): void {
  const s = storage();
  if (!s) return;
  if (value === null || value === undefined) s.removeItem(key);
  else s.setItem(key, JSON.stringify(value));
}

function writeToken(token: string | null): void {
  const s = storage();
  if (!s) return;
  if (token) s.setItem(STORAGE_KEYS.token, token);
  else s.removeItem(STORAGE_KEYS.token);
}

// IndexedDB may be missing (private mode, old browsers, node): the session still works from memory.
async function idbSafe<T>(op: () => Promise<T>): Promise<T | undefined> {
  try {
    return await op();
  } catch {
    return undefined;
  }
}

function emptyData(): Data {
  return {
    token: null,
    userInfo: null,
    department: null,
    isAdmin: false,
    menus: null,
    platform: null,
    authorisedRoutes: [],
    ssoInfo: null,
    logoConfig: null,
    theme: null,
    publicKey: null,
    recentSearches: [],
    hydrated: false,
  };
}

/** The small values are in localStorage and read synchronously, so the guard has them on the first render. */
function initialData(): Data {
  return {
    ...emptyData(),
    token: storage()?.getItem(STORAGE_KEYS.token) ?? null,
    userInfo: readJson<SessionUser | null>(STORAGE_KEYS.userInfo, null),
    department: readJson<Department | null>(STORAGE_KEYS.department, null),
    isAdmin: readJson<boolean>(STORAGE_KEYS.isAdmin, false),
    ssoInfo: readJson<SsoInfo | null>(STORAGE_KEYS.ssoInfo, null),
    logoConfig: readJson<LogoConfig | null>(STORAGE_KEYS.logoConfig, null),
    theme: readJson<SessionTheme | null>(STORAGE_KEYS.theme, null),
    publicKey: storage()?.getItem(STORAGE_KEYS.publicKey) ?? null,
    recentSearches: readJson<string[]>(STORAGE_KEYS.recentSearches, []),
    authorisedRoutes: readJson<string[]>(STORAGE_KEYS.authorisedRoutes, []),
  };
}

export const useSession = create<SessionState>()((setState, getState) => ({
  ...initialData(),

  setLogin({ Authorization, user_info, menus, is_admin }) {
    const isAdmin = is_admin === 1;
    // An administrator works in the cms menu; a user with one platform has it chosen at once.
    const only = !isAdmin && menus.plant_front.length === 1 ? menus.plant_front[0]! : null;
    const authorisedRoutes = isAdmin ? [...flattenRouteNames(menus.cms)] : only ? [...flattenRouteNames(only.web)] : [];
    writeToken(Authorization);
    writeJson(STORAGE_KEYS.userInfo, user_info);
    writeJson(STORAGE_KEYS.department, user_info.department);
    writeJson(STORAGE_KEYS.isAdmin, isAdmin);
    writeJson(STORAGE_KEYS.authorisedRoutes, authorisedRoutes);
    void idbSafe(() => set(IDB_KEYS.menus, menus));
    void idbSafe(() => (only ? set(IDB_KEYS.platform, only) : del(IDB_KEYS.platform)));
    setState({
      token: Authorization,
      userInfo: user_info,
      department: user_info.department,
      isAdmin,
      menus,
      platform: only,
      authorisedRoutes,
    });
  },

  setAvatar(url) {
    const user = getState().userInfo;
    if (!user) return;
    const next = { ...user, avatar: url };
    writeJson(STORAGE_KEYS.userInfo, next);
    setState({ userInfo: next });
  },

  choosePlatform(p) {
    const authorisedRoutes = [...flattenRouteNames(p.web)];
    writeJson(STORAGE_KEYS.authorisedRoutes, authorisedRoutes);
    void idbSafe(() => set(IDB_KEYS.platform, p));
    setState({ platform: p, authorisedRoutes });
  },

  setSsoInfo(i) {
    writeJson(STORAGE_KEYS.ssoInfo, i);
    setState({ ssoInfo: i });
  },

  setLogoConfig(c) {
    writeJson(STORAGE_KEYS.logoConfig, c);
    setState({ logoConfig: c });
  },

  setTheme(t) {
    writeJson(STORAGE_KEYS.theme, t);
    setState({ theme: t });
  },

  setPublicKey(k) {
    const s = storage();
    if (k) s?.setItem(STORAGE_KEYS.publicKey, k);
    else s?.removeItem(STORAGE_KEYS.publicKey);
    setState({ publicKey: k });
  },

  addRecentSearch(word) {
    const w = word.trim();
    if (!w) return;
    const recentSearches = [w, ...getState().recentSearches.filter((x) => x !== w)].slice(0, RECENT_SEARCH_LIMIT);
    writeJson(STORAGE_KEYS.recentSearches, recentSearches);
    setState({ recentSearches });
  },

  async clear() {
    storage()?.clear();
    if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
    setState({ ...emptyData(), hydrated: true });
    await idbSafe(() => Promise.all([del(IDB_KEYS.menus), del(IDB_KEYS.platform)]));
  },

  async hydrate() {
    const [menus, platform] = await Promise.all([
      idbSafe(() => get<LoginMenus>(IDB_KEYS.menus)),
      idbSafe(() => get<PlatformMenus>(IDB_KEYS.platform)),
    ]);
    // A token cleared meanwhile (another tab signed out) wins over what IndexedDB still holds.
    if (!getState().token) {
      setState({ hydrated: true });
      return;
    }
    setState({ menus: menus ?? null, platform: platform ?? null, hydrated: true });
  },
}));

// Selectors must return stable values: `s.menus?.plant_front ?? []` makes a new array on every
// read and sends useSyncExternalStore into an endless re-render once menus are null.
const NO_PLATFORMS: PlatformMenus[] = [];
const NO_MENU: LoginMenus['cms'] = [];

/** The user's platforms from the login menus (a stable empty list when there are none). */
export const usePlatforms = (): PlatformMenus[] => useSession((s) => s.menus?.plant_front ?? NO_PLATFORMS);

/** The back-office menu tree (a stable empty list when there is none). */
export const useCmsMenu = (): LoginMenus['cms'] => useSession((s) => s.menus?.cms ?? NO_MENU);
