import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** One chunk of dist/.vite/manifest.json (vite build with build.manifest). */
interface Chunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, Chunk>;

const manifestPath = (root: string) => path.join(root, 'dist/.vite/manifest.json');

/** Vite names chunks relative to its root (src/app); name them from the repository's top instead. */
function readManifest(root: string): Manifest {
  const fromTop = (key: string) => path.posix.normalize(path.posix.join('src/app', key));
  const raw = JSON.parse(fs.readFileSync(manifestPath(root), 'utf8')) as Manifest;
  return Object.fromEntries(
    Object.entries(raw).map(([key, c]) => [fromTop(key), { ...c, imports: c.imports?.map(fromTop) }]),
  );
}

export function ensureBuild(root: string, build: (cmd: string) => void): void {
  if (!fs.existsSync(manifestPath(root))) build('vite build');
}

/** A route declared in some module.ts: `{ name, path: '/x', area: 'cms', …, page: () => import('./cms/pages/y') }`. */
interface DeclaredRoute {
  page: string;
  layout: string;
}

// The layout that frames each area (as src/core/routing/module-routes.ts maps it).
const LAYOUT_OF_AREA: Record<string, string> = {
  top: 'blank',
  visitor: 'visitor',
  web: 'web',
  cms: 'cms',
  mobile: 'mobile',
};

function moduleFiles(root: string): string[] {
  const modules = path.join(root, 'src/modules');
  return fs
    .readdirSync(modules, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => path.join(modules, e.name, 'module.ts'))
    .filter((f) => fs.existsSync(f));
}

function resolveModule(fromFile: string, spec: string): string | null {
  const base = path.resolve(path.dirname(fromFile), spec);
  for (const c of [base, `${base}.tsx`, `${base}.ts`, path.join(base, 'index.tsx'), path.join(base, 'index.ts')]) {
    if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  }
  return null;
}

/** The object literal around `at`: from the nearest unclosed '{' before it to its matching '}'. */
function enclosingObject(text: string, at: number): string {
  let depth = 0;
  let start = at;
  for (; start > 0; start--) {
    if (text[start] === '}') depth++;
    else if (text[start] === '{' && depth-- === 0) break;
  }
  depth = 0;
  for (let end = start; end < text.length; end++) {
    if (text[end] === '{') depth++;
    else if (text[end] === '}' && --depth === 0) return text.slice(start, end + 1);
  }
  return text.slice(start);
}

/**
 * Finds the page module and layout of a route by reading the modules' declarations: the object
 * literal holding `path: '<route>'` names its page either inline (`page: () => import('…')`) or
 * through a const defined in the same file (`const loginPage = () => import('…')`), and its area.
 */
export function findRoute(root: string, routePath: string): DeclaredRoute | null {
  const quoted = new RegExp(`path:\\s*['"]${routePath.replace(/[/.*+?^${}()|[\]\\]/g, '\\$&')}['"]`);
  for (const file of moduleFiles(root)) {
    const text = fs.readFileSync(file, 'utf8');
    const at = text.search(quoted);
    if (at < 0) continue;
    const literal = enclosingObject(text, at);
    let spec = /page:\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)/.exec(literal)?.[1];
    if (!spec) {
      const ident = /page:\s*([A-Za-z_$][\w$]*)/.exec(literal)?.[1];
      if (ident)
        spec = new RegExp(`const\\s+${ident}\\s*=\\s*\\(\\)\\s*=>\\s*import\\(\\s*['"]([^'"]+)['"]`).exec(text)?.[1];
    }
    const page = spec ? resolveModule(file, spec) : null;
    if (!page) continue;
    const area = /area:\s*['"]([\w-]+)['"]/.exec(literal)?.[1] ?? 'top';
    return { page: path.relative(root, page).split(path.sep).join('/'), layout: LAYOUT_OF_AREA[area] ?? area };
  }
  return null;
}

/** The chunk and everything it imports statically (what the browser must fetch before it runs). */
function closure(manifest: Manifest, key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const i of chunk.imports ?? []) closure(manifest, i, into);
}

export interface FirstLoad {
  files: string[];
  raw: number;
  gzip: number;
  note: string;
}

/**
 * First-load JS of a route: the scripts index.html loads (entry chunk and its modulepreloads),
 * plus the lazy chunks the route needs before it paints — the shell branch (desktop-main or
 * mobile-main), the frame of its layout (lazy shells/layouts under src/app) and its page — each
 * with its static imports. Sizes are of the
 * built files; gzip at level 9 approximates what a compressing proxy serves.
 */
export function firstLoadJs(root: string, routePath: string): FirstLoad {
  const dist = path.join(root, 'dist');
  const manifest = readManifest(root);
  const files = new Set<string>();

  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  for (const m of html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/?([^"]+\.js)"/g))
    files.add(m[1]!);
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(manifest, key, files);

  const notes: string[] = [];
  const route = findRoute(root, routePath);
  if (!route) notes.push('route page not found in any module.ts');
  else {
    if (!manifest[route.page]) notes.push(`page ${route.page} is not a chunk`);
    closure(manifest, route.page, files);
    // The shell branch main.tsx imports for this path, then the lazy frames: a dynamically
    // imported module under src/app whose file names this layout (layouts/cms-layout.tsx, shells/mobile-shell.tsx).
    closure(manifest, route.layout === 'mobile' ? 'src/app/mobile-main.tsx' : 'src/app/desktop-main.tsx', files);
    const frameName = new RegExp(`(^|[/-])${route.layout}([/-]|\\.tsx?$)`);
    for (const [key, chunk] of Object.entries(manifest)) {
      if (chunk.isDynamicEntry && key.startsWith('src/app/') && frameName.test(key)) closure(manifest, key, files);
    }
  }

  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const bytes = fs.readFileSync(path.join(dist, f));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: [...files], raw, gzip, note: notes.join('; ') };
}
