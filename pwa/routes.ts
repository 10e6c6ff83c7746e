/**
 * What the service worker does with each request, as pure rules (unit-tested in routes.test.ts,
 * used by ./sw.ts). The API prefixes mirror src/server/plugins/spa.ts: the server's JSON routes.
 */
const API_PREFIX = /^\/(user|portal|workflow|message|affairs|data|bi|warning|resource\/api|invoker_server)\//;
const HASHED_ASSET = /^\/resource\/(js|css)\/[^/]+\.(js|css)$/;

/** The precached page every app route renders from (Vite's index.html) and the offline page. */
export const SHELL_URL = '/index.html';
export const OFFLINE_URL = '/offline.html';
/** The runtime cache of hashed chunks and styles (the precache is workbox's own). */
export const RESOURCE_CACHE = 'campus-portal-resources';

/** Server answers (permissions, tokens, data): never from a cache. */
export const isApiPath = (pathname: string): boolean =>
  API_PREFIX.test(pathname) || pathname.includes('/invoker_server/');

/** Content-hashed build output: a name never changes content, so cache-first is safe. */
export const isHashedAsset = (pathname: string): boolean => HASHED_ASSET.test(pathname);

/**
 * A client route the SPA renders (the server falls back to index.html for it): not an API,
 * not a build file, no file extension.
 */
export const isAppRoute = (pathname: string): boolean =>
  !isApiPath(pathname) && !pathname.startsWith('/resource/') && !/\.[a-z0-9]+$/i.test(pathname);

/** The message the page posts to a waiting worker to take over (src/core/pwa). */
export const SKIP_WAITING = 'SKIP_WAITING';

/**
 * The message the page posts to the active worker with `branch` ('desktop' | 'mobile': cache that
 * branch's shell) and `urls` (build files it has loaded: cache them), src/core/pwa/register.ts.
 */
export const CACHE_URLS = 'CACHE_URLS';
