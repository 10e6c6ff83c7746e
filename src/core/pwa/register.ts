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
    return true;
  } catch (e) {
    // Offline before the worker chunk was ever cached, or a browser policy: the app works without it.
    console.warn('service worker registration failed', e);
    return false;
  }
}
