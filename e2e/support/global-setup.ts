import type { TestProject } from 'vitest/node';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** http://127.0.0.1:<port> of the server every spec talks to. */
    baseURL: string;
    /** Its DATA_DIR (the SQLite file lives there). */
    dataDir: string;
  }
}

/** One server for the whole suite, started before the first spec and stopped after the last. */
export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide('baseURL', server.baseURL);
  project.provide('dataDir', server.dataDir);
  return async () => {
    await server.stop();
  };
}
