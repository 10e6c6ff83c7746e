import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerCatalog } from '@/server/module-catalog';
import type { Tx } from './batch';

/** What the core seed has made when the modules add their demo data (same transaction). */
export interface DemoSeedContext {
  tx: Tx;
  now: number;
  /** The administrator who authors seeded content. */
  adminId: number;
  /** Platform ids by code (`student`, `staff`, `one-form`). */
  platformId: Map<string, number>;
  /** 'small' (tests) or 'full' (a demo start): a module may keep its bulkier demo data for the full one. */
  size: 'small' | 'full';
}

/** A module's `server/seed.ts` exports `demoSeed`: its part of the demo university. */
export type DemoSeed = (ctx: DemoSeedContext) => Promise<void>;

/**
 * Runs every module's demo seed in catalogue order (a module that reads another's demo data
 * names it in `after`). Found by path, like the server plugins: the core lists no module.
 */
export async function runModuleSeeds(catalog: ServerCatalog, ctx: DemoSeedContext): Promise<void> {
  for (const m of catalog.found) {
    const file = path.join(m.dir, 'server', 'seed.ts');
    if (!fs.existsSync(file)) continue;
    const { demoSeed } = (await import(pathToFileURL(file).href)) as { demoSeed?: DemoSeed };
    if (typeof demoSeed !== 'function') throw new Error(`${file} must export demoSeed`);
    await demoSeed(ctx);
  }
}
