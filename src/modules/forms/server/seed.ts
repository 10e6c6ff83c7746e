import type { DemoSeed } from '@/server/db/seed/module-seeds';
import { insertSampleForms } from './seed-forms';

export const demoSeed: DemoSeed = ({ tx, adminId, now }) => insertSampleForms(tx, adminId, now);
