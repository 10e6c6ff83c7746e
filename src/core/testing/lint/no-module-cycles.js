import fs from 'node:fs';
import path from 'node:path';

/**
 * No import cycles between modules (DESIGN §2). Once per lint process, every file under
 * src/modules/<m>/ is scanned for `@/modules/<x>` imports (static, dynamic, re-exports) to build
 * the module graph; an import from module A to module B is reported when B already reaches A.
 * Files being linted are re-read from their text, so an editor sees its own change at once.
 * Tests (*.test.ts, *.test.tsx) are left out: they never ship, and a test may drive a module that
 * depends on its own (an organisation test calling the forms' picker); the boundary rule still
 * holds them to the public faces.
 */

const TEST_FILE = /\.test\.tsx?$/;

const IMPORT_RE = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]@\/modules\/([a-z0-9-]+)\//g;

/** The modules a source text imports. */
export function importedModules(text) {
  const out = new Set();
  for (const m of text.matchAll(IMPORT_RE)) out.add(m[1]);
  return out;
}

const graphs = new Map();

/** module → Set of modules it imports, from the files on disk (cached per modules root). */
export function moduleGraph(modulesRoot) {
  const cached = graphs.get(modulesRoot);
  if (cached) return cached;
  const graph = new Map();
  const walk = (dir, own) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p, own);
      else if (/\.(ts|tsx)$/.test(e.name) && !TEST_FILE.test(e.name))
        for (const to of importedModules(fs.readFileSync(p, 'utf8'))) if (to !== own) graph.get(own).add(to);
    }
  };
  if (fs.existsSync(modulesRoot))
    for (const e of fs.readdirSync(modulesRoot, { withFileTypes: true }))
      if (e.isDirectory()) {
        graph.set(e.name, new Set());
        walk(path.join(modulesRoot, e.name), e.name);
      }
  graphs.set(modulesRoot, graph);
  return graph;
}

/** Whether `from` reaches `to` in the graph (a path of one or more imports). */
function reaches(graph, from, to, seen = new Set()) {
  if (from === to) return true;
  if (seen.has(from)) return false;
  seen.add(from);
  for (const next of graph.get(from) ?? []) if (reaches(graph, next, to, seen)) return true;
  return false;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'forbid imports that close a cycle between modules (src/modules/<m>)' },
    schema: [{ type: 'object', properties: { modulesRoot: { type: 'string' } }, additionalProperties: false }],
    messages: {
      cycle:
        'module "{{from}}" imports "{{to}}", which already depends on "{{from}}" ({{path}}): an import cycle between modules (DESIGN §2)',
    },
  },
  create(context) {
    const modulesRoot = path.resolve(context.options[0]?.modulesRoot ?? path.join(context.cwd, 'src/modules'));
    const rel = path.relative(modulesRoot, path.resolve(context.filename));
    if (rel.startsWith('..') || !rel.includes(path.sep) || TEST_FILE.test(rel)) return {};
    const own = rel.split(path.sep)[0];
    const graph = moduleGraph(modulesRoot);

    // This file's own imports may differ from the disk (an editor's buffer, a lint test's snippet).
    const mine = importedModules(context.sourceCode.getText());
    const chain = (to) => {
      // One path back from `to` to `own`, for the message.
      const prev = new Map([[to, null]]);
      const queue = [to];
      while (queue.length) {
        const at = queue.shift();
        if (at === own) break;
        for (const next of graph.get(at) ?? [])
          if (!prev.has(next)) {
            prev.set(next, at);
            queue.push(next);
          }
      }
      const names = [];
      for (let at = own; at !== null && at !== undefined; at = prev.get(at)) names.unshift(at);
      return [own, ...names].join(' → ');
    };
    const check = (node, source) => {
      const m = /^@\/modules\/([a-z0-9-]+)\//.exec(String(source ?? ''));
      if (!m || m[1] === own || !mine.has(m[1])) return;
      if (reaches(graph, m[1], own))
        context.report({ node, messageId: 'cycle', data: { from: own, to: m[1], path: chain(m[1]) } });
    };
    return {
      ImportDeclaration: (n) => check(n.source, n.source.value),
      ExportNamedDeclaration: (n) => n.source && check(n.source, n.source.value),
      ExportAllDeclaration: (n) => check(n.source, n.source.value),
      ImportExpression: (n) => n.source.type === 'Literal' && check(n.source, n.source.value),
    };
  },
};
