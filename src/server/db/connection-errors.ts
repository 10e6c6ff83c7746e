/**
 * Tells a database that is away for now (restart, failover, a cut connection, a timeout, a
 * busy SQLite file) from a fault in our own query. The first answers 503 with
 * Codes.databaseUnavailable, so the caller retries later; the second stays a 500.
 */

/**
 * PostgreSQL SQLSTATE classes and codes: 08 connection exception, 57 operator intervention
 * (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now, 57014 statement
 * timeout or cancel), 53300 too many connections.
 */
const PG_CLASSES = ['08', '57'];
const PG_CODES = new Set(['53300']);

/** Socket errors of the pg driver's connection (Node system error codes). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** pg and pg-pool report these without a code. */
const PG_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /is not queryable/,
  /^Cannot use a pool after calling end/,
];

/** better-sqlite3: another process holds the write lock past busy_timeout, or the disk failed a read/write. */
const SQLITE_PREFIXES = ['SQLITE_BUSY', 'SQLITE_IOERR'];

function matchesOne(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (/^[0-9A-Z]{5}$/.test(code) && (PG_CLASSES.includes(code.slice(0, 2)) || PG_CODES.has(code))) return true;
    if (SOCKET_CODES.has(code)) return true;
    if (SQLITE_PREFIXES.some((p) => code.startsWith(p))) return true;
  }
  const message = (err as { message?: unknown }).message;
  return typeof message === 'string' && PG_MESSAGES.some((re) => re.test(message));
}

/** True when the error (or what it wraps: `cause`, an AggregateError's `errors`) says the database is unreachable. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (depth > 4 || typeof err !== 'object' || err === null) return false;
  if (matchesOne(err)) return true;
  const { cause, errors } = err as { cause?: unknown; errors?: unknown };
  if (cause !== undefined && isDatabaseUnavailable(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1));
}
