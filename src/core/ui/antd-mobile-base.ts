import { setToaster } from '@/core/ui/toast';
import './antd-mobile-theme.css';
import { watchKitControls } from './antd-mobile-a11y';

/**
 * antd-mobile's Toast (~24 KB gzip with its mask and animation, and the render hook) loads with
 * the first toast, not with the page (issue 14: the phone login shows none until something fails).
 */
export const loadToast = () => import('./antd-mobile-toast').then((m) => m.Toast);
const withToast = (show: (toast: Awaited<ReturnType<typeof loadToast>>) => void) =>
  void loadToast().then(show, () => undefined);

// Core's toasts (request errors, guard messages) on a phone are antd-mobile Toasts.
setToaster({
  error: (content) => withToast((t) => t.show({ icon: 'fail', content })),
  warning: (content) => withToast((t) => t.show({ content })),
  success: (content) => withToast((t) => t.show({ icon: 'success', content })),
  info: (content) => withToast((t) => t.show({ content })),
  destroy: () => withToast((t) => t.clear()),
});

// Names for antd-mobile's icon-only controls (antd-mobile-a11y.ts), once per page load.
if (typeof document !== 'undefined' && typeof MutationObserver !== 'undefined' && document.body) watchKitControls();
