import fp from 'fastify-plugin';
import Fastify from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

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
 * The headers helmet sets with these options, worked out once at start: helmet parses its
 * options (the CSP directives above all) again on every call, which cost a signed-in call
 * about a tenth of its time (issue 15). The answer carries no per-request part (no nonces).
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', async (_req, reply) => reply.raw.getHeaders());
  try {
    const res = await probe.inject({ method: 'GET', url: '/' });
    return Object.fromEntries(Object.entries(res.json<Record<string, unknown>>()).map(([k, v]) => [k, String(v)]));
  } finally {
    await probe.close();
  }
}

const BASE = {
  contentSecurityPolicy: { directives: { ...DIRECTIVES, upgradeInsecureRequests: null } },
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
} as const;

/** The two sets of headers, the same for every app of the process (tests build hundreds): worked out once. */
let headers: Promise<{ overHttp: Record<string, string>; overHttps: Record<string, string> }> | undefined;
const workOutHeaders = async () => ({
  overHttp: await helmetHeaders(BASE),
  overHttps: await helmetHeaders({ ...BASE, ...HTTPS_ONLY }),
});

/**
 * Security headers (helmet) on every answer. `upgrade-insecure-requests` and HSTS only when the
 * request came over HTTPS, directly or per X-Forwarded-Proto from a trusted proxy (TRUST_PROXY;
 * req.protocol ignores the header from anyone else): sent over plain HTTP they make the browser
 * fetch every script over an HTTPS that does not exist, and the page stays blank.
 */
export const securityHeadersPlugin = fp(async (app) => {
  const { overHttp, overHttps } = await (headers ??= workOutHeaders());
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(req.protocol === 'https' ? overHttps : overHttp);
    done();
  });
});
