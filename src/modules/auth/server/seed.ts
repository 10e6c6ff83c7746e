import type { DemoSeed } from '@/server/db/seed/module-seeds';
import { insertLoginHistory } from './seed-logins';

/** A demo start's week of sign-ins (the back office's login chart); tests keep an empty log to count their own. */
export const demoSeed: DemoSeed = async ({ tx, now, size }) => {
  if (size === 'full') await insertLoginHistory(tx, now);
};
