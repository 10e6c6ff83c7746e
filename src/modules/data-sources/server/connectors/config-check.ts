import path from 'node:path';
import { badInput } from '@/server/errors';
import type { DatabaseSourceConfig, HttpSourceConfig, SqliteSourceConfig } from '../../contract';
import type { SourceSpec } from './types';

/**
 * Each kind's settings, checked and cleaned (only the known keys are kept). A bad one is a 400
 * naming the field as `config.<name>`, so the form can mark it.
 */

const field = (name: string) => ({ field: `config.${name}` });

/** Control characters (a header value with a line break would smuggle a second header). */
const hasControl = (s: string) => [...s].some((ch) => ch.charCodeAt(0) < 0x20 && ch !== '\t');

function str(c: Record<string, unknown>, name: string, label: string, opts: { max: number; optional?: boolean }) {
  const v = c[name];
  if (v === undefined || v === null || v === '') {
    if (opts.optional) return undefined;
    throw badInput(`请填写${label}`, field(name));
  }
  if (typeof v !== 'string' || v.length > opts.max || hasControl(v)) throw badInput(`${label}不合法`, field(name));
  return v.trim();
}

export function databaseConfig(source: Pick<SourceSpec, 'config'>): DatabaseSourceConfig {
  const c = source.config;
  const host = str(c, 'host', '主机', { max: 255 })!;
  if (!/^[A-Za-z0-9.:_\-[\]]+$/.test(host)) throw badInput('主机只能是域名或 IP 地址', field('host'));
  const port = c.port;
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535)
    throw badInput('端口必须是 1–65535 的整数', field('port'));
  const out: DatabaseSourceConfig = {
    host,
    port,
    database: str(c, 'database', '数据库名', { max: 128 })!,
    user: str(c, 'user', '用户名', { max: 128 })!,
  };
  const schema = str(c, 'schema', '模式', { max: 128, optional: true });
  if (schema) out.schema = schema;
  if (c.ssl !== undefined && typeof c.ssl !== 'boolean') throw badInput('加密连接只能是是或否', field('ssl'));
  if (c.ssl) out.ssl = true;
  return out;
}

/** SQLite files live under DATA_DIR/sources/: the path is relative to it and may not leave it. */
export function sqliteConfig(source: Pick<SourceSpec, 'config'>): SqliteSourceConfig {
  const file = str(source.config, 'file', '文件', { max: 255 })!;
  const norm = path.posix.normalize(file.replace(/\\/g, '/'));
  if (
    path.posix.isAbsolute(norm) ||
    norm.startsWith('..') ||
    norm.split('/').some((p) => p.startsWith('.')) ||
    !/^[\p{L}\p{N}_.\-/]+$/u.test(norm)
  )
    throw badInput('文件必须是数据目录 sources 文件夹中的文件名，例如 jiaowu.sqlite', field('file'));
  return { file: norm };
}

const PARAM = /^[A-Za-z0-9_.[\]-]{1,60}$/;

export function httpConfig(source: Pick<SourceSpec, 'config'>): HttpSourceConfig {
  const c = source.config;
  const url = str(c, 'url', '接口地址', { max: 2000 })!;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badInput('接口地址不是有效的网址', field('url'));
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw badInput('接口地址只能是 http:// 或 https://', field('url'));
  if (parsed.username || parsed.password)
    throw badInput('接口地址中不能包含用户名或密码，请把令牌填在“令牌”中', field('url'));
  const out: HttpSourceConfig = { url };
  if (c.headers !== undefined) {
    if (typeof c.headers !== 'object' || c.headers === null || Array.isArray(c.headers))
      throw badInput('请求头不合法', field('headers'));
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(c.headers)) {
      if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/.test(k) || typeof v !== 'string' || hasControl(v))
        throw badInput(`请求头 ${k.slice(0, 40)} 不合法`, field('headers'));
      headers[k] = v;
    }
    if (Object.keys(headers).length > 30) throw badInput('请求头最多 30 个', field('headers'));
    if (Object.keys(headers).length) out.headers = headers;
  }
  const rowsPath = str(c, 'rowsPath', '数据路径', { max: 200, optional: true });
  if (rowsPath) {
    if (!/^[A-Za-z0-9_$-]+(\.[A-Za-z0-9_$-]+)*$/.test(rowsPath))
      throw badInput('数据路径写成用点分隔的键，例如 data.list', field('rowsPath'));
    out.rowsPath = rowsPath;
  }
  const authHeader = str(c, 'authHeader', '令牌请求头', { max: 100, optional: true });
  if (authHeader) {
    if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/.test(authHeader))
      throw badInput('令牌请求头不合法', field('authHeader'));
    out.authHeader = authHeader;
  }
  if (c.authPrefix !== undefined && c.authPrefix !== '') {
    if (typeof c.authPrefix !== 'string' || c.authPrefix.length > 40 || hasControl(c.authPrefix))
      throw badInput('令牌前缀不合法', field('authPrefix'));
    out.authPrefix = c.authPrefix;
  }
  const p = c.paging as Record<string, unknown> | undefined;
  if (p !== undefined && p !== null) {
    if (typeof p !== 'object' || Array.isArray(p)) throw badInput('分页设置不合法', field('paging'));
    const mode = p.mode ?? 'none';
    if (mode !== 'none' && mode !== 'page' && mode !== 'offset' && mode !== 'next')
      throw badInput('分页方式只能是不分页、页码、偏移量或下一页链接', field('paging.mode'));
    const paging: NonNullable<HttpSourceConfig['paging']> = { mode };
    for (const key of ['pageParam', 'sizeParam', 'offsetParam', 'limitParam', 'nextPath'] as const) {
      const v = p[key];
      if (v === undefined || v === '') continue;
      if (typeof v !== 'string' || !PARAM.test(v)) throw badInput('分页参数名不合法', field(`paging.${key}`));
      paging[key] = v;
    }
    if (p.pageSize !== undefined) {
      if (typeof p.pageSize !== 'number' || !Number.isInteger(p.pageSize) || p.pageSize < 1 || p.pageSize > 10000)
        throw badInput('每页条数必须是 1–10000 的整数', field('paging.pageSize'));
      paging.pageSize = p.pageSize;
    }
    if (p.startPage !== undefined) {
      if (p.startPage !== 0 && p.startPage !== 1) throw badInput('起始页码只能是 0 或 1', field('paging.startPage'));
      paging.startPage = p.startPage;
    }
    if (mode === 'next' && !paging.nextPath) throw badInput('请填写下一页链接的路径', field('paging.nextPath'));
    out.paging = paging;
  }
  return out;
}

/** The cleaned settings for a kind (what is stored). */
export function checkConfig(kind: SourceSpec['kind'], config: Record<string, unknown>): Record<string, unknown> {
  const source = { config };
  switch (kind) {
    case 'postgres':
    case 'mysql':
      return { ...databaseConfig(source) };
    case 'sqlite':
      return { ...sqliteConfig(source) };
    case 'http':
      return { ...httpConfig(source) };
  }
}
