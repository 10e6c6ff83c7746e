/// <reference lib="webworker" />
/**
 * The service worker (built by vite-plugin-pwa, strategy injectManifest, to dist/sw.js).
 * - precache: the app shell (index.html, the entry chunk and its static imports, CSS, icons,
 *   offline page); earlier precache versions are removed on activation.
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
import { isApiPath, isAppRoute, isHashedAsset, OFFLINE_URL, RESOURCE_CACHE, SHELL_URL, SKIP_WAITING } from './routes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

precache(self.__WB_MANIFEST);
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
  if ((event.data as { type?: string } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});

// Caches of no current use (an earlier design's names) are dropped when this version takes over.
self.addEventListener('activate', (event) => {
  const keep = new Set([cacheNames.precache, RESOURCE_CACHE]);
  event.waitUntil(
    caches.keys().then((names) => Promise.all(names.filter((n) => !keep.has(n)).map((n) => caches.delete(n)))),
  );
});
