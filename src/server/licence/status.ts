import type { KeyObject } from 'node:crypto';
import type { Db } from '../db/dialect';
import { daysLeft, verifyLicence } from './licence';
import type { LicenceStatus } from '@/shared/licence';
import { readInstalledLicence } from './store';

export type { LicenceStatus };

export async function licenceStatus(db: Db, publicKey: KeyObject, now = Date.now()): Promise<LicenceStatus> {
  const result = verifyLicence(await readInstalledLicence(db), publicKey, now);
  const l = result.licence;
  return {
    valid: result.ok,
    reason: result.reason,
    id: l?.id ?? null,
    holder: l?.holder ?? null,
    issuedAt: l?.issuedAt ?? null,
    expiresAt: l?.expiresAt ?? null,
    daysLeft: l ? daysLeft(l, now) : null,
    userCap: l?.userCap ?? null,
    modules: l?.modules ?? [],
  };
}

/** Active accounts, counted against the licence's user cap. */
export async function countActiveUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('appUser')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
