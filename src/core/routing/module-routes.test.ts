import { describe, expect, it } from 'vitest';
import type { RouteSpec } from '@/shared/module';
import { shellRoutes, toAppRoute } from './module-routes';

const page = async () => ({ default: () => null });

describe('toAppRoute', () => {
  it('takes the layout from the area and only the frame flags a route declares', () => {
    const r = toAppRoute({
      name: 'formWrite',
      path: '/web/eventService/formWrite',
      title: '表单填写',
      area: 'web',
      public: true,
      showSider: false,
      page,
    });
    expect(r).toEqual({
      name: 'formWrite',
      path: '/web/eventService/formWrite',
      lazy: page,
      meta: { title: '表单填写', layout: 'web', public: true, showSider: false },
    });
    expect(toAppRoute({ name: 'login', path: '/login', title: '登录', area: 'top', page }).meta).toEqual({
      title: '登录',
      layout: 'blank',
    });
  });

  it('keeps a redirect route without a page', () => {
    const r = toAppRoute({ name: 'home', path: '/home', title: '首页', area: 'visitor', redirect: '/home/index' });
    expect(r).toEqual({
      name: 'home',
      path: '/home',
      redirect: '/home/index',
      meta: { title: '首页', layout: 'visitor' },
    });
  });
});

describe('shellRoutes', () => {
  it('gives mobile-area routes to the phone shell and every other area to the desktop shell', () => {
    const spec = (name: string, area: RouteSpec['area']): RouteSpec => ({
      name,
      path: `/${name}`,
      title: name,
      area,
      page,
    });
    const tables = shellRoutes({
      modules: [],
      routes: [spec('a', 'cms'), spec('b', 'mobile'), spec('c', 'top'), spec('d', 'visitor')],
    });
    expect(tables.desktop.map((r) => r.name)).toEqual(['a', 'c', 'd']);
    expect(tables.mobile.map((r) => r.name)).toEqual(['b']);
  });
});
