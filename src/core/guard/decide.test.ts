import { describe, expect, it } from 'vitest';
import { decide, isPublicRoute, type GuardInput } from './decide';

const base: GuardInput = {
  path: '/web/taskCenter/taskWorkBench',
  routeName: 'taskWorkBench',
  isPublic: false,
  token: 'tok',
  authorisedRoutes: ['taskWorkBench', 'taskApproval'],
  isAdmin: false,
};
const run = (over: Partial<GuardInput>) => decide({ ...base, ...over });

describe('decide', () => {
  it('sends an unknown route to notFound', () => {
    expect(run({ routeName: null, path: '/no/such/page' })).toEqual({ kind: 'notFound' });
  });

  it('lets a route flagged public pass without a token', () => {
    expect(run({ isPublic: true, token: null, authorisedRoutes: [] })).toEqual({ kind: 'allow' });
  });

  it.each([
    'login',
    'loginAdmin',
    'webHome',
    'webHomeIndex',
    'notFound',
    'notLicense',
    'formWrite',
    'platformSelection',
    'biDetail',
  ])('lets the public route name %s pass without a token', (name) => {
    expect(run({ routeName: name, path: '/x', token: null, authorisedRoutes: [] })).toEqual({ kind: 'allow' });
  });

  it.each(['/home/notice/3', '/web/news/detail', '/web/taskCenter/taskHistoricalRecord'])(
    'lets a path containing a public word pass: %s',
    (path) => {
      expect(run({ path, routeName: 'someDetail', token: null, authorisedRoutes: [] })).toEqual({ kind: 'allow' });
    },
  );

  it('never opens a back-office page for a public word: /cms/content/notice needs the administrator', () => {
    expect(run({ path: '/cms/content/notice', routeName: 'noticeManage', token: null, authorisedRoutes: [] })).toEqual({
      kind: 'login',
      to: '/loginAdmin?to=%2Fcms%2Fcontent%2Fnotice',
    });
  });

  it('does not treat a public word in the query as a public path', () => {
    expect(run({ path: '/web/feedback/list?kw=news', routeName: 'feedbackList', token: null }).kind).toBe('login');
  });

  it.each(['feedbackIndex', 'eventServiceIndex', 'dataServiceIndex'])(
    'keeps the token-less page %s open without a token',
    (name) => {
      expect(run({ routeName: name, path: '/web/x', token: null, authorisedRoutes: [] })).toEqual({ kind: 'allow' });
    },
  );

  it('sends a protected /web page without a token to /login with to', () => {
    expect(run({ token: null, path: '/web/taskCenter/taskWorkBench?tab=dsp' })).toEqual({
      kind: 'login',
      to: '/login?to=%2Fweb%2FtaskCenter%2FtaskWorkBench%3Ftab%3Ddsp',
    });
  });

  it('sends a /cms page without a token to /loginAdmin with to', () => {
    expect(run({ token: null, path: '/cms/systemSetting/account', routeName: 'account' })).toEqual({
      kind: 'login',
      to: '/loginAdmin?to=%2Fcms%2FsystemSetting%2Faccount',
    });
  });

  it('allows an administrator a /cms route in the cms menu and denies one outside it', () => {
    const admin = { isAdmin: true, authorisedRoutes: ['cmsHome', 'account'] };
    expect(run({ ...admin, path: '/cms/home/index', routeName: 'cmsHome' })).toEqual({ kind: 'allow' });
    expect(run({ ...admin, path: '/cms/systemSetting/backup', routeName: 'backup' })).toEqual({ kind: 'deny' });
  });

  it('denies /cms routes to a user who is not an administrator, whatever the menu says', () => {
    expect(run({ path: '/cms/home/index', routeName: 'cmsHome', authorisedRoutes: ['cmsHome'] })).toEqual({
      kind: 'deny',
    });
  });

  it('reports an empty authorised list', () => {
    expect(run({ authorisedRoutes: [] })).toEqual({ kind: 'emptyMenu' });
  });

  it('allows a route named in the authorised list and denies one that is not', () => {
    expect(run({})).toEqual({ kind: 'allow' });
    expect(run({ routeName: 'formSummary', path: '/web/taskCenter/formSummary' })).toEqual({ kind: 'deny' });
  });
});

describe('isPublicRoute', () => {
  it('is false for an ordinary protected route', () => {
    expect(isPublicRoute({ path: '/web/taskCenter/taskWorkBench', routeName: 'taskWorkBench', isPublic: false })).toBe(
      false,
    );
  });
});
