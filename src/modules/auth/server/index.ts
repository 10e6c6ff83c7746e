import type { FastifyInstance } from 'fastify';
import { authRoutes } from './routes';
import { rsaKeys } from './rsa-keys';
import { ssoRoutes } from './sso/routes';
import { ssoSettingsRoutes } from './sso/settings-routes';
import './tables';

/** The server face of sign-in (see ../README.md). The RSA key pair is made or loaded at start. */
export async function authServer(app: FastifyInstance): Promise<void> {
  await rsaKeys(app);
  await app.register(authRoutes);
  await app.register(ssoRoutes);
  await app.register(ssoSettingsRoutes);
}
