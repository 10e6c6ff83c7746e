import type { DemoSeed } from '@/server/db/seed/module-seeds';
import { AUDIENCES } from '../contract';
import { DEFAULT_LAYOUTS } from './default-layouts';
import * as repo from './repository';

/**
 * The demo's 一表通 pages for the three audiences (back office one-table page management shows
 * and edits them). Demo corrections need the synced data tables, which the data centre fills
 * after the first start: demo-corrections.ts adds them then.
 */
export const demoSeed: DemoSeed = async ({ tx, now }) => {
  for (const a of AUDIENCES) await repo.putLayout(tx, a, DEFAULT_LAYOUTS[a], null, now);
};
