import type { FastifyPluginAsync } from 'fastify';
import { messageRoutes } from './routes';
import { channelFromEnv } from './notify/channels';
import { startDemoSink } from './notify/demo-sink';
import { notifyFormOwners } from './notify/form-owners-hook';
import { defineDeliverJob } from './notify/job';
import { notifyRoutes } from './notify/routes';
import './tables';
import { declareUploadColumns } from '@/server/uploads/upload-refs';

declare module 'fastify' {
  interface FastifyInstance {
    /** True while the demo's own SMTP sink (演示邮箱) runs in this process. */
    notifyDemoSink: boolean;
  }
}

/**
 * Server face of messages: the caller's in-app messages and the administrators' counts, and the
 * outside channels (e-mail, SMS, 企业微信, 钉钉) with templates, preferences, the delivery job and
 * log. Other modules send with `sendMessage` (commands/send-message.ts).
 */
export const messagesServer: FastifyPluginAsync = async (app) => {
  // Uploads this module's records use (files linked from messages): the orphan sweep keeps them.
  declareUploadColumns(app, 'messages', [
    { table: 'message', column: 'body', match: 'text' },
    { table: 'message', column: 'link', match: 'text' },
  ]);
  defineDeliverJob(app);
  notifyFormOwners();
  app.decorate('notifyDemoSink', false);
  // Production's relay from SMTP_*; a demo without one gets its own sink on a loopback port.
  let stopSink: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    await channelFromEnv(app, process.env);
    if (app.config.demo && !process.env.SMTP_HOST?.trim()) {
      stopSink = await startDemoSink(app);
      app.notifyDemoSink = true;
    }
  });
  app.addHook('onClose', async () => {
    await stopSink?.();
  });
  await app.register(messageRoutes);
  await app.register(notifyRoutes);
};
