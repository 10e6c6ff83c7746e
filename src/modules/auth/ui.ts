/**
 * What sign-in offers other modules' pages, free of any UI kit: the password sign-in routine
 * (RSA key, captcha, encrypt → send → land, captcha renewal after a refusal), the single sign-on
 * half of a sign-in page, and the steps after a successful login or SSO exchange (keep the
 * session, enter a lone platform, answer the landing path) — so the phone login signs in and
 * lands exactly as the desktop one does.
 */
export { completeSignIn, openPath } from './web/complete-sign-in';
export { useSignInFlow, ENCRYPT_FAILED_MESSAGE, type SignInFields, type SignInFlowOptions } from './sign-in-flow';
export { useSsoSignIn, type SsoSignInOptions } from './sso-sign-in';
