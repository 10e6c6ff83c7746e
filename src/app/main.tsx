import { isMobilePath } from '@/core/routing/login-path';
import { createUpdateController, registerServiceWorker } from '@/core/pwa';
import { showBootError } from './boot-error';
import './global.css';

// The service worker (production builds only) and its "新版本已就绪" notice.
const updates = createUpdateController();
void registerServiceWorker(updates);

/**
 * The shell by path (DESIGN §3): /mobile/* loads the antd-mobile branch, everything else the
 * antd desktop branch. This entry holds neither kit, so a phone never downloads antd's desktop
 * code and a desktop never downloads antd-mobile.
 */
const root = document.getElementById('root')!;
const branch = isMobilePath(window.location.pathname) ? import('./mobile-main') : import('./desktop-main');
branch.then(
  (m) => m.mount(root, updates),
  (error: unknown) => showBootError(root, error),
);
