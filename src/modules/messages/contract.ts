import { Type, type Static } from 'typebox';
import { PageFields } from '@/shared/paging';
import { MAX_ID } from '@/shared/ids';
import { Nullable, PageOf, StringEnum } from '@/shared/response-schema';

import { MESSAGE_KINDS, type MessageKind } from './message-kinds';

export { MESSAGE_KINDS, type MessageKind };
// The outside channels' schemas and constants (通知渠道, 消息模板, 发送记录, 通知设置).
export * from './notify-contract';

/** Chinese names of the kinds (tags on the lists, the kind filter). */
export const MESSAGE_KIND_LABELS: Record<MessageKind, string> = {
  task: '待办',
  result: '审批结果',
  urge: '催办',
  copy: '抄送',
  notice: '通知',
  system: '系统',
};

/** What the lists say of a message whose task was handled (doneAt set). */
export const MESSAGE_DONE_LABEL = '已处理';

/** Field limits: sendMessage checks them; the lists show them. */
export const MESSAGE_LIMITS = { title: 100, body: 1000, link: 500, subject: 100 } as const;

/** How often the unread count is asked for while the page is visible (the bell, the phone home). */
export const MESSAGE_COUNT_REFRESH_MS = 60_000;

const Kind = Type.Unsafe<MessageKind>({ type: 'string', enum: [...MESSAGE_KINDS] });

/** GET /message/api/v1.message/list/ — the caller's messages, newest first. */
export const MessageListQuery = Type.Object({
  status: Type.Union([Type.Literal('unread'), Type.Literal('all')], { default: 'all' }),
  kind: Type.Optional(Kind),
  ...PageFields,
});
export type MessageListQuery = Static<typeof MessageListQuery>;

/** POST /message/api/v1.message/read_message/ (JSON): one message by `id`, or every unread one with `all: true`. */
export const ReadMessageBody = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID })),
  all: Type.Optional(Type.Boolean()),
});
export type ReadMessageBody = Static<typeof ReadMessageBody>;

/** GET /message/api/v1.message/user_message_count/ (administrators): one user, or every user with messages. */
export const UserMessageCountQuery = Type.Object({
  userId: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID })),
  ...PageFields,
});
export type UserMessageCountQuery = Static<typeof UserMessageCountQuery>;

export const Message = Type.Object({
  id: Type.Integer(),
  kind: StringEnum(MESSAGE_KINDS),
  title: Type.String(),
  body: Type.String(),
  /** An in-app path ('/web/…', '/mobile/…') or ''. */
  link: Type.String(),
  /** ms, or null while unread. */
  readAt: Nullable(Type.Number()),
  /** ms: when what it asks for was handled (a task approved, returned, withdrawn …, by anyone), or null. */
  doneAt: Nullable(Type.Number()),
  createdAt: Type.Number(),
});
export type Message = Static<typeof Message>;

/** Answer of list/: a page of the caller's messages. */
export const MessagePage = PageOf(Message);

/** Answer of read_message/: how many changed, and the caller's unread count afterwards. */
export const ReadMessageAnswer = Type.Object({ updated: Type.Integer(), unread: Type.Integer() });
export type ReadMessageAnswer = Static<typeof ReadMessageAnswer>;

/** Answer of message_count/. */
export const MessageCount = Type.Object({ unread: Type.Integer() });
export type MessageCount = Static<typeof MessageCount>;

/** One row of user_message_count/. */
export const UserMessageCount = Type.Object({
  userId: Type.Integer(),
  username: Type.String(),
  realName: Type.String(),
  unread: Type.Integer(),
  total: Type.Integer(),
});
export type UserMessageCount = Static<typeof UserMessageCount>;
