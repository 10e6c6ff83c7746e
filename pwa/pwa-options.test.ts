import { describe, expect, it } from 'vitest';
import { keepShell, shellFiles, shellParts, type ShellChunk } from './pwa-options';

const chunk = (fileName: string, extra: Partial<ShellChunk> = {}): ShellChunk => ({
  type: 'chunk',
  fileName,
  ...extra,
});

describe('the precached app shell', () => {
  const bundle: Record<string, ShellChunk> = {
    'resource/js/index-a.js': chunk('resource/js/index-a.js', {
      isEntry: true,
      imports: ['resource/js/vendor-b.js'],
      viteMetadata: { importedCss: new Set(['resource/css/index-a.css']) },
    }),
    'resource/js/vendor-b.js': chunk('resource/js/vendor-b.js', {
      imports: ['resource/js/runtime-c.js', 'resource/js/index-a.js'],
    }),
    'resource/js/runtime-c.js': chunk('resource/js/runtime-c.js'),
    'resource/js/login-page-d.js': chunk('resource/js/login-page-d.js', {
      imports: ['resource/js/vendor-b.js'],
      viteMetadata: { importedCss: new Set(['resource/css/login-page-d.css']) },
    }),
    'resource/css/index-a.css': { type: 'asset', fileName: 'resource/css/index-a.css' },
  };

  it('holds the entry chunk, its static imports (transitively, cycles included) and their CSS, not lazy route chunks', () => {
    expect([...shellFiles(bundle)].sort()).toEqual([
      'resource/css/index-a.css',
      'resource/js/index-a.js',
      'resource/js/runtime-c.js',
      'resource/js/vendor-b.js',
    ]);
  });

  it('also holds the shell branches the entry picks between by path and their src/app frames, not their lazy pages', () => {
    const withBranches: Record<string, ShellChunk> = {
      ...bundle,
      'resource/js/index-a.js': {
        ...bundle['resource/js/index-a.js']!,
        dynamicImports: ['resource/js/desktop-main-e.js', 'resource/js/mobile-main-f.js'],
      },
      'resource/js/desktop-main-e.js': chunk('resource/js/desktop-main-e.js', {
        imports: ['resource/js/vendor-b.js'],
        dynamicImports: ['resource/js/login-page-d.js', 'resource/js/cms-layout-g.js'],
      }),
      'resource/js/login-page-d.js': {
        ...bundle['resource/js/login-page-d.js']!,
        facadeModuleId: '/repo/src/modules/auth/web/pages/login-page.tsx',
      },
      'resource/js/cms-layout-g.js': chunk('resource/js/cms-layout-g.js', {
        facadeModuleId: '/repo/src/app/layouts/cms-layout.tsx',
      }),
      'resource/js/mobile-main-f.js': chunk('resource/js/mobile-main-f.js'),
    };
    expect([...shellFiles(withBranches)].sort()).toEqual([
      'resource/css/index-a.css',
      'resource/js/cms-layout-g.js',
      'resource/js/desktop-main-e.js',
      'resource/js/index-a.js',
      'resource/js/mobile-main-f.js',
      'resource/js/runtime-c.js',
      'resource/js/vendor-b.js',
    ]);
  });

  it('keeps public files and shell build files in the precache list and drops the rest', () => {
    const e = (url: string) => ({ url, revision: null, size: 1 });
    const kept = keepShell(
      [
        e('index.html'),
        e('offline.html'),
        e('icons/icon-192.png'),
        e('resource/js/index-a.js'),
        e('resource/js/login-page-d.js'),
        e('resource/css/login-page-d.css'),
      ],
      shellFiles(bundle),
    );
    expect(kept.map((x) => x.url)).toEqual([
      'index.html',
      'offline.html',
      'icons/icon-192.png',
      'resource/js/index-a.js',
    ]);
  });

  it('splits the shell by branch: the entry for everyone, desktop-main and mobile-main each with their frames, tagged in the precache list', () => {
    const withBranches: Record<string, ShellChunk> = {
      ...bundle,
      'resource/js/index-a.js': {
        ...bundle['resource/js/index-a.js']!,
        dynamicImports: ['resource/js/desktop-main-e.js', 'resource/js/mobile-main-f.js'],
      },
      'resource/js/desktop-main-e.js': chunk('resource/js/desktop-main-e.js', {
        imports: ['resource/js/vendor-b.js', 'resource/js/react-h.js'],
        dynamicImports: ['resource/js/cms-layout-g.js'],
      }),
      'resource/js/cms-layout-g.js': chunk('resource/js/cms-layout-g.js', {
        facadeModuleId: '/repo/src/app/layouts/cms-layout.tsx',
      }),
      'resource/js/mobile-main-f.js': chunk('resource/js/mobile-main-f.js', { imports: ['resource/js/react-h.js'] }),
      'resource/js/react-h.js': chunk('resource/js/react-h.js'),
    };
    const parts = shellParts(withBranches);
    expect([...parts.common].sort()).toEqual([
      'resource/css/index-a.css',
      'resource/js/index-a.js',
      'resource/js/runtime-c.js',
      'resource/js/vendor-b.js',
    ]);
    expect([...parts.branches.desktop].sort()).toEqual([
      'resource/js/cms-layout-g.js',
      'resource/js/desktop-main-e.js',
      'resource/js/react-h.js',
    ]);
    expect([...parts.branches.mobile].sort()).toEqual(['resource/js/mobile-main-f.js', 'resource/js/react-h.js']);
    const e = (url: string) => ({ url, revision: null });
    const kept = keepShell(
      [
        e('index.html'),
        e('resource/js/index-a.js'),
        e('resource/js/desktop-main-e.js'),
        e('resource/js/mobile-main-f.js'),
        e('resource/js/react-h.js'),
        e('resource/js/login-page-d.js'),
      ],
      parts,
    );
    expect(kept).toEqual([
      e('index.html'),
      e('resource/js/index-a.js'),
      { ...e('resource/js/desktop-main-e.js'), branches: ['desktop'] },
      { ...e('resource/js/mobile-main-f.js'), branches: ['mobile'] },
      { ...e('resource/js/react-h.js'), branches: ['desktop', 'mobile'] },
    ]);
  });
});
