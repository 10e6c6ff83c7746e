import type { FastifyRequest } from 'fastify';
import { notAuthenticated } from '@/server/errors';
import * as repo from './repository';

/** The caller as the personal centre needs them: every read is keyed by their own 学号/工号. */
export async function me(req: FastifyRequest): Promise<repo.Me> {
  const m = await repo.findMe(req.server.db, req.auth!.userId);
  if (!m) throw notAuthenticated('登录已失效，请重新登录');
  return m;
}
