import type { FastifyPluginAsync } from 'fastify';
import { mobileLayoutRoutes } from './routes';
import './tables';

/** Server face of mobile-layout: each platform's phone home layout (read by phones, edited in the back office). */
export const mobileLayoutServer: FastifyPluginAsync = async (app) => {
  await app.register(mobileLayoutRoutes);
};
