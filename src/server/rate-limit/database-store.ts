import { sql } from 'kysely';
import type { Db } from '../db/dialect';

/** What @fastify/rate-limit asks of a store (its types name it only loosely). */
type Answer = (err: Error | null, res?: { current: number; ttl: number }) => void;
/** The library hands child() the route's merged options, routeInfo among them (its types leave that out). */
type RouteOptions = object;

/** Expired rows are swept at most this often per process. */
const SWEEP_EVERY_MS = 60_000;

/**
 * Rate-limit counters in the database's `rate_limit_counter` table (migration
 * 0058-rate-limit-counter), so that every app server on one PostgreSQL counts the same window:
 * one atomic upsert per request starts a window (count 1) when the row is missing or expired,
 * else adds one, and answers the count and the time left. Same keys as the library's own stores
 * (route method and URL, then the address).
 */
export function databaseRateLimitStore(db: Db) {
  let lastSweep = 0;
  const sweep = (now: number) => {
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    sql`delete from rate_limit_counter where expires_at < ${now}`.execute(db).catch(() => {});
  };

  class DatabaseStore {
    constructor(
      _opts: unknown,
      private readonly prefix = 'rl:',
    ) {}

    incr(ip: string, cb: Answer, timeWindow: number): void {
      const now = Date.now();
      const key = `${this.prefix}${ip}`;
      const until = now + timeWindow;
      sql<{ count: number | string; expires_at: number | string }>`
        insert into rate_limit_counter (key, count, expires_at) values (${key}, 1, ${until})
        on conflict (key) do update set
          count = case when rate_limit_counter.expires_at <= ${now} then 1 else rate_limit_counter.count + 1 end,
          expires_at = case when rate_limit_counter.expires_at <= ${now} then ${until} else rate_limit_counter.expires_at end
        returning count, expires_at`
        .execute(db)
        .then((r) => {
          const row = r.rows[0]!;
          cb(null, { current: Number(row.count), ttl: Math.max(0, Number(row.expires_at) - now) });
          sweep(now);
        })
        .catch((e: Error) => cb(e));
    }

    read(ip: string, cb: Answer): void {
      const now = Date.now();
      sql<{ count: number | string; expires_at: number | string }>`
        select count, expires_at from rate_limit_counter where key = ${`${this.prefix}${ip}`}`
        .execute(db)
        .then((r) => {
          const row = r.rows[0];
          if (!row || Number(row.expires_at) <= now) cb(null, { current: 0, ttl: 0 });
          else cb(null, { current: Number(row.count), ttl: Number(row.expires_at) - now });
        })
        .catch((e: Error) => cb(e));
    }

    child(routeOptions: RouteOptions): DatabaseStore {
      const { routeInfo } = routeOptions as { routeInfo: { method: string; url: string } };
      return new DatabaseStore(null, `${this.prefix}${routeInfo.method}${routeInfo.url}-`);
    }
  }
  return DatabaseStore;
}
