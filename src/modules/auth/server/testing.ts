/** Sign-in as a browser does it (captcha, RSA key, encrypted password) for other modules' server tests. */
export * from './test-login';
