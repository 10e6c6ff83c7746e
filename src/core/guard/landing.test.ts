import { describe, expect, it } from 'vitest';
import type { MenuNode, PlatformMenus } from '@/shared/menus';
import { landingPath, platformEntryPath, type LandingInput } from './landing';

const leaf = (name: string, path: string): MenuNode => ({
  name,
  path,
  title: name,
  icon: null,
  children: [],
  relationRoutes: [],
});
const group = (name: string, children: MenuNode[]): MenuNode => ({
  name,
  path: '',
  title: name,
  icon: null,
  children,
  relationRoutes: [],
});
const platform = (id: number, web: MenuNode[], over: Partial<PlatformMenus> = {}): PlatformMenus => ({
  platform_id: id,
  platform_name: `平台${id}`,
  icon: '',
  index_url: `/web/p${id}`,
  kind: 'normal',
  web,
  ...over,
});
const student = platform(1, [group('taskCenter', [leaf('taskWorkBench', '/web/taskCenter/taskWorkBench')])]);
const staff = platform(2, [leaf('feedbackIndex', '/web/feedback/index')]);
const base: LandingInput = { isAdmin: false, platforms: [student], chosen: null, redirect: '', to: '' };
const run = (over: Partial<LandingInput>) => landingPath({ ...base, ...over });

describe('landingPath', () => {
  it('sends an administrator to the back-office home', () => {
    expect(run({ isAdmin: true, platforms: [] })).toBe('/cms/home/index');
  });

  it('sends an administrator to a /cms `to`, but not to a front-end one', () => {
    expect(run({ isAdmin: true, to: '/cms/systemSetting/account' })).toBe('/cms/systemSetting/account');
    expect(run({ isAdmin: true, to: '/web/feedback/index' })).toBe('/cms/home/index');
  });

  it('sends a user with several platforms and none chosen to platform selection', () => {
    expect(run({ platforms: [student, staff], to: '/web/feedback/index' })).toBe('/platformSelection');
  });

  it('prefers redirect, then to', () => {
    expect(run({ redirect: '/web/userCenter/accountSettings', to: '/web/feedback/index' })).toBe(
      '/web/userCenter/accountSettings',
    );
    expect(run({ to: '/web/feedback/index' })).toBe('/web/feedback/index');
  });

  it('ignores a `to` that leaves the site, points at a login page or at the back office', () => {
    expect(run({ to: 'https://evil.example/x' })).toBe('/web/taskCenter/taskWorkBench');
    expect(run({ to: '//evil.example/x' })).toBe('/web/taskCenter/taskWorkBench');
    expect(run({ to: '/login?to=%2Fweb' })).toBe('/web/taskCenter/taskWorkBench');
    expect(run({ to: '/cms/home/index' })).toBe('/web/taskCenter/taskWorkBench');
  });

  it('opens the first menu of the only or the chosen platform', () => {
    expect(run({})).toBe('/web/taskCenter/taskWorkBench');
    expect(run({ platforms: [student, staff], chosen: staff })).toBe('/web/feedback/index');
  });

  it("opens a one-form platform's index_url when its first menu is the home page", () => {
    const oneForm = platform(
      3,
      [leaf('webHomeIndex', '/web/home/index'), leaf('myDataCenter', '/oneTablePlatform/myDataCenter')],
      {
        kind: 'one-form',
        index_url: '/oneTablePlatform/myDataCenter',
      },
    );
    expect(run({ platforms: [oneForm] })).toBe('/oneTablePlatform/myDataCenter');
    // a normal platform with the same menu opens the home page itself
    expect(run({ platforms: [{ ...oneForm, kind: 'normal' }] })).toBe('/web/home/index');
  });

  it('falls back to index_url, then /web', () => {
    expect(run({ platforms: [platform(4, [])] })).toBe('/web/p4');
    expect(run({ platforms: [platform(5, [], { index_url: '' })] })).toBe('/web');
    expect(run({ platforms: [] })).toBe('/web');
  });

  it('opens leadingDriver pages as they were asked for, even for an administrator or before platform choice', () => {
    expect(run({ to: '/leadingDriver/leadingDriverIndex', platforms: [student, staff] })).toBe(
      '/leadingDriver/leadingDriverIndex',
    );
    expect(run({ isAdmin: true, redirect: '/leadingDriver/teachingOverview' })).toBe('/leadingDriver/teachingOverview');
  });
});

describe('platformEntryPath (choosing a platform opens its index page, spec section 4)', () => {
  it('opens the index_url rather than the first menu entry', () => {
    expect(platformEntryPath(student)).toBe('/web/p1');
    expect(platformEntryPath({ ...student, index_url: 'https://one.example.edu/' })).toBe('https://one.example.edu/');
  });

  it('falls back to the first menu entry, then /web, when there is no usable index_url', () => {
    expect(platformEntryPath({ ...student, index_url: '' })).toBe('/web/taskCenter/taskWorkBench');
    expect(platformEntryPath({ ...student, index_url: '//evil.example' })).toBe('/web/taskCenter/taskWorkBench');
    expect(platformEntryPath({ ...student, index_url: '', web: [] })).toBe('/web');
  });
});
