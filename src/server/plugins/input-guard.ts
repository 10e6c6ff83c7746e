import fp from 'fastify-plugin';
import { badInput } from '../errors';

/** The path of the first number in `v` that is not finite (Infinity, NaN) or beyond ±2^53, or null. */
function firstUnusableNumber(v: unknown, path: string, depth = 0): string | null {
  if (typeof v === 'number') return Number.isFinite(v) && Math.abs(v) <= Number.MAX_SAFE_INTEGER ? null : path;
  if (!v || typeof v !== 'object' || depth > 32 || Buffer.isBuffer(v)) return null;
  for (const [k, x] of Object.entries(v)) {
    const found = firstUnusableNumber(x, path ? `${path}.${k}` : k, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * ajv's type coercion turns the query text `Infinity`, `-1e400` or `1e999` into a non-finite
 * number and then skips `minimum`/`maximum` for it, so a bounded schema let `page=Infinity`
 * reach SQL (issue 11). After validation, any non-finite number in the query, path or body is
 * refused as an input error naming the field. So is one beyond ±2^53 (1e20 as a time or a form
 * value): JavaScript cannot hold it exactly and PostgreSQL's bigint columns refuse it with a 500.
 */
export const finiteNumbersPlugin = fp(async (app) => {
  app.addHook('preHandler', async (req) => {
    const field =
      firstUnusableNumber(req.query, '') ?? firstUnusableNumber(req.params, '') ?? firstUnusableNumber(req.body, '');
    if (field !== null) throw badInput(`参数 ${field || '(请求体)'} 不合法：数值超出范围`, { field });
  });
});
