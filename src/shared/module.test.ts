import { describe, expect, it } from 'vitest';
import { catalogOf, type ModuleManifest, type RouteSpec } from './module';

const page = async () => ({ default: null });
const route = (name: string, over: Partial<RouteSpec> = {}): RouteSpec => ({
  name,
  path: `/web/${name}`,
  title: name,
  area: 'web',
  page,
  ...over,
});
const mod = (id: string, over: Partial<ModuleManifest> = {}): ModuleManifest => ({
  id,
  title: id,
  routes: [],
  ...over,
});

describe('catalogOf', () => {
  it('orders modules by menuOrder, then id, whatever order they were found in', () => {
    const c = catalogOf([mod('zeta'), mod('beta', { menuOrder: 20 }), mod('alpha'), mod('gamma', { menuOrder: 10 })]);
    expect(c.modules.map((m) => m.id)).toEqual(['gamma', 'beta', 'alpha', 'zeta']);
  });

  it('places a module after the ones it names in `after`, and keeps the rest in order', () => {
    const c = catalogOf([
      mod('workflow', { menuOrder: 10, after: ['forms'] }),
      mod('forms', { menuOrder: 80 }),
      mod('home', { menuOrder: 20 }),
    ]);
    expect(c.modules.map((m) => m.id)).toEqual(['home', 'forms', 'workflow']);
  });

  it('lists the routes of every module in module order', () => {
    const c = catalogOf([mod('b', { routes: [route('b1')] }), mod('a', { routes: [route('a1'), route('a2')] })]);
    expect(c.routes.map((r) => r.name)).toEqual(['a1', 'a2', 'b1']);
  });

  it('refuses duplicates, routes without a page, unknown relation routes and broken `after`', () => {
    expect(() => catalogOf([mod('a'), mod('a')])).toThrow('module "a" is declared twice');
    expect(() =>
      catalogOf([mod('a', { routes: [route('x')] }), mod('b', { routes: [route('x', { path: '/y' })] })]),
    ).toThrow('route name "x" is declared twice');
    expect(() => catalogOf([mod('a', { routes: [route('x'), route('y', { path: '/web/x' })] })])).toThrow(
      'route path "/web/x" is declared twice',
    );
    expect(() => catalogOf([mod('a', { routes: [route('x', { page: undefined })] })])).toThrow(
      'route "x" has neither a page nor a redirect',
    );
    expect(() => catalogOf([mod('a', { routes: [route('x', { relationRoutes: ['nope'] })] })])).toThrow(
      'relation route "nope" is not declared',
    );
    expect(() => catalogOf([mod('a', { after: ['nope'] })])).toThrow('after names no module "nope"');
    expect(() => catalogOf([mod('a', { after: ['b'] }), mod('b', { after: ['a'] })])).toThrow('wait for each other');
  });
});
