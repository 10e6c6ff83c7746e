import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Which test files the PostgreSQL pass runs: those whose outcome depends on the test database.
 * A file qualifies when it, or a project file it imports (followed transitively), names one of
 * these: the test app (`buildTestApp`, which opens PostgreSQL under TEST_DB=pg) or the switch
 * itself. Pure tests (config, sanitising, licence signing, spreadsheet parsing, apps built on an
 * explicit in-memory SQLite) would only run a second time unchanged, so they stay SQLite-only.
 */
export const DATABASE_MARKERS = ['buildTestApp', 'usePostgres', 'createPgSchema', 'TEST_DATABASE_URL', 'TEST_DB'];

/** Where the markers are defined: importing it for testConfig() alone does not touch the database. */
const DEFINITIONS = 'src/server/test/helper.ts';

const TEST_FILE = /\.test\.tsx?$/;
// `import … from 'x'`, `export … from 'x'`, `import 'x'` and `import('x')`
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(?\s*['"]([^'"]+)['"]/g;
const MARKER = new RegExp(`\\b(?:${DATABASE_MARKERS.join('|')})\\b`);

/** Every test file under these folders of root, as root-relative paths with forward slashes. */
export function listTestFiles(root: string, dirs: string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules') walk(full);
      } else if (TEST_FILE.test(e.name)) found.push(path.relative(root, full).split(path.sep).join('/'));
    }
  };
  for (const d of dirs) walk(path.join(root, d));
  return found.sort();
}

/** A project file an import names (relative or '@/'), or null for packages and node built-ins. */
function resolveImport(root: string, from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = path.join(root, 'src', spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (/\.tsx?$/.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * The test files among `testFiles` that touch the database (see DATABASE_MARKERS), in the same
 * order. Paths are root-relative.
 */
export function databaseTestFiles(root: string, testFiles: string[]): string[] {
  const definitions = path.join(root, DEFINITIONS);
  // Each file is read once: whether it names a marker itself, and the project files it imports.
  const scanned = new Map<string, { marked: boolean; imports: string[] }>();
  const scan = (file: string) => {
    let s = scanned.get(file);
    if (!s) {
      const text = file === definitions ? '' : fs.readFileSync(file, 'utf8');
      const imports = [...text.matchAll(IMPORT)].map((m) => resolveImport(root, file, (m[1] ?? m[2])!));
      s = { marked: MARKER.test(text), imports: imports.filter((f): f is string => f !== null) };
      scanned.set(file, s);
    }
    return s;
  };
  const touches = (start: string) => {
    const seen = new Set([start]);
    const queue = [start];
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      const s = scan(file);
      if (s.marked) return true;
      for (const next of s.imports) {
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    return false;
  };
  return testFiles.filter((f) => touches(path.join(root, f)));
}

/**
 * Test files that must run in a fresh module graph of their own: component tests (jsdom, chosen by
 * the file's `@vitest-environment` line), files that replace modules (`vi.mock`), globals or timers,
 * or that assign `process.env`. Every other test file shares its worker's modules with the files run
 * before it (vitest `isolate: false`): loading the server once per worker instead of once per file
 * halves the suite's time, so those files must leave no state behind (see src/server/README.md).
 */
const NEEDS_ISOLATION =
  /@vitest-environment|\bvi\.(?:mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(|process\.env\.[A-Za-z_]+\s*=(?!=)|process\.env\[[^\]]+\]\s*=(?!=)/;

/** The test files among `testFiles` that need their own module graph (see NEEDS_ISOLATION). */
export function isolatedTestFiles(root: string, testFiles: string[]): string[] {
  return testFiles.filter((f) => NEEDS_ISOLATION.test(fs.readFileSync(path.join(root, f), 'utf8')));
}

// `npx tsx src/core/testing/database-test-files.ts`: the PostgreSQL pass's files, then the test
// files it leaves to SQLite alone, so a reviewer can check that no database test is missing.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const all = listTestFiles(root, ['src', 'pwa']);
  const db = new Set(databaseTestFiles(root, all));
  console.log(`PostgreSQL pass (${db.size} of ${all.length} test files):`);
  for (const f of db) console.log(`  ${f}`);
  console.log('SQLite only:');
  for (const f of all.filter((f) => !db.has(f))) console.log(`  ${f}`);
}
