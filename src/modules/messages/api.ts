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
  MessageKind,
} from './contract';
import type {
  ChannelList,
  ChannelView,
  DeliveryQuery,
  DeliveryRow,
  DemoMail,
  GeneralSettings,
  MyPreferences,
  NotifyTemplate,
  PrefChoice,
  SaveChannelBody,
  SaveTemplateBody,
  TestChannelAnswer,
  TestChannelBody,
} from './notify-contract';

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

// ---- notifications beyond the in-app centre (notify-contract.ts) ----

const N = '/message/api/v1.notify';

/** The outside channels (secrets only as "stored"). GET /message/api/v1.notify/channel/list/ */
export const listChannels = () => http.get<ChannelList>(`${N}/channel/list/`);
/** POST /message/api/v1.notify/channel/save/ (JSON) */
export const saveChannel = (b: SaveChannelBody) => http.post<ChannelView>(`${N}/channel/save/`, b, { json: true });
/** POST /message/api/v1.notify/channel/general/ (JSON) */
export const saveGeneral = (b: GeneralSettings) => http.post<null>(`${N}/channel/general/`, b, { json: true });
/** 发送测试. POST /message/api/v1.notify/channel/test/ (JSON; the provider may take up to 20 s) */
export const testChannel = (b: TestChannelBody) =>
  http.post<TestChannelAnswer>(`${N}/channel/test/`, b, { json: true, slow: true });

/** GET /message/api/v1.notify/template/list/ */
export const listTemplates = () => http.get<NotifyTemplate[]>(`${N}/template/list/`);
/** POST /message/api/v1.notify/template/save/ (JSON) */
export const saveTemplate = (b: SaveTemplateBody) => http.post<null>(`${N}/template/save/`, b, { json: true });
/** 恢复默认. POST /message/api/v1.notify/template/reset/ (JSON) */
export const resetTemplate = (kind: MessageKind) => http.post<null>(`${N}/template/reset/`, { kind }, { json: true });

/** 发送记录. GET /message/api/v1.notify/delivery/list/ */
export const listDeliveries = (q: Partial<DeliveryQuery>) =>
  http.get<Page<DeliveryRow>>(`${N}/delivery/list/`, { params: q });
/** 重发 a failed delivery. POST /message/api/v1.notify/delivery/retry/ (JSON) */
export const retryDelivery = (id: number) => http.post<null>(`${N}/delivery/retry/`, { id }, { json: true });

/** 演示邮箱. GET /message/api/v1.notify/demo_mail/list/ */
export const listDemoMail = (q: { page: number; pageSize: number }) =>
  http.get<Page<DemoMail>>(`${N}/demo_mail/list/`, { params: q });

/** The caller's 通知设置. GET /message/api/v1.notify/preferences/ */
export const myPreferences = () => http.get<MyPreferences>(`${N}/preferences/`);
/** POST /message/api/v1.notify/preferences/ (JSON) */
export const savePreferences = (choices: PrefChoice[]) =>
  http.post<MyPreferences>(`${N}/preferences/`, { choices }, { json: true });
