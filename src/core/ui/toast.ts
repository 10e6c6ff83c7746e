import { MESSAGE_TOP } from '@/shared/constants';

/**
 * The toasts of core (request errors, guard messages), free of any UI kit so the phone shell
 * never pulls antd: each shell installs its kit's toaster (the desktop's AppProviders the antd
 * App message, the phone shell antd-mobile's Toast). Until one does — a boot error, a test
 * without a shell — a plain DOM toast shows the text.
 */
export interface Toaster {
  error(content: string): void;
  warning(content: string): void;
  success(content: string): void;
  info(content: string): void;
  destroy(): void;
}

const SHOW_MS = 3000;

/** Plain text toasts at the spec's message top offset (120 px). */
function domToaster(): Toaster {
  const show = (kind: string) => (content: string) => {
    if (typeof document === 'undefined') return;
    let box = document.getElementById('core-toasts');
    if (!box) {
      box = document.createElement('div');
      box.id = 'core-toasts';
      box.setAttribute('role', 'status');
      box.style.cssText = `position:fixed;top:${MESSAGE_TOP}px;left:0;right:0;z-index:2000;display:flex;flex-direction:column;align-items:center;gap:8px;pointer-events:none`;
      document.body.appendChild(box);
    }
    const note = document.createElement('div');
    note.dataset.kind = kind;
    note.textContent = content;
    note.style.cssText = `max-width:min(560px,90vw);padding:9px 16px;border-radius:8px;background:#fff;box-shadow:0 6px 16px rgba(0,0,0,.12);font-size:14px;color:${kind === 'error' ? '#cf1322' : kind === 'warning' ? '#ad6800' : '#1f1f1f'}`;
    box.appendChild(note);
    setTimeout(() => note.remove(), SHOW_MS);
  };
  return {
    error: show('error'),
    warning: show('warning'),
    success: show('success'),
    info: show('info'),
    destroy: () => document.getElementById('core-toasts')?.replaceChildren(),
  };
}

const fallback = domToaster();
let current: Toaster = fallback;

/** A shell installs its kit's toaster; null restores the plain one. */
export function setToaster(t: Toaster | null): void {
  current = t ?? fallback;
}

export const toast: Toaster = {
  error: (c) => current.error(c),
  warning: (c) => current.warning(c),
  success: (c) => current.success(c),
  info: (c) => current.info(c),
  destroy: () => current.destroy(),
};

/** Earlier toasts are dismissed before an error shows (spec section 8). */
export function showError(content: string): void {
  toast.destroy();
  toast.error(content);
}
