import { Worker } from 'node:worker_threads';
import type { Db } from '@/server/db/dialect';
import type { GeneratedSystem } from './generate';
import { readDemoPeople } from './people';
import type { DemoSize } from './term';

// The server runs its TypeScript through tsx (`npm start`), whose loader a worker does not
// inherit: the worker registers it, then loads generate-worker.ts.
const BOOT = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(require('node:worker_threads').workerData.entry); })`;

/**
 * Generate in a worker thread: writing 1.5 M rows with better-sqlite3 is synchronous, and on the
 * main thread it would hold every request of a freshly started server for seconds.
 */
export async function generateInWorker(
  db: Db,
  dir: string,
  opts: { size: DemoSize; log: (line: string) => void },
): Promise<GeneratedSystem[]> {
  const people = await readDemoPeople(db);
  return new Promise((resolve, reject) => {
    const worker = new Worker(BOOT, {
      eval: true,
      workerData: { entry: new URL('./generate-worker.ts', import.meta.url).href, people, dir, size: opts.size },
    });
    let result: GeneratedSystem[] | null = null;
    worker.on('message', (m: { line?: string; result?: GeneratedSystem[] }) => {
      if (m.line) opts.log(m.line);
      if (m.result) result = m.result;
    });
    worker.on('error', reject);
    worker.on('exit', (code) =>
      result ? resolve(result) : reject(new Error(`演示源系统生成线程异常退出（退出码 ${code}）`)),
    );
  });
}
