import type { FileStoreSettings } from './file-store';

/** A problem with the file store's settings; config.ts turns it into a ConfigError. */
export class StoreConfigProblem extends Error {}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new StoreConfigProblem(`${name} must be 1/0 or true/false (got "${raw}")`);
}

function need(env: NodeJS.ProcessEnv, name: string): string {
  const raw = env[name]?.trim();
  if (!raw) throw new StoreConfigProblem(`${name} is required when FILE_STORE=s3`);
  return raw;
}

/**
 * FILE_STORE: `local` (default: DATA_DIR/uploads and DATA_DIR/backups) or `s3` (an S3-compatible
 * bucket: S3_BUCKET, S3_ACCESS_KEY and S3_SECRET_KEY required; S3_ENDPOINT for MinIO and other
 * non-AWS servers; S3_REGION, default us-east-1; S3_FORCE_PATH_STYLE, default on when
 * S3_ENDPOINT is set; S3_PREFIX, keys start with it).
 */
export function fileStoreFromEnv(env: NodeJS.ProcessEnv): FileStoreSettings {
  const kind = env.FILE_STORE?.trim().toLowerCase() || 'local';
  if (kind === 'local') return { kind: 'local' };
  if (kind !== 's3') throw new StoreConfigProblem(`FILE_STORE must be local or s3 (got "${env.FILE_STORE}")`);
  const endpoint = env.S3_ENDPOINT?.trim() || null;
  if (endpoint && !/^https?:\/\/[^\s/]+(\/\S*)?$/.test(endpoint))
    throw new StoreConfigProblem(
      `S3_ENDPOINT must be an http(s) URL, e.g. https://minio.example.edu:9000 (got "${endpoint}")`,
    );
  const bucket = need(env, 'S3_BUCKET');
  // S3's bucket naming rules (3–63 lower-case letters, digits, dots and hyphens).
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new StoreConfigProblem(
      `S3_BUCKET must be a bucket name (3–63 lower-case letters, digits, '.' and '-'; got "${bucket}")`,
    );
  const region = env.S3_REGION?.trim() || 'us-east-1';
  if (!/^[a-z0-9-]{1,40}$/.test(region))
    throw new StoreConfigProblem(`S3_REGION must be a region name such as us-east-1 (got "${region}")`);
  let prefix = env.S3_PREFIX?.trim() ?? '';
  if (prefix && !prefix.endsWith('/')) prefix += '/';
  if (prefix.startsWith('/') || prefix.includes('..') || prefix.includes('//'))
    throw new StoreConfigProblem(`S3_PREFIX must be a relative key prefix such as campus-portal/ (got "${prefix}")`);
  return {
    kind: 's3',
    endpoint,
    bucket,
    region,
    accessKey: need(env, 'S3_ACCESS_KEY'),
    secretKey: need(env, 'S3_SECRET_KEY'),
    forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE', !!endpoint),
    prefix,
  };
}
