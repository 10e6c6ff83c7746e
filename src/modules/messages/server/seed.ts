import type { DemoSeed } from '@/server/db/seed/module-seeds';
import { insertDemoMessages } from './seed-messages';

/** Messages announcing the demo notices (content seeds them first: module.ts `after`). */
export const demoSeed: DemoSeed = ({ tx, now }) => insertDemoMessages(tx, now);
