import type { FastifyPluginAsync } from 'fastify';
import { messageRoutes } from './routes';
import './tables';

/** Server face of messages: the caller's in-app messages and the administrators' counts. Other modules send with `sendMessage` (send.ts). */
export const messagesServer: FastifyPluginAsync = async (app) => {
  await app.register(messageRoutes);
};
