import { describe, expect, it } from 'vitest';
import { isApiPath, isAppRoute, isHashedAsset } from './routes';

const API_PATHS = [
  '/user/login/',
  '/user/api/v1.user/check_user_is_login/',
  // payslips (个人中心 我的工资): never cached by the worker, besides the server's no-store
  '/user/api/v1.userCenter/salary/detail/',
  '/portal/api/x/',
  '/workflow/a/',
  '/message/list/',
  '/affairs/a/',
  '/data/export/',
  '/bi/chart/',
  '/warning/list/',
  '/resource/api/upload/',
  '/invoker_server/q/',
  '/data/invoker_server/query/',
];

describe('the service worker routing rules', () => {
  it('treats every server API path as network-only material', () => {
    for (const p of API_PATHS) expect(isApiPath(p), p).toBe(true);
  });
  it('does not take app routes or build files for API paths', () => {
    for (const p of [
      '/login',
      '/web/home',
      '/cms/home/index',
      '/mobile/mobileLogin',
      '/resource/js/index-abc.js',
      '/userInfo',
    ])
      expect(isApiPath(p), p).toBe(false);
  });
  it('caches only hashed chunks and styles cache-first, never an API under /resource/', () => {
    expect(isHashedAsset('/resource/js/index-GjKAmhBl.js')).toBe(true);
    expect(isHashedAsset('/resource/css/index-DsespaMW.css')).toBe(true);
    expect(isHashedAsset('/resource/api/file.js')).toBe(false);
    expect(isHashedAsset('/resource/assets/logo-abc.png')).toBe(false);
    expect(isHashedAsset('/index.html')).toBe(false);
  });
  it('gives the app shell only to client routes: not to APIs, build files or other files', () => {
    for (const p of ['/', '/login', '/web/personal/index', '/cms/home/index', '/mobile/mobileLogin'])
      expect(isAppRoute(p), p).toBe(true);
    for (const p of ['/data/export/', '/resource/js/x.js', '/resource/missing', '/report.pdf', '/manifest.webmanifest'])
      expect(isAppRoute(p), p).toBe(false);
  });
});
