import net from 'node:net';
import path from 'node:path';
import { parsePublicKey } from './licence/licence';
import { parseBackupKey } from './backup/key';
import type { FileStoreSettings } from './uploads/file-store';
import { fileStoreFromEnv } from './uploads/store-config';
import { rateLimitStoreFromEnv, type RateLimitStoreSettings } from './rate-limit/config';

/**
 * Configuration comes from the environment only and is validated once at start
 * (DESIGN §5). A bad value throws ConfigError; main.ts prints it and exits 1.
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… when set; otherwise embedded SQLite in dataDir. */
  databaseUrl: string | null;
  production: boolean;
  demo: boolean;
  /** With demo: the data centre's demo source systems on the first start ('full'), two weeks of events ('small') or none ('off'). */
  demoSources: 'full' | 'small' | 'off';
  captchaFixedCode: string | null;
  rsaKeyBits: number;
  lockoutThreshold: number;
  lockoutMinutes: number;
  /**
   * Account-wide failed sign-ins (over every address) after which each further attempt on that
   * account waits a growing delay, capped at lockoutDelayMaxMs; the same count alerts administrators.
   */
  lockoutDelayThreshold: number;
  lockoutDelayMaxMs: number;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /**
   * Per-IP requests a minute on the sign-in routes: a brake on one address, counted for the whole
   * installation in `rateLimitStore`. The lockout, held in the database, protects accounts.
   */
  rateLimits: { login: number; captcha: number; visit: number; directory: number };
  /** Where the rate-limit counters live (REDIS_URL, RATE_LIMIT_STORE; src/server/rate-limit). */
  rateLimitStore: RateLimitStoreSettings;
  /** Where uploads and backups live (FILE_STORE, S3_*; src/server/uploads/file-store.ts). */
  fileStore: FileStoreSettings;
  /** UPLOAD_ORPHAN_DAYS: an upload no record uses is deleted by the daily sweep once this many days old. */
  uploadOrphanDays: number;
  /** Ed25519 public key (PEM or base64 SPKI DER) that licences must be signed with. */
  licencePublicKey: string | null;
  /** Path of a licence file to install at start (optional). */
  licenceFile: string | null;
  /**
   * Single sign-on given by the environment (SSO_KIND and friends), installed at every start
   * over what the back office stored; null = leave the stored setting alone.
   */
  sso: SsoEnv | null;
  /**
   * Which peers may speak for the client through X-Forwarded-For/-Proto/-Host (TRUST_PROXY):
   * false = nobody (req.ip is the socket's peer), true = everybody, or the proxies' addresses
   * and CIDRs. Passed to Fastify's trustProxy as it is.
   */
  trustProxy: boolean | string[];
  /** PostgreSQL timeouts in milliseconds (0 = no limit); unused on SQLite. */
  pg: PgTimeouts;
  /**
   * DATA_SOURCE_KEY: the AES-256-GCM key (32 bytes, base64 or 64 hex digits) that encrypts data
   * sources' credentials at rest; required in production. Null: a key generated once into DATA_DIR.
   */
  dataSourceKey: Buffer | null;
  /**
   * BACKUP_KEY: encrypts and seals backups (32 bytes, base64 or 64 hex digits); required in
   * production. Null: a key generated once into DATA_DIR/backup.key (src/server/backup/key.ts).
   */
  backupKey: Buffer | null;
  /** Directory of the built client (vite build output). */
  staticDir: string;
  logLevel: string;
  /**
   * BI_REPORT_PDF_FONT: the CJK font (TTF, OTF or a TTC collection) BI reports' PDF export draws with;
   * a missing file is answered at export time with a coded error, not at start.
   */
  biReportPdfFont: string;
}

export interface SsoEnv {
  kind: 'none' | 'cas' | 'oidc';
  casServerUrl: string | null;
  oidc: { issuer: string; clientId: string; clientSecret: string; redirectUri: string } | null;
  retainBackDoor: boolean;
  adminHost: string;
}

export interface PgTimeouts {
  /** Opening a connection, or waiting for a free one of the pool. */
  connectMs: number;
  /** The server cancels a statement running longer (PostgreSQL statement_timeout). */
  statementMs: number;
  /** The driver gives up on an answer that does not come (a vanished server cannot cancel). */
  queryMs: number;
  /** An idle pooled connection is closed after this long. */
  idleMs: number;
}

export class ConfigError extends Error {}

function url(env: NodeJS.ProcessEnv, name: string): string {
  const raw = env[name]?.trim() ?? '';
  if (!/^https?:\/\/\S+$/.test(raw))
    throw new ConfigError(
      `${name} must be an http(s) URL${raw ? ` (got "${raw}")` : ' and is required for this SSO_KIND'}`,
    );
  return raw;
}

function required(env: NodeJS.ProcessEnv, name: string): string {
  const raw = env[name]?.trim();
  if (!raw) throw new ConfigError(`${name} is required for this SSO_KIND`);
  return raw;
}

/** SSO_KIND=cas needs SSO_CAS_SERVER_URL; SSO_KIND=oidc needs SSO_OIDC_ISSUER, _CLIENT_ID and _CLIENT_SECRET. */
function ssoFromEnv(env: NodeJS.ProcessEnv): SsoEnv | null {
  const kind = env.SSO_KIND?.trim();
  if (!kind) return null;
  if (kind !== 'none' && kind !== 'cas' && kind !== 'oidc')
    throw new ConfigError(`SSO_KIND must be none, cas or oidc (got "${kind}")`);
  return {
    kind,
    casServerUrl: kind === 'cas' ? url(env, 'SSO_CAS_SERVER_URL') : null,
    oidc:
      kind === 'oidc'
        ? {
            issuer: url(env, 'SSO_OIDC_ISSUER'),
            clientId: required(env, 'SSO_OIDC_CLIENT_ID'),
            clientSecret: required(env, 'SSO_OIDC_CLIENT_SECRET'),
            redirectUri: env.SSO_OIDC_REDIRECT_URI?.trim() ? url(env, 'SSO_OIDC_REDIRECT_URI') : '',
          }
        : null,
    retainBackDoor: bool(env, 'SSO_RETAIN_BACK_DOOR', true),
    adminHost: env.SSO_ADMIN_HOST?.trim() ?? '',
  };
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new ConfigError(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
  return n;
}

function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be 1/0 or true/false (got "${raw}")`);
}

function demoSourcesFromEnv(env: NodeJS.ProcessEnv): Config['demoSources'] {
  const raw = env.DEMO_SOURCES?.trim() || 'full';
  if (raw !== 'full' && raw !== 'small' && raw !== 'off')
    throw new ConfigError(`DEMO_SOURCES must be full, small or off (got "${raw}")`);
  return raw;
}

/** proxy-addr's names for address ranges, which Fastify's trustProxy accepts beside addresses. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function trustedPeer(item: string): boolean {
  if (NAMED_RANGES.includes(item)) return true;
  const [addr, range, ...rest] = item.split('/');
  const family = net.isIP(addr ?? '');
  if (!family || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  // An IPv4 netmask written as an address (10.0.0.0/255.0.0.0).
  return family === 4 && net.isIPv4(range);
}

/**
 * TRUST_PROXY: off unless set. `true` trusts every peer (only when nothing but the proxy can reach
 * the port); otherwise a comma list of the proxies' addresses and CIDRs. Hop counts are refused:
 * Fastify 5 ignores them, because a count cannot tell the proxy from a client sending the header.
 */
function trustProxyFromEnv(env: NodeJS.ProcessEnv): boolean | string[] {
  const raw = env.TRUST_PROXY?.trim() ?? '';
  if (raw === '' || raw === '0' || raw.toLowerCase() === 'false') return false;
  if (raw.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(raw))
    throw new ConfigError(
      `TRUST_PROXY must be true or the proxies' addresses/CIDRs, e.g. 10.0.0.5 or 10.0.0.0/24 (got "${raw}": a hop count cannot tell the proxy from a client)`,
    );
  const items = raw.split(',').map((s) => s.trim());
  const bad = items.find((item) => !trustedPeer(item));
  if (bad !== undefined)
    throw new ConfigError(
      `TRUST_PROXY must be true or a comma list of IP addresses and CIDRs, e.g. 10.0.0.5,10.0.1.0/24 (got "${bad}")`,
    );
  return items;
}

const HOUR_MS = 3_600_000;

/**
 * Connect 5 s: with the database away a request answers 503 well inside the client's 20 s
 * timeout instead of hanging. Statement 30 s: far beyond any interactive query, it stops a
 * runaway one; the driver waits 5 s longer so that the server cancels first.
 */
export const PG_TIMEOUT_DEFAULTS: PgTimeouts = {
  connectMs: 5_000,
  statementMs: 30_000,
  queryMs: 35_000,
  idleMs: 30_000,
};

function pgTimeoutsFromEnv(env: NodeJS.ProcessEnv): PgTimeouts {
  const d = PG_TIMEOUT_DEFAULTS;
  const t: PgTimeouts = {
    connectMs: int(env, 'PG_CONNECT_TIMEOUT_MS', d.connectMs, 0, HOUR_MS),
    statementMs: int(env, 'PG_STATEMENT_TIMEOUT_MS', d.statementMs, 0, HOUR_MS),
    queryMs: int(env, 'PG_QUERY_TIMEOUT_MS', d.queryMs, 0, HOUR_MS),
    idleMs: int(env, 'PG_IDLE_TIMEOUT_MS', d.idleMs, 0, HOUR_MS),
  };
  // The server must get to cancel a slow statement first: a driver-side timeout leaves the connection busy.
  if (t.queryMs !== 0 && t.statementMs !== 0 && t.queryMs <= t.statementMs)
    throw new ConfigError(
      `PG_QUERY_TIMEOUT_MS (${t.queryMs}) must be longer than PG_STATEMENT_TIMEOUT_MS (${t.statementMs}), or 0`,
    );
  return t;
}

/** DATA_SOURCE_KEY: 64 hex digits or base64 of exactly 32 bytes. */
function dataSourceKeyFromEnv(env: NodeJS.ProcessEnv, production: boolean): Buffer | null {
  const raw = env.DATA_SOURCE_KEY?.trim() ?? '';
  if (!raw) {
    if (production)
      throw new ConfigError(
        'DATA_SOURCE_KEY is required when NODE_ENV=production (32 random bytes, base64 or hex: openssl rand -base64 32)',
      );
    return null;
  }
  const key = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32 || (!/^[0-9a-fA-F]{64}$/.test(raw) && key.toString('base64') !== raw))
    throw new ConfigError(
      'DATA_SOURCE_KEY must be 32 bytes, written as 64 hex digits or base64 (openssl rand -base64 32)',
    );
  return key;
}

/** BACKUP_KEY: required in production; its form is checked by the backup code's parser. */
function backupKeyFromEnv(env: NodeJS.ProcessEnv, production: boolean): Buffer | null {
  const raw = env.BACKUP_KEY?.trim() ?? '';
  if (!raw) {
    if (production)
      throw new ConfigError(
        'BACKUP_KEY is required when NODE_ENV=production (32 random bytes, base64 or hex: openssl rand -base64 32)',
      );
    return null;
  }
  try {
    return parseBackupKey(raw);
  } catch (e) {
    throw new ConfigError((e as Error).message);
  }
}

/** A parser of another folder (file store, rate-limit store): its message becomes a ConfigError. */
function wrapped<T>(parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    throw new ConfigError((e as Error).message);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV ?? 'development';
  if (!['development', 'production', 'test'].includes(nodeEnv))
    throw new ConfigError(`NODE_ENV must be development, production or test (got "${nodeEnv}")`);
  const production = nodeEnv === 'production';

  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');

  const captchaFixedCode = env.CAPTCHA_FIXED_CODE?.trim() || null;
  if (captchaFixedCode && production)
    throw new ConfigError('CAPTCHA_FIXED_CODE is for automated tests only and is refused when NODE_ENV=production');
  if (captchaFixedCode && !/^[A-Za-z0-9]{4,8}$/.test(captchaFixedCode))
    throw new ConfigError('CAPTCHA_FIXED_CODE must be 4–8 letters or digits');

  const host = env.HOST?.trim() || '127.0.0.1';
  const rsaKeyBits = int(env, 'RSA_KEY_BITS', 1024, 1024, 4096);
  if (rsaKeyBits % 1024 !== 0) throw new ConfigError('RSA_KEY_BITS must be 1024, 2048, 3072 or 4096');

  const licencePublicKey = env.LICENCE_PUBLIC_KEY?.trim() || null;
  if (licencePublicKey) {
    try {
      parsePublicKey(licencePublicKey);
    } catch (e) {
      throw new ConfigError(
        `LICENCE_PUBLIC_KEY must be an Ed25519 public key, PEM or base64 SPKI (${(e as Error).message})`,
      );
    }
  } else if (production) {
    throw new ConfigError(
      'LICENCE_PUBLIC_KEY is required when NODE_ENV=production (the Ed25519 public key licences are signed with)',
    );
  }

  return {
    port: int(env, 'PORT', 8080, 0, 65535),
    host,
    dataDir: path.resolve(env.DATA_DIR?.trim() || './data'),
    databaseUrl,
    production,
    demo: bool(env, 'DEMO', !production),
    demoSources: demoSourcesFromEnv(env),
    captchaFixedCode,
    rsaKeyBits,
    lockoutThreshold: int(env, 'LOCKOUT_THRESHOLD', 5, 1, 100),
    lockoutMinutes: int(env, 'LOCKOUT_MINUTES', 15, 1, 24 * 60),
    lockoutDelayThreshold: int(env, 'LOCKOUT_DELAY_THRESHOLD', 10, 1, 10_000),
    // At most 15 s: the client gives up on a request after 20 s.
    lockoutDelayMaxMs: int(env, 'LOCKOUT_DELAY_MAX_SECONDS', 10, 0, 15) * 1000,
    sessionIdleMinutes: int(env, 'SESSION_IDLE_MINUTES', 30, 1, 24 * 60),
    sessionAbsoluteHours: int(env, 'SESSION_ABSOLUTE_HOURS', 10, 1, 24 * 30),
    rateLimits: {
      login: int(env, 'LOGIN_RATE_LIMIT', 20, 1, 1_000_000),
      captcha: int(env, 'CAPTCHA_RATE_LIMIT', 30, 1, 1_000_000),
      visit: int(env, 'VISIT_RATE_LIMIT', 60, 1, 1_000_000),
      directory: int(env, 'DIRECTORY_RATE_LIMIT', 120, 1, 1_000_000),
    },
    rateLimitStore: wrapped(() => rateLimitStoreFromEnv(env, databaseUrl)),
    fileStore: wrapped(() => fileStoreFromEnv(env)),
    uploadOrphanDays: int(env, 'UPLOAD_ORPHAN_DAYS', 7, 1, 3650),
    licencePublicKey,
    licenceFile: env.LICENCE_FILE?.trim() || null,
    sso: ssoFromEnv(env),
    trustProxy: trustProxyFromEnv(env),
    pg: pgTimeoutsFromEnv(env),
    dataSourceKey: dataSourceKeyFromEnv(env, production),
    backupKey: backupKeyFromEnv(env, production),
    staticDir: path.resolve(env.STATIC_DIR?.trim() || './dist'),
    logLevel: env.LOG_LEVEL?.trim() || (nodeEnv === 'test' ? 'silent' : 'info'),
    biReportPdfFont: env.BI_REPORT_PDF_FONT?.trim() || '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  };
}
