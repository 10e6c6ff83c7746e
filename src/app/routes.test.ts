import { describe, expect, it } from 'vitest';
import { desktopRoutes, mobileRoutes } from './routes';
import { manifests } from '@/modules/manifests';

// Areas the desktop shell serves and the layout each puts its routes in.
const layoutOfArea: Record<string, string[]> = { top: ['blank'], visitor: ['visitor'], web: ['web'], cms: ['cms'] };
const desktopAreas = Object.keys(layoutOfArea);

describe('client route table', () => {
  const manifestRoutes = manifests.flatMap((m) => m.routes).filter((r) => desktopAreas.includes(r.area));

  it('has a client route with the same name and path for every manifest route', () => {
    const client = new Map(desktopRoutes.map((r) => [r.name, r.path]));
    const missing = manifestRoutes.filter((m) => client.get(m.name) !== m.path).map((m) => `${m.name} ${m.path}`);
    expect(missing).toEqual([]);
  });

  it('has no client route the manifests do not declare', () => {
    const declared = new Map(manifestRoutes.map((m) => [m.name, m.path]));
    const extra = desktopRoutes.filter((r) => declared.get(r.name) !== r.path).map((r) => `${r.name} ${r.path}`);
    expect(extra).toEqual([]);
  });

  it('declares each route once', () => {
    expect(new Set(desktopRoutes.map((r) => r.name)).size).toBe(desktopRoutes.length);
    expect(new Set(desktopRoutes.map((r) => r.path)).size).toBe(desktopRoutes.length);
  });

  it('agrees with the manifests on public access and puts each route in its area layout', () => {
    const byName = new Map(manifestRoutes.map((m) => [m.name, m]));
    for (const r of desktopRoutes) {
      const m = byName.get(r.name)!;
      expect({ name: r.name, public: !!r.meta.public }).toEqual({ name: m.name, public: !!m.public });
      expect(layoutOfArea[m.area]).toContain(r.meta.layout ?? 'blank');
    }
  });
});

describe('phone route table', () => {
  const manifestRoutes = manifests.flatMap((m) => m.routes).filter((r) => r.area === 'mobile');

  it('matches the mobile-area manifest routes by name, path and public access, all in the mobile layout', () => {
    const client = mobileRoutes.map((r) => ({
      name: r.name,
      path: r.path,
      public: !!r.meta.public,
      layout: r.meta.layout,
    }));
    const declared = manifestRoutes.map((m) => ({ name: m.name, path: m.path, public: !!m.public, layout: 'mobile' }));
    expect(client).toEqual(declared);
  });

  it('keeps every phone route under /mobile and out of the desktop table', () => {
    expect(mobileRoutes.every((r) => r.path.startsWith('/mobile/'))).toBe(true);
    const desktop = new Set(desktopRoutes.map((r) => r.name));
    expect(mobileRoutes.filter((r) => desktop.has(r.name))).toEqual([]);
  });
});
