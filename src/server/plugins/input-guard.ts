import fp from 'fastify-plugin';
import { badInput } from '../errors';

/** What is wrong with a value no handler can use, or null: the reason a person reads. */
function flaw(v: unknown): string | null {
  if (typeof v === 'number')
    return Number.isFinite(v) && Math.abs(v) <= Number.MAX_SAFE_INTEGER ? null : '数值超出范围';
  if (typeof v === 'string') return v.includes('\0') ? '不能包含空字符 (\\u0000)' : null;
  return null;
}

/** The path and flaw of the first unusable value in `v`, or null. */
function firstUnusable(v: unknown, path: string, depth = 0): { field: string; reason: string } | null {
  const reason = flaw(v);
  if (reason) return { field: path, reason };
  if (!v || typeof v !== 'object' || depth > 32 || Buffer.isBuffer(v)) return null;
  for (const [k, x] of Object.entries(v)) {
    const found = firstUnusable(x, path ? `${path}.${k}` : k, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Values that pass a schema yet break the database, refused after validation as an input
 * error naming the field (issue 11):
 * - ajv's type coercion turns the query text `Infinity` or `1e400` into a non-finite number and
 *   then skips `minimum`/`maximum` for it, so a bounded schema let `page=Infinity` reach SQL;
 * - a number beyond ±2^53 (`from=1e20`) is not exact in JavaScript, and PostgreSQL's bigint
 *   columns refuse it with a 500;
 * - a NUL character in any string: PostgreSQL text cannot hold one (a 500 on sign-in, search
 *   and every save), and no name, keyword or text a person types has one.
 */
export const inputGuardPlugin = fp(async (app) => {
  app.addHook('preHandler', async (req) => {
    const found = firstUnusable(req.query, '') ?? firstUnusable(req.params, '') ?? firstUnusable(req.body, '');
    if (found) throw badInput(`参数 ${found.field || '(请求体)'} 不合法：${found.reason}`, { field: found.field });
  });
});
