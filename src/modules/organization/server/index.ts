import type { FastifyPluginAsync } from 'fastify';
import { organizationRoutes } from './routes';
import './tables';

/** Server face of organisation: departments, role groups, roles and the user picker. */
export const organizationServer: FastifyPluginAsync = async (app) => {
  await app.register(organizationRoutes);
};
