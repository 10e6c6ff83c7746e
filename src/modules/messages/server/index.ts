import type { FastifyPluginAsync } from 'fastify';
import { messageRoutes } from './routes';
import './tables';
import { declareUploadColumns } from '@/server/uploads/upload-refs';

/** Server face of messages: the caller's in-app messages and the administrators' counts. Other modules send with `sendMessage` (send.ts). */
export const messagesServer: FastifyPluginAsync = async (app) => {
  // Uploads this module's records use (files linked from messages): the orphan sweep keeps them.
  declareUploadColumns(app, 'messages', [
    { table: 'message', column: 'body', match: 'text' },
    { table: 'message', column: 'link', match: 'text' },
  ]);
  await app.register(messageRoutes);
};
