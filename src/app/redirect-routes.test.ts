import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { buildDesktopRouteObjects } from './desktop-router';
import { desktopRoutes } from './routes';

/** Where the router sends a bare address: the Navigate element of the route that matches it. */
function forwardOf(path: string): string | null {
  const match = matchRoutes(buildDesktopRouteObjects(desktopRoutes), path)?.at(-1);
  const el = match?.route.element as { props?: { to?: string } } | undefined;
  return el?.props?.to ?? null;
}

describe('spec redirects (section 2 and 4)', () => {
  it('opens the approval centre on its workbench', () => {
    expect(forwardOf('/web/taskCenter')).toBe('/web/taskCenter/taskWorkBench');
  });

  it('opens the back office at /cms on its first page', () => {
    expect(forwardOf('/cms')).toBe('/cms/home/index');
  });

  it('forwards every redirect route to a declared page, never to notFound', () => {
    const paths = new Set(desktopRoutes.filter((r) => r.lazy).map((r) => r.path));
    const redirects = desktopRoutes.filter((r) => r.redirect);
    expect(redirects.map((r) => r.name)).toEqual(expect.arrayContaining(['home', 'taskCenter', 'cms']));
    for (const r of redirects) expect({ name: r.name, to: paths.has(r.redirect!) }).toEqual({ name: r.name, to: true });
  });
});
