import qs from 'qs';

type Sent = { data?: unknown; headers?: unknown };

const typed = (v: unknown): unknown => {
  if (Array.isArray(v)) return v.map(typed);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, typed(x)]));
  if (v === 'true' || v === 'false') return v === 'true';
  return typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v;
};

/**
 * What a page's call sent, read as the server reads it, for tests: a JSON body parsed, a
 * form-urlencoded one (the request layer's default) parsed with qs and its numbers and booleans
 * typed as the server's validator coerces them.
 */
export function sentBody<T = Record<string, unknown>>(config: Sent): T {
  const data = config.data;
  if (typeof data !== 'string') return data as T;
  const t = data.trimStart();
  if (t.startsWith('{') || t.startsWith('[')) return JSON.parse(data) as T;
  return typed(qs.parse(data)) as T;
}
