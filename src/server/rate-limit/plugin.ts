import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { databaseRateLimitStore } from './database-store';

/**
 * @fastify/rate-limit with its counters where config.rateLimitStore says (issue 23): Redis
 * (REDIS_URL), the database (PostgreSQL: every app server counts the same window), or this
 * process's memory (one server on SQLite). Limits are declared per route (login, captcha,
 * visits); nothing is limited globally.
 */
export const rateLimitPlugin = fp(async (app) => {
  const s = app.config.rateLimitStore;
  if (s.kind === 'redis') {
    // Fail fast instead of queueing commands while Redis is away: a request then answers an error, not a hang.
    const redis = new Redis(s.url, {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      connectTimeout: 5_000,
    });
    redis.on('error', (e) => app.log.warn({ err: { message: e.message } }, 'rate-limit Redis error'));
    // Redis out of reach at start is a start failure with its reason, like the database.
    await redis.connect();
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
    await app.register(rateLimit, { global: false, redis, nameSpace: s.prefix });
  } else if (s.kind === 'database') {
    await app.register(rateLimit, { global: false, store: databaseRateLimitStore(app.db) });
  } else {
    await app.register(rateLimit, { global: false });
  }
});
