import type { FastifyPluginAsync } from 'fastify';
import { defineMessagePublishJobs } from './jobs';
import { ATTACHMENT_PURPOSE } from './repository';
import { messagePublishRoutes } from './routes';
import { mayReadAttachment } from './service';
import './tables';

/** Server face of 消息发布: templates, releases, delivery and approval jobs, read receipts. */
export const messagePublishServer: FastifyPluginAsync = async (app) => {
  defineMessagePublishJobs(app);
  app.fileReadRules.set(ATTACHMENT_PURPOSE, (req, file) => mayReadAttachment(app, req.auth!.userId, file));
  await app.register(messagePublishRoutes);
};
