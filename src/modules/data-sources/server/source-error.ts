import { Codes, type Code } from '@/shared/errors';
import { AppError } from '@/server/errors';

/**
 * A data source failed in a way a person can act on: the code names what (unreachable, refused,
 * timeout, missing database, bad SQL, a write refused, an unusable answer) and the message says it
 * in Chinese, safe to show (never the password). HTTP 400: the request described a source that does
 * not work, the platform itself is fine (and a monitor should not page anyone for it).
 */
export class DataSourceError extends AppError {
  constructor(code: Code, message: string) {
    super(code, 400, message);
    this.name = 'DataSourceError';
  }
}

export const unreachable = (where: string, why = '') =>
  new DataSourceError(
    Codes.dataSourceUnreachable,
    `无法连接数据源 ${where}${why ? `（${why}）` : ''}，请检查地址和端口`,
  );
export const authFailed = (who: string) =>
  new DataSourceError(Codes.dataSourceAuthFailed, `数据源拒绝登录：用户 ${who} 的用户名或密码（令牌）不正确`);
export const timedOut = (what: string, ms: number) =>
  new DataSourceError(Codes.dataSourceTimeout, `数据源${what}超时（超过 ${Math.round(ms / 1000)} 秒）`);
export const databaseMissing = (name: string) =>
  new DataSourceError(Codes.dataSourceDatabaseMissing, `数据源中不存在数据库 ${name}`);
export const badSql = (detail: string) =>
  new DataSourceError(Codes.dataSourceBadSql, `查询语句有误：${detail.slice(0, 300)}`);
export const writeRefused = (detail: string) =>
  new DataSourceError(Codes.dataSourceWriteRefused, `数据集只允许一条只读的 SELECT 查询：${detail}`);
export const badResponse = (detail: string) =>
  new DataSourceError(Codes.dataSourceBadResponse, `数据源返回的内容无法读取：${detail.slice(0, 300)}`);

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: '连接被拒绝',
  ENOTFOUND: '找不到该主机',
  EAI_AGAIN: '域名解析失败',
  EHOSTUNREACH: '主机不可达',
  ENETUNREACH: '网络不可达',
  ECONNRESET: '连接被重置',
  EPIPE: '连接已断开',
  PROTOCOL_CONNECTION_LOST: '连接已断开',
  EPROTO: 'TLS 握手失败',
};

/** A network error's reason in words, or null when it is not one. */
export function networkReason(e: unknown): string | null {
  const code = (e as { code?: unknown })?.code;
  return typeof code === 'string' ? (NETWORK_CODES[code] ?? null) : null;
}
