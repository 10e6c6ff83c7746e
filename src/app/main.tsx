import { isMobilePath, LOGIN_PATHS } from '@/core/routing/login-path';
import { requestFirstCaptcha } from '@/modules/auth/first-captcha';
import { createUpdateController, registerServiceWorker } from '@/core/pwa';
import { showBootError } from './boot-error';
import './global.css';

// A sign-in page's first captcha starts loading now, not after the page's scripts (issue 14).
// (Not on a single sign-on return, which signs in with its ticket or code.)
if (LOGIN_PATHS.includes(window.location.pathname) && !/[?&](ticket|code)=/.test(window.location.search))
  requestFirstCaptcha();

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
