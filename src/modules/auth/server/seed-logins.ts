import type { Transaction } from 'kysely';
import type { Database } from '@/server/db/schema';
import { insertChunks } from '@/server/db/seed/batch';
import { mulberry32 } from '@/server/db/seed/prng';

const HOUR = 3_600_000;
const SEED = 20261124;
/** The back-office login chart's days (home module): a week up to today. */
export const LOGIN_HISTORY_DAYS = 7;

// How sign-ins spread over a day (weights per hour, 0–23): students and staff arrive before the first
// class, after lunch and in the evening; almost nobody at night.
const HOUR_WEIGHTS = [0, 0, 0, 0, 0, 0, 1, 6, 14, 12, 9, 7, 4, 6, 11, 10, 8, 6, 4, 6, 8, 7, 4, 1];
const TOTAL_WEIGHT = HOUR_WEIGHTS.reduce((a, b) => a + b, 0);

function hourOf(r: number): number {
  let left = r * TOTAL_WEIGHT;
  for (const [h, w] of HOUR_WEIGHTS.entries()) {
    if (left < w) return h;
    left -= w;
  }
  return 21;
}

/**
 * A week of sign-ins for the back office's login chart: the audit rows a password sign-in writes
 * (action login, result ok, detail password), by the demo's students, staff and administrator,
 * more on weekdays than at weekends, at the hours people sign in, and today only up to now.
 * Deterministic (seeded), like the rest of the demo.
 */
export async function insertLoginHistory(tx: Transaction<Database>, now: number): Promise<void> {
  const rng = mulberry32(SEED);
  const people = await tx
    .selectFrom('appUser')
    .select(['id', 'username', 'kind'])
    .where('status', '=', 'active')
    .orderBy('id')
    .execute();
  const admin = people.find((p) => p.username === 'admin');
  const users = people.filter((p) => p.kind !== 'admin');
  if (!users.length) return;
  const rows: {
    at: number;
    actorId: number;
    actorName: string;
    action: string;
    target: null;
    detail: string;
    ip: string;
    result: string;
  }[] = [];
  const today = new Date(now);
  today.setHours(0, 0, 0, 0);
  for (let back = LOGIN_HISTORY_DAYS - 1; back >= 0; back--) {
    const day = new Date(today);
    day.setDate(day.getDate() - back);
    const weekend = day.getDay() === 0 || day.getDay() === 6;
    const count = weekend ? rng.int(18, 45) : rng.int(95, 160);
    for (let i = 0; i < count; i++) {
      const at = day.getTime() + hourOf(rng.next()) * HOUR + rng.int(0, HOUR - 1);
      if (at >= now) continue; // today: only what has happened yet
      const u = rng.chance(0.06) && admin ? admin : rng.pick(users);
      rows.push({
        at,
        actorId: u.id,
        actorName: u.username,
        action: 'login',
        target: null,
        detail: 'password',
        ip: `10.${rng.int(16, 31)}.${rng.int(0, 255)}.${rng.int(2, 254)}`,
        result: 'ok',
      });
    }
  }
  rows.sort((a, b) => a.at - b.at);
  await insertChunks(tx, 'auditLog', rows);
}
