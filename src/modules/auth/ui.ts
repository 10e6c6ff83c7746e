/**
 * What sign-in offers other modules' pages: the steps after a successful login or SSO exchange
 * (keep the session, enter a lone platform, answer the landing path), so the phone login lands
 * exactly as the desktop one does.
 */
export { completeSignIn, openPath } from './web/complete-sign-in';
