import type { FastifyPluginAsync } from 'fastify';

/**
 * The server face of every module, registered in this order by buildApp. A module adds
 * one line here: its `server/index.ts` plugin.
 */
export const modulePlugins: FastifyPluginAsync[] = [];
