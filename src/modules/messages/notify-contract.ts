import { Type, type Static } from 'typebox';
import { PageFields } from '@/shared/paging';
import { MAX_ID } from '@/shared/ids';
import { Nullable, PageOf, StringEnum } from '@/shared/response-schema';
import { MESSAGE_KINDS, type MessageKind } from './message-kinds';

/**
 * Notifications beyond the in-app centre (issue 24 item 2): the outside channels, their templates,
 * users' preferences and the delivery log. Shared by the back office, 个人中心 and the server.
 */

/** Outside channels; the in-app message is always written and is not one of them. */
export const NOTIFY_CHANNELS = ['email', 'sms', 'wecom', 'dingtalk'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

export const NOTIFY_CHANNEL_LABELS: Record<NotifyChannel, string> = {
  email: '电子邮件',
  sms: '短信',
  wecom: '企业微信',
  dingtalk: '钉钉',
};

export const DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: '待发送',
  sent: '已发送',
  failed: '失败',
};

/** Tries before a delivery is marked 失败; retry n waits BACKOFF × 2^(n-1). */
export const NOTIFY_MAX_ATTEMPTS = 5;
export const NOTIFY_BACKOFF_MS = 60_000;

/** Variables every template may use, and the ones only some kinds offer. */
export const COMMON_VARIABLES = ['title', 'body', 'link', 'recipient', 'time', 'siteName'] as const;
export const KIND_VARIABLES: Record<MessageKind, readonly string[]> = {
  task: ['applicant'],
  result: [],
  urge: [],
  copy: ['applicant'],
  notice: ['applicant', 'formName'],
  system: ['applicant', 'formName'],
};
export const VARIABLE_LABELS: Record<string, string> = {
  title: '消息标题',
  body: '消息正文',
  link: '链接（完整地址）',
  recipient: '收件人姓名',
  time: '发送时间',
  siteName: '平台名称',
  applicant: '申请人/提交人',
  formName: '表单名称',
};
export const variablesOf = (kind: MessageKind): string[] => [...COMMON_VARIABLES, ...KIND_VARIABLES[kind]];

/** Sample values of the 预览. */
export const SAMPLE_VARIABLES: Record<string, string> = {
  title: '请审批：李明轩的请假申请',
  body: '请假 3 天（12月1日—3日）',
  link: 'https://portal.example.edu.cn/web/taskCenter/taskApproval?id=42',
  recipient: '王建国',
  time: '2026-12-01 09:30',
  siteName: '华夏理工大学综合服务门户',
  applicant: '李明轩',
  formName: '学生请假申请',
};

/** A template's texts: one subject and body per kind; e-mail gets them as HTML-escaped text too. */
export const TEMPLATE_LIMITS = { subject: 200, body: 2000 } as const;

const Channel = StringEnum(NOTIFY_CHANNELS);
const Kind = StringEnum(MESSAGE_KINDS);

// ---- 通知渠道 ----

export const EmailSettings = Type.Object({
  host: Type.String({ maxLength: 255 }),
  port: Type.Integer({ minimum: 1, maximum: 65535 }),
  /** 'tls': TLS from the first byte (465); 'starttls': upgrade required (587); 'none': plain (a local relay). */
  security: StringEnum(['tls', 'starttls', 'none'] as const),
  /** Accept a certificate the machine does not trust (a campus relay with its own CA). */
  allowSelfSigned: Type.Boolean(),
  from: Type.String({ maxLength: 255 }),
  user: Type.String({ maxLength: 255 }),
});
export type EmailSettings = Static<typeof EmailSettings>;

/** SMS: a generic HTTP gateway (see README: the signed JSON shape it follows). */
export const SmsSettings = Type.Object({
  url: Type.String({ maxLength: 500 }),
  appKey: Type.String({ maxLength: 200 }),
  signName: Type.String({ maxLength: 50 }),
  templateCode: Type.String({ maxLength: 100 }),
});
export type SmsSettings = Static<typeof SmsSettings>;

/** 企业微信 群机器人: the webhook URL holds its key, so the URL is the secret. */
export const WecomSettings = Type.Object({});
/** 钉钉 自定义机器人: the webhook URL holds its access_token (secret), the 加签 secret is the second one. */
export const DingtalkSettings = Type.Object({});

export const ChannelSettings = Type.Union([EmailSettings, SmsSettings, WecomSettings, DingtalkSettings]);

/** One channel as the back office sees it: never a secret, only whether one is stored. */
export const ChannelView = Type.Object({
  channel: Channel,
  enabled: Type.Boolean(),
  settings: Type.Record(Type.String(), Type.Unknown()),
  keyStored: Type.Boolean(),
  /** The webhook's host (wecom, dingtalk) to recognise it by, without its key. */
  webhookHost: Type.String(),
  updatedAt: Nullable(Type.Number()),
});
export type ChannelView = Static<typeof ChannelView>;

/** What templates need besides the message: the portal's address (links in e-mails) and its name. */
export const GeneralSettings = Type.Object({
  portalUrl: Type.String({ maxLength: 300 }),
  siteName: Type.String({ maxLength: 100 }),
});
export type GeneralSettings = Static<typeof GeneralSettings>;

export const ChannelList = Type.Object({
  list: Type.Array(ChannelView),
  /** True when the demo's own SMTP sink runs (演示邮箱). */
  demoSink: Type.Boolean(),
  general: GeneralSettings,
});
export type ChannelList = Static<typeof ChannelList>;

/**
 * POST channel/save/ (JSON). `secret`: the password (email), the app secret (sms) or the webhook URL
 * (wecom, dingtalk); `secret2`: dingtalk's 加签 key. Absent or '' keeps the stored one.
 */
export const SaveChannelBody = Type.Object({
  channel: Channel,
  enabled: Type.Boolean(),
  settings: Type.Record(Type.String(), Type.Unknown()),
  secret: Type.Optional(Type.String({ maxLength: 1000 })),
  secret2: Type.Optional(Type.String({ maxLength: 500 })),
});
export type SaveChannelBody = Static<typeof SaveChannelBody>;

export const TestChannelBody = Type.Object({
  channel: Channel,
  /** An e-mail address or a mobile number. */
  address: Type.String({ minLength: 1, maxLength: 255 }),
});
export type TestChannelBody = Static<typeof TestChannelBody>;

export const TestChannelAnswer = Type.Object({ ok: Type.Boolean(), detail: Type.String() });
export type TestChannelAnswer = Static<typeof TestChannelAnswer>;

// ---- 消息模板 ----

export const NotifyTemplate = Type.Object({
  kind: Kind,
  subject: Type.String(),
  body: Type.String(),
  /** False: the built-in default (never saved). */
  custom: Type.Boolean(),
  variables: Type.Array(Type.String()),
});
export type NotifyTemplate = Static<typeof NotifyTemplate>;

export const SaveTemplateBody = Type.Object({
  kind: Kind,
  subject: Type.String({ minLength: 1, maxLength: TEMPLATE_LIMITS.subject }),
  body: Type.String({ minLength: 1, maxLength: TEMPLATE_LIMITS.body }),
});
export type SaveTemplateBody = Static<typeof SaveTemplateBody>;

// ---- 发送记录 ----

export const DeliveryQuery = Type.Object({
  channel: Type.Optional(Channel),
  status: Type.Optional(StringEnum(DELIVERY_STATUSES)),
  ...PageFields,
});
export type DeliveryQuery = Static<typeof DeliveryQuery>;

export const DeliveryRow = Type.Object({
  id: Type.Integer(),
  channel: Channel,
  /** Masked: li***@hxlg.edu.cn, 138****0000. */
  address: Type.String(),
  recipient: Type.String(),
  kind: Kind,
  title: Type.String(),
  status: StringEnum(DELIVERY_STATUSES),
  attempts: Type.Integer(),
  lastError: Nullable(Type.String()),
  createdAt: Type.Number(),
  sentAt: Nullable(Type.Number()),
  nextAttemptAt: Type.Number(),
});
export type DeliveryRow = Static<typeof DeliveryRow>;
export const DeliveryPage = PageOf(DeliveryRow);

export const KindBody = Type.Object({ kind: Kind });

export const IdBody = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) });
export type IdBody = Static<typeof IdBody>;

// ---- 演示邮箱 ----

export const DemoMail = Type.Object({
  id: Type.Integer(),
  mailFrom: Type.String(),
  rcptTo: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  html: Type.String(),
  receivedAt: Type.Number(),
});
export type DemoMail = Static<typeof DemoMail>;
export const DemoMailPage = PageOf(DemoMail);
export const DemoMailQuery = Type.Object({ ...PageFields });

// ---- 通知设置 (个人中心) ----

export const PrefChoice = Type.Object({ kind: Kind, channel: Channel, enabled: Type.Boolean() });
export type PrefChoice = Static<typeof PrefChoice>;

export const MyPreferences = Type.Object({
  email: Type.String(),
  emailValid: Type.Boolean(),
  phone: Type.String(),
  phoneValid: Type.Boolean(),
  /** Channels the back office has on; the page offers only these. */
  channels: Type.Array(Channel),
  choices: Type.Array(PrefChoice),
});
export type MyPreferences = Static<typeof MyPreferences>;

export const SavePreferencesBody = Type.Object({
  choices: Type.Array(PrefChoice, { maxItems: MESSAGE_KINDS.length * NOTIFY_CHANNELS.length }),
});
export type SavePreferencesBody = Static<typeof SavePreferencesBody>;

/** The address formats channels accept (the account's e-mail, a mainland mobile). */
export const EMAIL_PATTERN =
  /^[^\s@<>()[\]\\,;:"]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const validEmail = (s: string | null | undefined): boolean => !!s && s.length <= 254 && EMAIL_PATTERN.test(s);
export const validMobile = (s: string | null | undefined): boolean => !!s && MOBILE_PATTERN.test(s);

/** li***@hxlg.edu.cn, 138****0000: what the delivery log shows of an address. */
export function maskAddress(address: string): string {
  const at = address.indexOf('@');
  if (at > 0) return `${address.slice(0, Math.min(2, at))}***${address.slice(at)}`;
  if (/^\d{11}$/.test(address)) return `${address.slice(0, 3)}****${address.slice(7)}`;
  return address.length > 4 ? `${address.slice(0, 2)}***${address.slice(-2)}` : '***';
}
