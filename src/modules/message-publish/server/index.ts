import type { FastifyPluginAsync } from 'fastify';
import { defineMessagePublishJobs } from './jobs';
import { ATTACHMENT_PURPOSE } from './repository';
import { messagePublishRoutes } from './routes';
import { mayReadAttachment } from './service';
import './tables';
import { declareUploadColumns } from '@/server/uploads/upload-refs';

/** Server face of 消息发布: templates, releases, delivery and approval jobs, read receipts. */
export const messagePublishServer: FastifyPluginAsync = async (app) => {
  // Uploads this module's records use (release attachments and images in releases and templates): the orphan sweep keeps them.
  declareUploadColumns(app, 'message-publish', [
    { table: 'mpRelease', column: 'attachments', match: 'text' },
    { table: 'mpRelease', column: 'content', match: 'text' },
    { table: 'mpTemplate', column: 'content', match: 'text' },
  ]);
  defineMessagePublishJobs(app);
  app.fileReadRules.set(ATTACHMENT_PURPOSE, (req, file) => mayReadAttachment(app, req.auth!.userId, file));
  await app.register(messagePublishRoutes);
};
