import path from 'node:path';
import type { Db } from '@/server/db/dialect';
import { genContext, type GenContext } from './context';
import { writeJiaowu } from './jiaowu';
import { writeKeyan } from './keyan';
import { writeMenjin } from './menjin';
import { readDemoPeople, type DemoPeople } from './people';
import { writeRenshi } from './renshi';
import { writeSourceFile, type SourceFile } from './sqlite-file';
import type { DemoSize } from './term';
import { writeTushuguan } from './tushuguan';
import { writeWangluo } from './wangluo';
import { writeYikatong } from './yikatong';

/** The seven source systems, by file name (DATA_DIR/sources/<name>.sqlite). */
export const DEMO_SYSTEMS = {
  jiaowu: writeJiaowu,
  renshi: writeRenshi,
  yikatong: writeYikatong,
  menjin: writeMenjin,
  tushuguan: writeTushuguan,
  keyan: writeKeyan,
  wangluo: writeWangluo,
} satisfies Record<string, (f: SourceFile, ctx: GenContext) => void>;
export type DemoSystem = keyof typeof DEMO_SYSTEMS;

export interface GeneratedSystem {
  system: DemoSystem;
  file: string;
  /** Rows per table. */
  counts: Record<string, number>;
  ms: number;
}

/** Where SQLite sources live: the only folder a SQLite data source may name a file in. */
export const sourcesDir = (dataDir: string) => path.join(dataDir, 'sources');

/**
 * Write the source systems for these people (synchronous: better-sqlite3). The same people give
 * the same files, row for row. 'small' (tests) covers two weeks of events, 'full' eleven.
 */
export function writeDemoSystems(
  people: DemoPeople,
  dir: string,
  opts: { size: DemoSize; only?: DemoSystem[]; log?: (line: string) => void },
): GeneratedSystem[] {
  const ctx = genContext(people, opts.size);
  const out: GeneratedSystem[] = [];
  for (const [system, write] of Object.entries(DEMO_SYSTEMS) as [DemoSystem, (typeof DEMO_SYSTEMS)[DemoSystem]][]) {
    if (opts.only && !opts.only.includes(system)) continue;
    const t = Date.now();
    const counts = writeSourceFile(dir, system, (f) => write(f, ctx));
    const ms = Date.now() - t;
    out.push({ system, file: path.join(dir, `${system}.sqlite`), counts, ms });
    const rows = Object.values(counts).reduce((a, b) => a + b, 0);
    opts.log?.(
      `演示源系统 ${system}.sqlite: ${rows} 行 (${Object.entries(counts)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}), ${ms} ms`,
    );
  }
  return out;
}

/** Generate the demo university's source systems from the portal's people (read from `db`), in this thread. */
export async function generateDemoSources(
  db: Db,
  dir: string,
  opts: { size: DemoSize; only?: DemoSystem[]; log?: (line: string) => void },
): Promise<GeneratedSystem[]> {
  return writeDemoSystems(await readDemoPeople(db), dir, opts);
}
