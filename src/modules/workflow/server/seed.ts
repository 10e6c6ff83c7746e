import type { DemoSeed } from '@/server/db/seed/module-seeds';
import { insertSampleProcess } from './seed-workflow';

/** The leave process and its sample requests, run through the engine (forms seeds the form first). */
export const demoSeed: DemoSeed = ({ tx, now }) => insertSampleProcess(tx, now);
