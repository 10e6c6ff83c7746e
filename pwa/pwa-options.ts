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

/**
 * The files the page needs before any route loads: each entry chunk, the shell branches it
 * picks between by path (its dynamic imports: desktop-main, mobile-main), the frames those load
 * lazily from src/app (layouts, the phone shell — the guard runs inside them, so an unvisited
 * page offline still reaches it), their static imports (transitively) and their CSS. Lazy page
 * chunks are left to the runtime cache.
 */
export function shellFiles(bundle: Record<string, ShellChunk>): Set<string> {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (!chunk || chunk.type !== 'chunk' || files.has(fileName)) return;
    files.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
    visit(chunk.fileName);
    for (const branch of chunk.dynamicImports ?? []) {
      visit(branch);
      for (const frame of bundle[branch]?.dynamicImports ?? []) {
        if (bundle[frame]?.facadeModuleId?.includes('/src/app/')) visit(frame);
      }
    }
  }
  return files;
}

/** Precache list: build output only when it is part of the shell; public files (icons, offline page) always. */
export function keepShell<E extends Pick<ManifestEntry, 'url'>>(entries: E[], shell: Set<string>): E[] {
  return entries.filter((e) => !e.url.startsWith('resource/') || shell.has(e.url));
}

/**
 * vite-plugin-pwa (injectManifest, src pwa/sw.ts) plus a collector that remembers the shell's
 * chunks from the app build, so the precache holds the shell and not all ~100 route chunks.
 * Registration is ours (src/core/pwa), so nothing is injected into the page.
 */
export function pwaPlugins(swSrcDir: string): Plugin[] {
  let shell = new Set<string>();
  const collector: Plugin = {
    name: 'campus-portal:app-shell',
    apply: 'build',
    generateBundle(_options, bundle) {
      shell = shellFiles(bundle as unknown as Record<string, ShellChunk>);
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
