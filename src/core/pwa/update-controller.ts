/**
 * The update flow of the service worker (issue 4): a new version installs in the background and
 * waits; the page offers "新版本已就绪", and only on the user's 重新加载 does the waiting worker
 * take over, after which the page reloads exactly once. Until then the old worker keeps serving
 * the old version, so a page never runs chunks of two versions.
 */

/** The part of workbox-window's Workbox the flow uses (a fake in tests). */
export interface WorkboxLike {
  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void;
  messageSkipWaiting(): void;
}

export interface UpdateController {
  subscribe(listener: () => void): () => void;
  /** True once a new version is installed and waiting to take over. */
  updateReady(): boolean;
  /** Follows a Workbox's events (called once the worker script is registered). */
  attach(wb: WorkboxLike): void;
  /** The user's 重新加载: let the waiting worker take over, then reload once. */
  applyUpdate(): void;
}

export function createUpdateController(reload: () => void = () => window.location.reload()): UpdateController {
  const listeners = new Set<() => void>();
  let ready = false;
  let wb: WorkboxLike | null = null;
  // The new worker already controls this page (another tab applied the update first).
  let tookControl = false;
  let reloadWhenControlling = false;
  let reloaded = false;

  const reloadOnce = () => {
    if (reloaded) return;
    reloaded = true;
    reload();
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    updateReady: () => ready,
    attach(workbox) {
      wb = workbox;
      workbox.addEventListener('waiting', () => {
        ready = true;
        listeners.forEach((l) => l());
      });
      workbox.addEventListener('controlling', () => {
        tookControl = true;
        if (reloadWhenControlling) reloadOnce();
      });
    },
    applyUpdate() {
      if (!wb || !ready) return;
      if (tookControl) return reloadOnce();
      reloadWhenControlling = true;
      wb.messageSkipWaiting();
    },
  };
}
