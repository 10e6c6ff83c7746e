import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '@/shared/envelope';
import {
  MessageCount,
  MessageListQuery,
  MessagePage,
  ReadMessageAnswer,
  ReadMessageBody,
  UserMessageCount,
  UserMessageCountQuery,
} from '../contract';
import { okResponse, PageOf } from '@/shared/response-schema';
import * as repo from './repository';
import * as svc from './service';

const M = '/message/api/v1.message';

/** The message service (spec §7: message list, read_message, message_count, user_message_count). */
export const messageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const session = { access: 'session' as const };

  app.get(
    `${M}/list/`,
    { schema: { querystring: MessageListQuery, response: okResponse(MessagePage) }, config: session },
    async (req) => ok(await repo.listMessages(app.db, req.auth!.userId, req.query)),
  );

  app.post(
    `${M}/read_message/`,
    { schema: { body: ReadMessageBody, response: okResponse(ReadMessageAnswer) }, config: session },
    async (req) => ok(await svc.readMessages(app.db, req.auth!.userId, req.body)),
  );

  app.get(`${M}/message_count/`, { schema: { response: okResponse(MessageCount) }, config: session }, async (req) =>
    ok({ unread: await repo.unreadCount(app.db, req.auth!.userId) }),
  );

  app.get(
    `${M}/user_message_count/`,
    {
      schema: { querystring: UserMessageCountQuery, response: okResponse(PageOf(UserMessageCount)) },
      config: { access: 'admin' },
    },
    async (req) => ok(await svc.userMessageCounts(app.db, req.query)),
  );
};
