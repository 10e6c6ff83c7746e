import { describe, expect, it } from 'vitest';
import { workflowModule } from '../module';
import routes from './routes';

// src/app/routes.test.ts checks this once the module is registered; until then, the same promise here.
describe('workflow web routes', () => {
  it('match the manifest’s web routes: names, paths, titles, public flags', () => {
    const declared = workflowModule.routes.filter((r) => r.area === 'web');
    expect(routes.map((r) => r.name).sort()).toEqual(declared.map((r) => r.name).sort());
    for (const d of declared) {
      const r = routes.find((x) => x.name === d.name)!;
      expect(r.path).toBe(d.path);
      expect(r.meta?.title).toBe(d.title);
      expect(!!r.meta?.public).toBe(!!d.public);
    }
  });
});
