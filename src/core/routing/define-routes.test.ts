import { describe, expect, it } from 'vitest';
import { defineRoutes } from './define-routes';
import type { AppRoute } from './types';

const r = (name: string, path: string): AppRoute => ({
  name,
  path,
  meta: { title: name },
  lazy: async () => ({ default: () => null }),
});

describe('defineRoutes', () => {
  it('returns a valid table unchanged', () => {
    const table = [r('a', '/web/a'), r('b', '/web/b')];
    expect(defineRoutes(table)).toBe(table);
  });

  it('refuses a duplicate name', () => {
    expect(() => defineRoutes([r('a', '/web/a'), r('a', '/web/b')])).toThrow('duplicate route name "a"');
  });

  it('refuses a duplicate path', () => {
    expect(() => defineRoutes([r('a', '/web/a'), r('b', '/web/a')])).toThrow('duplicate route path "/web/a"');
  });

  it('refuses a relative path or a missing name', () => {
    expect(() => defineRoutes([r('a', 'web/a')])).toThrow('must start with /');
    expect(() => defineRoutes([r('', '/web/a')])).toThrow('has no name');
  });
});
