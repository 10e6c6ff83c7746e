import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import S3rver from 's3rver';

/** An S3-compatible server (s3rver, in this process) for tests: its bucket and the env that points an app at it. */
export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** FILE_STORE=s3 settings for buildTestApp's env, with a prefix of this test's own. */
  env: (prefix?: string) => Record<string, string>;
  close: () => Promise<void>;
}

export const TEST_BUCKET = 'campus-portal-test';

export async function startTestS3(): Promise<TestS3> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: TEST_BUCKET, configs: [] }],
  });
  const { port } = (await server.run()) as unknown as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket: TEST_BUCKET,
    env: (prefix = `t-${randomBytes(4).toString('hex')}/`) => ({
      FILE_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: TEST_BUCKET,
      S3_REGION: 'us-east-1',
      // s3rver's fixed credentials.
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
      S3_PREFIX: prefix,
    }),
    close: async () => {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Whether something answers on host:port within a second (Redis for the shared-limits test). */
export function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host, port, timeout: 1000 });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
    s.once('timeout', () => {
      s.destroy();
      resolve(false);
    });
  });
}
