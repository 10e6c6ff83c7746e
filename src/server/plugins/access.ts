import fp from 'fastify-plugin';
import type { FastifyRequest, FastifySchema, RouteHandlerMethod } from 'fastify';
import type { Access } from '@/shared/access';
import { Codes } from '@/shared/errors';
import { AppError } from '../errors';
import { resolveSession, type AuthContext } from '../identity/sessions';
import { authorisedRouteNames } from '../identity/menus';
import { audit } from '../identity/audit';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route (DESIGN §5). Every route must declare it. */
    access?: Access;
    /**
     * A public route that never reads `req.auth` (a notice list anyone may read): the session
     * behind a token it is sent is not looked up, which spares a hot public call a database read
     * (issue 15). Such a route sees every caller as anonymous.
     */
    ignoresCaller?: boolean;
  }
  interface FastifyInstance {
    /** Every route with its declared access and schema, in registration order (the route-walk and fuzz tests read it). */
    declaredRoutes: {
      method: string;
      url: string;
      access: Access;
      schema?: FastifySchema;
      /** The route's own handler (the response-schema test compares its answer with the serialised one). */
      handler: RouteHandlerMethod;
    }[];
  }
  interface FastifyRequest {
    /** The signed-in caller, or null. Set for every request that carries a valid token. */
    auth: AuthContext | null;
  }
}

/** The token from the Authorization header (spec: the stored value, sent as is; "Bearer x" also accepted). */
export function tokenOf(req: FastifyRequest): string | null {
  const raw = req.headers.authorization;
  if (!raw) return null;
  const t = raw.startsWith('Bearer ') ? raw.slice(7) : raw;
  return t.trim() || null;
}

export class MissingAccessError extends Error {}

/**
 * Resolves the caller's session and enforces each route's declared access. A route without
 * a declaration fails at registration, so nothing can be left open by accident.
 */
export const accessPlugin = fp(async (app) => {
  app.decorateRequest('auth', null);
  app.decorate('declaredRoutes', []);

  app.addHook('onRoute', (route) => {
    const methods = ([] as string[]).concat(route.method).filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
    if (!methods.length) return;
    const access = route.config?.access;
    if (!access) throw new MissingAccessError(`route ${methods.join(',')} ${route.url} declares no config.access`);
    if (route.config?.ignoresCaller && access !== 'public')
      throw new MissingAccessError(
        `route ${methods.join(',')} ${route.url}: only a public route may ignore its caller`,
      );
    for (const method of methods)
      app.declaredRoutes.push({ method, url: route.url, access, schema: route.schema, handler: route.handler });
  });

  // Enforced in onRequest, before the body is parsed or validated: a caller without the
  // right gets 401/403 and learns nothing about the route's input schema.
  app.addHook('onRequest', async (req) => {
    const config = req.routeOptions.config;
    const access = config?.access;
    if (access === 'public' && config.ignoresCaller) return;
    const token = tokenOf(req);
    if (token) req.auth = await resolveSession(app.db, app.config, token);
    if (!access || access === 'public') return;
    const auth = req.auth;
    if (!auth) throw new AppError(Codes.notAuthenticated, 401, tokenOf(req) ? '登录已失效，请重新登录' : '请先登录');
    if (access === 'session') return;
    let allowed: boolean;
    if (access === 'admin') {
      allowed = auth.isAdmin;
    } else {
      const names = await authorisedRouteNames(app.db, auth);
      allowed = access.any.some((n) => names.has(n));
    }
    if (!allowed) {
      await audit(app.db, {
        action: 'permission_denied',
        result: 'fail',
        actorId: auth.userId,
        actorName: auth.username,
        target: `${req.method} ${req.routeOptions.url}`,
        ip: req.ip,
      });
      throw new AppError(Codes.noPermission, 403);
    }
  });
});
