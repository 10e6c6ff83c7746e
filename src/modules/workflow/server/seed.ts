import type { DemoSeed } from '@/server/db/seed/module-seeds';
import { insertSampleProcess } from './seed-workflow';
import { insertDemoBusiness } from './demo';

/**
 * The leave process and its sample requests, run through the engine (forms seeds the form first);
 * on a demo start (the full seed) also the university's everyday forms, processes and requests
 * (demo/): tests keep the small seed's few requests and their speed.
 */
export const demoSeed: DemoSeed = async ({ tx, now, size }) => {
  await insertSampleProcess(tx, now);
  if (size === 'full') await insertDemoBusiness(tx, now);
};
