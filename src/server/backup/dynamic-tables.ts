import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { moduleCatalog } from '../module-catalog';
import type { RawDb } from './catalog';

/**
 * Tables a module creates at run time rather than in a migration (the data tables' `dt_<code>`,
 * issue 16): a backup holds their rows like any table's, but the database a backup is restored
 * into may have other ones, or none. A module that makes such tables exports `dynamicTables`
 * from `server/dynamic-tables.ts` (found on disk, as migrations are): their name prefix, and how
 * to create, empty, every table its restored definition rows describe.
 */
export interface DynamicTableFamily {
  /** Every table of the family starts with it, e.g. 'dt_'. */
  prefix: string;
  /** The module's definition tables: create runs only where they exist (not at an older schema level). */
  definitions: string[];
  /**
   * In the restore's transaction, once the module's own (definition) tables hold the backup's
   * rows: creates every physical table they describe, with its indexes, empty.
   */
  create(db: RawDb, postgres: boolean): Promise<void>;
  /**
   * In the restore's transaction, once every row of the backup is in: refills tables derived from
   * other tables that backups skip (SQLite virtual tables such as a full-text index).
   */
  rebuild?(db: RawDb, postgres: boolean): Promise<void>;
}

const FILE = path.join('server', 'dynamic-tables.ts');

/** The families of every module found (none when no module makes tables at run time). */
export async function dynamicTableFamilies(): Promise<DynamicTableFamily[]> {
  const out: DynamicTableFamily[] = [];
  for (const m of (await moduleCatalog()).found) {
    const file = path.join(m.dir, FILE);
    if (!fs.existsSync(file)) continue;
    const mod = (await import(pathToFileURL(file).href)) as { dynamicTables?: DynamicTableFamily };
    if (!mod.dynamicTables) throw new Error(`${file} exports no dynamicTables`);
    out.push(mod.dynamicTables);
  }
  return out;
}
