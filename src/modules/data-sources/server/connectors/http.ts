import { badInput } from '@/server/errors';
import type { HttpSourceConfig } from '../../contract';
import {
  authFailed,
  badResponse,
  databaseMissing,
  DataSourceError,
  networkReason,
  timedOut,
  unreachable,
} from '../source-error';
import { httpConfig } from './config-check';
import type { Limits, SourceSpec } from './types';

/** An answer larger than this is refused (a page of rows, not a dump). */
export const HTTP_MAX_BYTES = 20 * 1024 * 1024;
/** A paging loop that never ends (an API that ignores the page parameter) stops here. */
const MAX_PAGES = 20_000;

/** The URL a dataset reads: the source's URL, with the dataset's path appended when it has one. */
export function datasetUrl(cfg: HttpSourceConfig, subPath: string): URL {
  const url = new URL(cfg.url);
  const p = subPath.trim();
  if (p) {
    if (!/^[A-Za-z0-9_\-./~]+$/.test(p) || p.split('/').some((s) => s === '..' || s === '.'))
      throw badInput('接口路径只能包含字母、数字和 _-./~', { field: 'table' });
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/${p.replace(/^\/+/, '')}`;
  }
  return url;
}

function headersOf(cfg: HttpSourceConfig, secret: string | null): Record<string, string> {
  const h: Record<string, string> = { accept: 'application/json', ...(cfg.headers ?? {}) };
  if (secret) h[cfg.authHeader || 'Authorization'] = `${cfg.authPrefix ?? 'Bearer '}${secret}`;
  return h;
}

async function readCapped(res: Response): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > HTTP_MAX_BYTES) throw badResponse(`内容超过 ${HTTP_MAX_BYTES / 1024 / 1024} MB`);
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > HTTP_MAX_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw badResponse(`内容超过 ${HTTP_MAX_BYTES / 1024 / 1024} MB`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** GET one URL as JSON, with the limits; every failure a coded DataSourceError. */
async function getJson(
  url: URL,
  headers: Record<string, string>,
  limits: Limits,
  signal?: AbortSignal,
): Promise<unknown> {
  const timeout = AbortSignal.timeout(limits.statementMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const where = url.host;
  let res: Response;
  try {
    res = await fetch(url, { headers, signal: combined, redirect: 'follow' });
  } catch (e) {
    signal?.throwIfAborted();
    if (timeout.aborted) throw timedOut('响应', limits.statementMs);
    const cause = (e as { cause?: unknown }).cause;
    throw unreachable(where, networkReason(cause) ?? networkReason(e) ?? '请求失败');
  }
  if (res.status === 401 || res.status === 403) {
    await res.body?.cancel().catch(() => undefined);
    throw authFailed(`（接口 ${where} 答复 HTTP ${res.status}）`);
  }
  if (res.status === 404) {
    await res.body?.cancel().catch(() => undefined);
    throw new DataSourceError(databaseMissing('').code, `接口地址不存在：${url.origin}${url.pathname}（HTTP 404）`);
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw badResponse(`接口答复 HTTP ${res.status}`);
  }
  let text: string;
  try {
    text = await readCapped(res);
  } catch (e) {
    if (e instanceof DataSourceError) throw e;
    signal?.throwIfAborted();
    if (timeout.aborted) throw timedOut('响应', limits.statementMs);
    throw unreachable(where, '读取答复时连接中断');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badResponse('答复不是 JSON');
  }
}

function at(value: unknown, dotted: string | undefined): unknown {
  if (!dotted) return value;
  let v = value;
  for (const key of dotted.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

function rowsOf(json: unknown, cfg: HttpSourceConfig): Record<string, unknown>[] {
  const rows = at(json, cfg.rowsPath);
  if (!Array.isArray(rows))
    throw badResponse(
      cfg.rowsPath ? `答复中 ${cfg.rowsPath} 不是数组` : '答复不是数组（请填写数据路径，例如 data.list）',
    );
  if (rows.some((r) => r === null || typeof r !== 'object' || Array.isArray(r)))
    throw badResponse('数组中的每一项都应是对象（一行数据）');
  return rows as Record<string, unknown>[];
}

/**
 * The rows of an HTTP/JSON dataset, a page at a time, following the source's paging. `maxRows`
 * stops early (previews and detection read only the first page or two).
 */
export async function* httpPages(
  source: SourceSpec,
  subPath: string,
  limits: Limits,
  opts: { maxRows?: number; signal?: AbortSignal } = {},
): AsyncGenerator<Record<string, unknown>[]> {
  const cfg = httpConfig(source);
  const headers = headersOf(cfg, source.secret);
  const base = datasetUrl(cfg, subPath);
  const paging = cfg.paging ?? { mode: 'none' };
  const size = paging.pageSize ?? 100;
  let seen = 0;
  let url: URL | null = base;
  for (let page = 0; url && page < MAX_PAGES; page++) {
    const current: URL = new URL(url);
    if (paging.mode === 'page') {
      current.searchParams.set(paging.pageParam || 'page', String((paging.startPage ?? 1) + page));
      current.searchParams.set(paging.sizeParam || 'pageSize', String(size));
    } else if (paging.mode === 'offset') {
      current.searchParams.set(paging.offsetParam || 'offset', String(page * size));
      current.searchParams.set(paging.limitParam || 'limit', String(size));
    }
    const json = await getJson(current, headers, limits, opts.signal);
    const rows = rowsOf(json, cfg);
    if (rows.length) yield rows;
    seen += rows.length;
    if (opts.maxRows !== undefined && seen >= opts.maxRows) return;
    if (paging.mode === 'none') return;
    if (paging.mode === 'next') {
      const next = at(json, paging.nextPath);
      if (typeof next !== 'string' || !next) return;
      const resolved = new URL(next, current);
      // The token goes only where the source points: a next link elsewhere is refused.
      if (resolved.origin !== base.origin) throw badResponse(`下一页链接指向了其他站点 ${resolved.origin}`);
      url = resolved;
    } else if (rows.length < size) {
      return;
    }
  }
}
