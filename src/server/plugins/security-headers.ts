import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/** The page loads only its own scripts, styles, images and workers. */
const DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // antd's CSS-in-JS writes <style> tags at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  frameAncestors: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/** What a request that arrived over HTTPS gets on top: the browser stays on HTTPS from now on. */
const HTTPS_ONLY = {
  contentSecurityPolicy: { directives: { ...DIRECTIVES, upgradeInsecureRequests: [] } },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
};

/**
 * Security headers (helmet) on every answer. `upgrade-insecure-requests` and HSTS only when the
 * request came over HTTPS, directly or per X-Forwarded-Proto from a trusted proxy (TRUST_PROXY;
 * req.protocol ignores the header from anyone else): sent over plain HTTP they make the browser
 * fetch every script over an HTTPS that does not exist, and the page stays blank.
 */
export const securityHeadersPlugin = fp(async (app) => {
  await app.register(helmet, {
    global: false,
    contentSecurityPolicy: { directives: { ...DIRECTIVES, upgradeInsecureRequests: null } },
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (req, reply) => {
    reply.helmet(req.protocol === 'https' ? HTTPS_ONLY : undefined);
  });
});
