import { parentPort, workerData } from 'node:worker_threads';
import { writeDemoSystems } from './generate';
import type { DemoPeople } from './people';
import type { DemoSize } from './term';

/** Worker side of generate-in-worker.ts: write the systems, report each log line, then the result. */
const input = workerData as { people: DemoPeople; dir: string; size: DemoSize };
const result = writeDemoSystems(input.people, input.dir, {
  size: input.size,
  log: (line) => parentPort!.postMessage({ line }),
});
parentPort!.postMessage({ result });
