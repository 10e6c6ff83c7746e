import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MODULES_DIR } from '../module-catalog';
import { findMigrations } from './find-migrations';

/*
 * Who owns which table, read from the source (DESIGN §2: a module owns its tables and migrations;
 * another module reaches them only through the owner's commands). The core's tables are the
 * platform's (schema.ts, jobs/tables.ts): any module may use them. A module's tables are declared
 * in its server/tables.ts and created by its server/migrations/.
 */
const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const CORE_TABLE_FILES = [path.join(SERVER_DIR, 'db', 'schema.ts'), path.join(SERVER_DIR, 'jobs', 'tables.ts')];

/** The keys of the `interface Database { … }` block of a file (camelCase table names). */
function declaredTables(file: string): string[] {
  const block = /interface Database \{([^}]*)\}/.exec(fs.readFileSync(file, 'utf8'))?.[1] ?? '';
  return [...block.matchAll(/^\s*(\w+)\s*:/gm)].map((m) => m[1]!);
}

const moduleIds = () =>
  fs
    .readdirSync(MODULES_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

/** table (camelCase) → owners ('core' or a module id). */
function owners(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (table: string, owner: string) => out.set(table, [...(out.get(table) ?? []), owner]);
  for (const f of CORE_TABLE_FILES) for (const t of declaredTables(f)) add(t, 'core');
  for (const m of moduleIds()) {
    const file = path.join(MODULES_DIR, m, 'server', 'tables.ts');
    if (fs.existsSync(file)) for (const t of declaredTables(file)) add(t, m);
  }
  return out;
}

const camel = (snake: string) => snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'upgrade-fixture' || e.name === 'migrations' ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Tables a file names in Kysely's builder (selectFrom, insertInto, updateTable, deleteFrom, joins). */
function tablesUsed(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const calls =
    /\b(?:selectFrom|insertInto|updateTable|deleteFrom|(?:inner|left|right|full)Join)\(\s*'(\w+)(?: as \w+)?'/g;
  return [...new Set([...text.matchAll(calls)].map((m) => m[1]!))];
}

/**
 * SQL on another module's tables that is still to be replaced by a call of the owner's commands.
 * Remove a line when it is fixed; never add one (the test below refuses new ones).
 */
const KNOWN_LEFTOVERS = new Set([
  // home's dashboard and visitor pages read content's notices and auth's visit count
  'home → notice (src/modules/home/server/repository.ts)',
  'home → visitStat (src/modules/home/server/repository.ts)',
  // the messages demo inbox reads content's notices to announce one
  'messages → notice (src/modules/messages/server/seed-messages.ts)',
  // workflow reads organization's department leaders for its approver rules, and its demo seed writes them
  'workflow → departmentLeader (src/modules/workflow/server/repository/people.ts)',
  // workflow joins forms' form table to list processes and filter tasks by form category
  'workflow → form (src/modules/workflow/server/repository/processes.ts)',
  'workflow → form (src/modules/workflow/server/repository/task-lists.ts)',
  // the benchmark (a composition root, see eslint.config.js) builds workflow data directly
  'core → form (src/server/bench/workflow-tasks.ts)',
  'core → formSubmission (src/server/bench/workflow-tasks.ts)',
  'core → wfProcess (src/server/bench/workflow-tasks.ts)',
  'core → wfInstance (src/server/bench/workflow-tasks.ts)',
  'core → wfTask (src/server/bench/workflow-tasks.ts)',
]);

describe('table ownership', () => {
  it('every table has one owner, and that owner is the one whose migration creates it', async () => {
    const byTable = owners();
    for (const [table, who] of byTable) expect(who, `${table} is declared by ${who.join(' and ')}`).toHaveLength(1);

    for (const m of await findMigrations()) {
      const text = fs.readFileSync(m.file, 'utf8');
      for (const [, snake] of text.matchAll(/createTable\('(\w+)'\)/g)) {
        const table = camel(snake!);
        expect(byTable.get(table), `${snake} (created by ${m.name}) is declared in no tables.ts`).toBeDefined();
        expect(byTable.get(table)![0], `${snake} is created by ${m.owner}'s ${m.name}`).toBe(m.owner);
      }
    }
  });

  it('no module or core file writes SQL on a table of another module, beyond the known leftovers', () => {
    const byTable = owners();
    const found: string[] = [];
    const check = (who: string, files: string[]) => {
      for (const file of files)
        for (const t of tablesUsed(file)) {
          const owner = byTable.get(t)?.[0];
          if (owner && owner !== 'core' && owner !== who)
            found.push(`${who} → ${t} (${path.relative(path.join(SERVER_DIR, '..', '..'), file)})`);
        }
    };
    for (const m of moduleIds()) check(m, sourceFiles(path.join(MODULES_DIR, m, 'server')));
    check('core', sourceFiles(SERVER_DIR));
    const fresh = found.filter((f) => !KNOWN_LEFTOVERS.has(f));
    expect(fresh, "call the owning module's server/commands instead of writing SQL on its tables").toEqual([]);
  });
});
