import fp from 'fastify-plugin';
import { Codes } from '@/shared/errors';
import { ok } from '@/shared/envelope';
import { AppError } from '../errors';
import { trustedPublicKey } from '../licence/issuer';
import { ensureDemoLicence, installLicenceFile } from '../licence/store';
import { countActiveUsers, licenceStatus, type LicenceStatus } from '../licence/status';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Still answers without a valid licence (the back office must be able to show why). */
    licenceExempt?: boolean;
  }
  interface FastifyInstance {
    /** The installed licence's status, verified at most every LICENCE_CACHE_MS; fresh: re-read now. */
    licence(opts?: { fresh?: boolean }): Promise<LicenceStatus>;
  }
}

/** Long enough that calls do not re-verify, short enough that a replaced licence counts soon on every server. */
export const LICENCE_CACHE_MS = 30_000;

export const LICENCE_MESSAGE = '服务未授权，请联系管理员';

/**
 * Product licence (DESIGN §6): verified at start, then on every non-public call, which is
 * refused with 0x10000506 (HTTP 503) while the licence is missing, expired or forged.
 */
export const licencePlugin = fp(async (app) => {
  const publicKey = trustedPublicKey(app.config);
  if (app.config.licenceFile) await installLicenceFile(app.db, publicKey, app.config.licenceFile);
  if (await ensureDemoLicence(app.db, app.config)) app.log.info('demo licence issued by the local issuer');

  let cached: { at: number; status: Promise<LicenceStatus> } | null = null;
  app.decorate('licence', (opts?: { fresh?: boolean }) => {
    const now = Date.now();
    if (!opts?.fresh && cached && now - cached.at <= LICENCE_CACHE_MS) return cached.status;
    const status = licenceStatus(app.db, publicKey, now);
    cached = { at: now, status };
    // A failed read must not stick in the cache for 30 s.
    status.catch(() => {
      if (cached?.status === status) cached = null;
    });
    return status;
  });

  const atStart = await app.licence();
  if (atStart.valid) app.log.info({ holder: atStart.holder, expiresAt: atStart.expiresAt }, 'licence valid');
  else app.log.warn({ reason: atStart.reason }, 'no valid licence: non-public calls answer 0x10000506');

  // Registered before the access plugin's onRequest hook: the licence is checked before, and
  // regardless of, the caller's token.
  app.addHook('onRequest', async (req) => {
    const config = req.routeOptions.config;
    if (!config?.access || config.access === 'public' || config.licenceExempt) return;
    const status = await app.licence();
    if (!status.valid) throw new AppError(Codes.licenseCheckError, 503, LICENCE_MESSAGE, { reason: status.reason });
  });
});

/**
 * GET /user/api/v1.licence/info/: the back office's authorization page. Registered after the
 * access plugin (which records and guards every route), while licencePlugin comes before it.
 */
export const licenceRoutes = fp(async (app) => {
  app.get('/user/api/v1.licence/info/', { config: { access: 'admin', licenceExempt: true } }, async () => {
    const [status, users] = await Promise.all([app.licence({ fresh: true }), countActiveUsers(app.db)]);
    return ok({ ...status, users });
  });
});
