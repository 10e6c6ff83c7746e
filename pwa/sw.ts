/// <reference lib="webworker" />
/**
 * The service worker (built by vite-plugin-pwa, strategy injectManifest, to dist/sw.js).
 * - precache: what every visitor needs (index.html, the entry chunk and its static imports, CSS,
 *   icons, offline page); earlier precache versions are removed on activation. Each branch's shell
 *   (desktop with antd, phone with antd-mobile) is cached only when a page of that branch asks
 *   (CACHE_URLS, with the scripts the page has loaded), so a phone never stores antd (issue 14).
 * - what the page loaded before this worker controlled it is cached on the page's CACHE_URLS, so
 *   what a first visit opened works offline and a repeat visit loads its code from here.
 * - hashed /resource/js|css/*: cache-first (a hashed name never changes content).
 * - every API path: network-only (never a stale permission or token answer).
 * - navigations: network first; offline, an app route gets the precached shell and anything
 *   else (a download link, a file) the offline page.
 * A new version waits until the page asks it to take over (src/core/pwa), so no page ever runs
 * chunks of two versions.
 */
import { cacheNames } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { addRoute, cleanupOutdatedCaches, matchPrecache, precache, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';
import type { Branch } from './pwa-options';
import {
  CACHE_URLS,
  isApiPath,
  isAppRoute,
  isHashedAsset,
  OFFLINE_URL,
  RESOURCE_CACHE,
  SHELL_URL,
  SKIP_WAITING,
} from './routes';

type ShellEntry = PrecacheEntry & { branches?: Branch[] };
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (ShellEntry | string)[] };

const manifest = self.__WB_MANIFEST as (ShellEntry | string)[];
precache(manifest.filter((e) => typeof e === 'string' || !e.branches));
const branchUrls = (branch: unknown): string[] =>
  manifest.flatMap((e) =>
    typeof e !== 'string' && e.branches?.includes(branch as Branch) ? [new URL(e.url, self.location.href).href] : [],
  );

/** Puts hashed build files into the runtime cache (fetched once; a hashed name never changes content). */
async function warmCache(urls: string[]): Promise<void> {
  const cache = await caches.open(RESOURCE_CACHE);
  const ours = [...new Set(urls)].filter((u) => {
    const url = new URL(u, self.location.href);
    return url.origin === self.location.origin && isHashedAsset(url.pathname);
  });
  await Promise.all(
    ours.map(async (u) => {
      if ((await cache.match(u)) || (await matchPrecache(u))) return;
      const res = await fetch(u).catch(() => null);
      if (res?.ok) await cache.put(u, res);
    }),
  );
}
cleanupOutdatedCaches();

// Navigations first, so the precache route below never answers a page from cache while online.
registerRoute(
  ({ request }) => request.mode === 'navigate',
  async ({ request, url }) => {
    try {
      return await fetch(request);
    } catch {
      const shell = isAppRoute(url.pathname) ? await matchPrecache(SHELL_URL) : undefined;
      return shell ?? (await matchPrecache(OFFLINE_URL)) ?? Response.error();
    }
  },
);

registerRoute(({ url, sameOrigin }) => sameOrigin && isApiPath(url.pathname), new NetworkOnly());

// The precached files themselves (the shell's chunks, icons) come from the precache.
addRoute();

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isHashedAsset(url.pathname),
  new CacheFirst({
    cacheName: RESOURCE_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 400, purgeOnQuotaError: true })],
  }),
);

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; branch?: string; urls?: unknown } | null;
  if (data?.type === SKIP_WAITING) void self.skipWaiting();
  if (data?.type === CACHE_URLS) {
    const urls = Array.isArray(data.urls) ? data.urls.filter((u): u is string => typeof u === 'string') : [];
    const done = warmCache([...branchUrls(data.branch), ...urls]);
    event.waitUntil(done);
    // The page may wait for it (the browser suite does); nobody has to.
    void done.then(() => event.ports[0]?.postMessage({ type: CACHE_URLS, done: true }));
  }
});

// Caches of no current use (an earlier design's names) are dropped when this version takes over.
self.addEventListener('activate', (event) => {
  const keep = new Set([cacheNames.precache, RESOURCE_CACHE]);
  event.waitUntil(
    caches.keys().then((names) => Promise.all(names.filter((n) => !keep.has(n)).map((n) => caches.delete(n)))),
  );
});
