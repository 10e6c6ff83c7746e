import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestEntry } from 'workbox-build';
import { webAppManifest } from './manifest';

export const MANIFEST_FILE = 'manifest.webmanifest';
export const SW_FILE = 'sw.js';

/** The part of a Rollup/Rolldown output chunk the shell needs. */
export interface ShellChunk {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  /** The module a chunk stands for (absolute path), when it has one. */
  facadeModuleId?: string | null;
  viteMetadata?: { importedCss: Set<string> };
}

/** The two client branches the entry picks between by path (src/app/main.tsx). */
export type Branch = 'desktop' | 'mobile';
export const BRANCHES: readonly Branch[] = ['desktop', 'mobile'];

/** The shell split by who needs it: every visitor (the entry) and each branch. */
export interface ShellParts {
  /** index.html's entry chunk, its static imports and CSS, and its other lazy helpers (the worker's window side). */
  common: Set<string>;
  /** Each branch: its main chunk, the src/app frames it loads lazily (layouts, the phone shell), their static imports and CSS. */
  branches: Record<Branch, Set<string>>;
}

const branchOf = (fileName: string): Branch | null =>
  /(^|\/)mobile-main-[^/]*\.js$/.test(fileName)
    ? 'mobile'
    : /(^|\/)desktop-main-[^/]*\.js$/.test(fileName)
      ? 'desktop'
      : null;

/**
 * The files the page needs before any route loads (issue 14: split by branch, so a phone caches
 * only the phone branch and a desktop only the desktop one). Lazy page chunks are left to the
 * runtime cache, which the page fills with what it loaded (src/core/pwa/register.ts).
 */
export function shellParts(bundle: Record<string, ShellChunk>): ShellParts {
  const parts: ShellParts = { common: new Set(), branches: { desktop: new Set(), mobile: new Set() } };
  const visit = (fileName: string, into: Set<string>, skip: Set<string>) => {
    const chunk = bundle[fileName];
    if (!chunk || chunk.type !== 'chunk' || into.has(fileName) || skip.has(fileName)) return;
    into.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) if (!skip.has(css)) into.add(css);
    for (const dep of chunk.imports ?? []) visit(dep, into, skip);
  };
  const entries = Object.values(bundle).filter((c) => c.type === 'chunk' && c.isEntry);
  for (const entry of entries) visit(entry.fileName, parts.common, new Set());
  for (const entry of entries) {
    for (const lazy of entry.dynamicImports ?? []) {
      const branch = branchOf(lazy);
      if (!branch) {
        visit(lazy, parts.common, new Set());
        continue;
      }
      const into = parts.branches[branch];
      visit(lazy, into, parts.common);
      for (const frame of bundle[lazy]?.dynamicImports ?? []) {
        if (bundle[frame]?.facadeModuleId?.includes('/src/app/')) visit(frame, into, parts.common);
      }
    }
  }
  return parts;
}

/** Every shell file, whoever needs it. */
export function shellFiles(bundle: Record<string, ShellChunk>): Set<string> {
  const { common, branches } = shellParts(bundle);
  return new Set([...common, ...branches.desktop, ...branches.mobile]);
}

/** A precache entry of a branch's file: the worker installs it only for a page of that branch. */
export type ShellEntry<E> = E & { branches?: Branch[] };

/**
 * Precache list: public files (icons, offline page) and the common shell as workbox precache
 * entries; a branch's files tagged with `branches`, which sw.ts leaves out of the install and
 * caches when a page of that branch asks (CACHE_URLS); other build output is dropped.
 */
export function keepShell<E extends Pick<ManifestEntry, 'url'>>(
  entries: E[],
  shell: Set<string> | ShellParts,
): ShellEntry<E>[] {
  const parts: ShellParts =
    shell instanceof Set ? { common: shell, branches: { desktop: new Set(), mobile: new Set() } } : shell;
  const out: ShellEntry<E>[] = [];
  for (const e of entries) {
    if (!e.url.startsWith('resource/') || parts.common.has(e.url)) {
      out.push(e);
      continue;
    }
    const branches = BRANCHES.filter((b) => parts.branches[b].has(e.url));
    if (branches.length) out.push({ ...e, branches });
  }
  return out;
}

/**
 * vite-plugin-pwa (injectManifest, src pwa/sw.ts) plus a collector that remembers the shell's
 * chunks from the app build, so the precache holds the shell (common part installed, each
 * branch's part tagged) and not all route chunks.
 * Registration is ours (src/core/pwa), so nothing is injected into the page.
 */
export function pwaPlugins(swSrcDir: string): Plugin[] {
  let shell: ShellParts = { common: new Set(), branches: { desktop: new Set(), mobile: new Set() } };
  const collector: Plugin = {
    name: 'campus-portal:app-shell',
    apply: 'build',
    generateBundle(_options, bundle) {
      shell = shellParts(bundle as unknown as Record<string, ShellChunk>);
    },
  };
  return [
    collector,
    ...VitePWA({
      strategies: 'injectManifest',
      srcDir: swSrcDir,
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: webAppManifest(),
      manifestFilename: MANIFEST_FILE,
      includeManifestIcons: false,
      injectManifest: {
        globPatterns: [
          'index.html',
          'offline.html',
          'favicon.svg',
          'logo.svg',
          'icons/*.png',
          'resource/js/*.js',
          'resource/css/*.css',
        ],
        manifestTransforms: [async (entries) => ({ manifest: keepShell(entries, shell), warnings: [] })],
        // The entry's vendor chunk (antd) is larger than workbox's 2 MB default would allow on a bad day.
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ];
}
