import { describe, expect, it } from 'vitest';
import { PUBLIC_ROUTE_NAMES, TOKENLESS_ROUTE_NAMES } from '@/shared/access';
import { catalog } from './routes';

/**
 * Names in the access lists that no module builds yet, each with the issue that builds it. A
 * name leaves this list the day its page exists; keep it as short as the truth allows.
 */
const AWAITING: Record<string, string> = {};

/** Where the spec puts the pages it names (section 2); a module building one keeps its address. */
const SPEC_PATHS: Record<string, string> = {
  specialDetails: '/home/specialDetails',
  feedbackIndex: '/web/feedback/index',
  eventServiceIndex: '/web/eventService/index',
  mobileLogin: '/mobile/mobileLogin',
  mobileFlowChart: '/mobile/mobileFlowChart',
  login: '/login',
  loginAdmin: '/loginAdmin',
  notFound: '/notFound',
  notLicense: '/notLicense',
  platformSelection: '/platformSelection',
};

describe('access lists (spec sections 4 and 6) name real pages', () => {
  const routes = new Map(catalog.routes.map((r) => [r.name, r]));
  const listed = [...PUBLIC_ROUTE_NAMES, ...TOKENLESS_ROUTE_NAMES];

  it('binds every listed name to a declared route with a page (or a redirect to one)', () => {
    const missing = listed.filter((n) => !(n in AWAITING) && !routes.has(n));
    expect(missing).toEqual([]);
  });

  it('keeps the awaiting list honest: a name leaves it once its page exists', () => {
    expect(Object.keys(AWAITING).filter((n) => routes.has(n))).toEqual([]);
    expect(Object.keys(AWAITING).filter((n) => !listed.includes(n))).toEqual([]);
  });

  it("keeps each spec-named page at the spec's address", () => {
    const moved = Object.entries(SPEC_PATHS)
      .filter(([n]) => routes.has(n))
      .filter(([n, p]) => routes.get(n)!.path !== p)
      .map(([n]) => `${n} at ${routes.get(n)!.path}`);
    expect(moved).toEqual([]);
  });

  it('lists each name once, and no name both public and token-less', () => {
    expect(new Set(listed).size).toBe(listed.length);
  });
});
