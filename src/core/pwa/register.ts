import { isMobilePath } from '@/core/routing/login-path';
import { CACHE_URLS } from '../../../pwa/routes';
import type { UpdateController } from './update-controller';

/** Where the build puts the service worker (pwa/pwa-options.ts SW_FILE). */
export const SW_URL = '/sw.js';

/**
 * Registers the service worker in production builds only (the dev server has none).
 * workbox-window is loaded on demand, so it adds nothing to the first-load JS.
 */
export async function registerServiceWorker(
  controller: UpdateController,
  enabled: boolean = import.meta.env.PROD,
): Promise<boolean> {
  if (!enabled || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  try {
    const { Workbox } = await import('workbox-window');
    const wb = new Workbox(SW_URL, { scope: '/' });
    controller.attach(wb);
    await wb.register();
    cacheWhatThePageLoads();
    return true;
  } catch (e) {
    // Offline before the worker chunk was ever cached, or a browser policy: the app works without it.
    console.warn('service worker registration failed', e);
    return false;
  }
}

const isBuildFile = (href: string) => {
  const url = new URL(href, window.location.href);
  return url.origin === window.location.origin && url.pathname.startsWith('/resource/');
};

/**
 * Issue 14: the worker installs only what every visitor needs; once it is active the page asks it
 * to cache this branch's shell (a phone the phone branch, a desktop the desktop one) and the build
 * files the page has loaded, then each one it loads later. So what a first visit opened works
 * offline, and a repeat visit takes its code from the worker with no network request.
 */
export function cacheWhatThePageLoads(): void {
  if (typeof PerformanceObserver === 'undefined') return;
  const branch = isMobilePath(window.location.pathname) ? 'mobile' : 'desktop';
  void navigator.serviceWorker.ready.then((registration) => {
    const post = (message: { type: string; branch?: string; urls: string[] }) =>
      registration.active?.postMessage(message);
    const loaded = performance.getEntriesByType('resource').map((e) => e.name);
    post({ type: CACHE_URLS, branch, urls: loaded.filter(isBuildFile) });
    new PerformanceObserver((list) => {
      const urls = list
        .getEntries()
        .map((e) => e.name)
        .filter(isBuildFile);
      if (urls.length) post({ type: CACHE_URLS, urls });
    }).observe({ type: 'resource' });
  });
}
