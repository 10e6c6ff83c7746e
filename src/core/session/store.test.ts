// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { get as idbGet } from 'idb-keyval';
import type { LoginMenus, MenuNode, PlatformMenus } from '@/shared/menus';
import { useCmsMenu, usePlatforms, useSession } from './store';
import type { SessionUser } from './types';

const node = (name: string, children: MenuNode[] = [], relationRoutes: string[] = []): MenuNode => ({
  name,
  path: `/web/${name}`,
  title: name,
  icon: null,
  children,
  relationRoutes,
});
const platform = (id: number, web: MenuNode[]): PlatformMenus => ({
  platform_id: id,
  platform_name: `平台${id}`,
  icon: '',
  index_url: '/web',
  kind: 'normal',
  web,
});
const user: SessionUser = {
  id: 1,
  username: 'student',
  real_name: '李四',
  user_no: 'S1',
  kind: 'student',
  is_admin: 0,
  department: { id: 3, name: '数学学院' },
  avatar: null,
  roles: [],
  must_change_pwd: 0,
};
const login = (menus: LoginMenus, is_admin: 0 | 1 = 0) =>
  useSession.getState().setLogin({ Authorization: 'tok-abc', user_info: user, menus, is_admin });

// Lets idb-keyval's fire-and-forget writes land.
const settle = () => new Promise((r) => setTimeout(r, 20));

beforeEach(async () => {
  await useSession.getState().clear();
});

describe('session store', () => {
  it('mirrors the token to localStorage Authorization and keeps user info and department', () => {
    login({ plant_front: [platform(1, [node('feedbackIndex')])], cms: [] });
    expect(localStorage.getItem('Authorization')).toBe('tok-abc');
    expect(useSession.getState().token).toBe('tok-abc');
    expect(JSON.parse(localStorage.getItem('userInfo')!)).toMatchObject({ username: 'student' });
    expect(useSession.getState().department).toEqual({ id: 3, name: '数学学院' });
  });

  it('authorises an only platform at once: menu names plus relationRoutes, flattened', async () => {
    const only = platform(1, [node('taskCenter', [node('taskWorkBench', [], ['taskApproval'])])]);
    login({ plant_front: [only], cms: [node('cmsHome')] });
    const s = useSession.getState();
    expect(s.platform).toEqual(only);
    expect(s.authorisedRoutes.sort()).toEqual(['taskApproval', 'taskCenter', 'taskWorkBench']);
    expect(JSON.parse(localStorage.getItem('authorisedRoutes')!)).toHaveLength(3);
    await settle();
    expect(await idbGet('menus')).toMatchObject({ plant_front: [{ platform_id: 1 }] });
    expect(await idbGet('platform')).toMatchObject({ platform_id: 1 });
  });

  it('authorises the cms menu for an administrator', () => {
    login({ plant_front: [platform(1, [node('feedbackIndex')])], cms: [node('cmsHome', [], ['cmsDetail'])] }, 1);
    expect(useSession.getState().isAdmin).toBe(true);
    expect(useSession.getState().authorisedRoutes.sort()).toEqual(['cmsDetail', 'cmsHome']);
  });

  it('waits for a platform choice when there are several, then authorises the chosen one', async () => {
    const b = platform(2, [node('feedbackIndex')]);
    login({ plant_front: [platform(1, [node('taskWorkBench')]), b], cms: [] });
    expect(useSession.getState().platform).toBeNull();
    expect(useSession.getState().authorisedRoutes).toEqual([]);
    useSession.getState().choosePlatform(b);
    expect(useSession.getState().authorisedRoutes).toEqual(['feedbackIndex']);
    await settle();
    expect(await idbGet('platform')).toMatchObject({ platform_id: 2 });
  });

  it('keeps at most 10 recent searches, newest first, without duplicates', () => {
    const add = useSession.getState().addRecentSearch;
    for (let i = 1; i <= 12; i++) add(`词${i}`);
    add('词5');
    add('  ');
    const words = useSession.getState().recentSearches;
    expect(words).toHaveLength(10);
    expect(words[0]).toBe('词5');
    expect(words.filter((w) => w === '词5')).toHaveLength(1);
    expect(words).toEqual(['词5', '词12', '词11', '词10', '词9', '词8', '词7', '词6', '词4', '词3']);
    expect(JSON.parse(localStorage.getItem('recentSearches')!)).toEqual(words);
  });

  it('keeps sso info, logo config, theme and public key in localStorage', () => {
    const s = useSession.getState();
    s.setSsoInfo({
      cas_enable: 1,
      is_admin_host: 0,
      retain_back_door: 1,
      logout_url: 'https://cas/logout',
      sso_login_url: '',
    });
    s.setLogoConfig({ icon: 'i', logo: 'l', backend: { title: '后台', font: '' }, front: { title: '门户' } });
    s.setTheme({ primaryColor: '#123456' });
    s.setPublicKey('PEM');
    expect(JSON.parse(localStorage.getItem('ssoInfo')!).logout_url).toBe('https://cas/logout');
    expect(JSON.parse(localStorage.getItem('logoConfig')!).front.title).toBe('门户');
    expect(JSON.parse(localStorage.getItem('theme')!)).toEqual({ primaryColor: '#123456' });
    expect(localStorage.getItem('publicKey')).toBe('PEM');
  });

  it('clear() wipes localStorage, sessionStorage, IndexedDB and the state', async () => {
    login({ plant_front: [platform(1, [node('feedbackIndex')])], cms: [] });
    useSession.getState().addRecentSearch('奖学金');
    sessionStorage.setItem('tab', '1');
    await settle();
    await useSession.getState().clear();
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(await idbGet('menus')).toBeUndefined();
    expect(await idbGet('platform')).toBeUndefined();
    const s = useSession.getState();
    expect([s.token, s.userInfo, s.menus, s.platform]).toEqual([null, null, null, null]);
    expect(s.authorisedRoutes).toEqual([]);
    expect(s.recentSearches).toEqual([]);
  });

  it('hydrate() loads menus and platform back from IndexedDB', async () => {
    const only = platform(1, [node('feedbackIndex')]);
    login({ plant_front: [only], cms: [] });
    await settle();
    useSession.setState({ menus: null, platform: null, hydrated: false });
    await useSession.getState().hydrate();
    const s = useSession.getState();
    expect(s.hydrated).toBe(true);
    expect(s.platform).toEqual(only);
    expect(s.menus?.plant_front).toHaveLength(1);
  });
});

describe('menu selectors', () => {
  it('return the same empty list on every read while there are no menus (no render loop)', () => {
    const { result, rerender } = renderHook(() => [usePlatforms(), useCmsMenu()] as const);
    const first = result.current;
    rerender();
    expect(result.current[0]).toBe(first[0]);
    expect(result.current[1]).toBe(first[1]);
    useSession.setState({ menus: { plant_front: [platform(9, [])], cms: [node('cmsHome')] } });
    rerender();
    expect(result.current[0].map((p) => p.platform_id)).toEqual([9]);
    expect(result.current[1].map((n) => n.name)).toEqual(['cmsHome']);
  });
});
