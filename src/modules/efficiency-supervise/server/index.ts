import type { FastifyPluginAsync } from 'fastify';
import { superviseRoutes } from './routes';
import './tables';

/** Server face of 效能督查 (issue 22 part 2): approval time limits watched, urged and escalated. */
export const efficiencySuperviseServer: FastifyPluginAsync = async (app) => {
  await app.register(superviseRoutes);
};
