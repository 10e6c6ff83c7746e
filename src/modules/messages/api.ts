import { http, type RequestOptions } from '@/core/http';
import type { Page } from '@/shared/envelope';
import type {
  Message,
  MessageCount,
  MessageListQuery,
  ReadMessageAnswer,
  ReadMessageBody,
  UserMessageCount,
  UserMessageCountQuery,
} from './contract';

const M = '/message/api/v1.message';
type Silent = Pick<RequestOptions, 'silent'>;

/** The caller's messages, newest first. GET /message/api/v1.message/list/ */
export const listMessages = (q: Partial<MessageListQuery>, opts: Silent = {}) =>
  http.get<Page<Message>>(`${M}/list/`, { params: q, ...opts });

/** Mark one message (`id`) or all (`all: true`) read. POST /message/api/v1.message/read_message/ (JSON) */
export const readMessage = (body: ReadMessageBody, opts: Silent = {}) =>
  http.post<ReadMessageAnswer>(`${M}/read_message/`, body, opts);

/** The caller's unread count. GET /message/api/v1.message/message_count/ */
export const messageCount = (opts: Silent = {}) => http.get<MessageCount>(`${M}/message_count/`, opts);

/** Counts per user, or one user's (administrators). GET /message/api/v1.message/user_message_count/ */
export const userMessageCount = (q: Partial<UserMessageCountQuery>) =>
  http.get<Page<UserMessageCount>>(`${M}/user_message_count/`, { params: q });
