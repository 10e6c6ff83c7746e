/**
 * Where the per-IP rate-limit counters live (issue 23), so that the configured limits hold for
 * the whole installation: Redis when REDIS_URL is set; else the database when it is PostgreSQL
 * (shared by every app server); else (one server on SQLite) the process's memory.
 * RATE_LIMIT_STORE=memory|database|redis overrides the choice.
 */
export type RateLimitStoreSettings =
  | { kind: 'memory' }
  | { kind: 'database' }
  | { kind: 'redis'; url: string; prefix: string };

export class RateLimitConfigProblem extends Error {}

export function rateLimitStoreFromEnv(env: NodeJS.ProcessEnv, databaseUrl: string | null): RateLimitStoreSettings {
  const redisUrl = env.REDIS_URL?.trim() || null;
  if (redisUrl && !/^rediss?:\/\/\S+$/.test(redisUrl))
    throw new RateLimitConfigProblem('REDIS_URL must start with redis:// or rediss://');
  const prefix = env.REDIS_PREFIX?.trim() || 'campus-portal:rl:';
  const raw = env.RATE_LIMIT_STORE?.trim().toLowerCase() || '';
  const kind = raw || (redisUrl ? 'redis' : databaseUrl ? 'database' : 'memory');
  if (kind === 'memory') return { kind };
  if (kind === 'database') return { kind };
  if (kind === 'redis') {
    if (!redisUrl) throw new RateLimitConfigProblem('RATE_LIMIT_STORE=redis needs REDIS_URL (redis://host:6379)');
    return { kind, url: redisUrl, prefix };
  }
  throw new RateLimitConfigProblem(`RATE_LIMIT_STORE must be memory, database or redis (got "${raw}")`);
}
