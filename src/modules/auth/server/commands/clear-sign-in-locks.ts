import type { Db } from '@/server/db/dialect';
import { clearAllFailures } from '../repository';

/**
 * An administrator's unlock (accounts module): every failure streak of the account ends and
 * every address locked out of it may try again. Pass the caller's transaction, which also
 * clears the account's lock mark and writes the audit row. Answers how many addresses were locked.
 */
export async function clearSignInLocks(db: Db, username: string): Promise<number> {
  return clearAllFailures(db, username, Date.now());
}
