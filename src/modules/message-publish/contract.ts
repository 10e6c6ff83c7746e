import { Type, type Static } from 'typebox';
import { MAX_ID } from '@/shared/ids';
import { PageFields } from '@/shared/paging';

/**
 * 消息发布 (spec §2 lightApps/publishMessage, §7 message service): templates, releases to an
 * audience, scheduled delivery into the message centre, read receipts and withdrawal.
 */

export const RELEASE_STATUSES = ['approving', 'scheduled', 'sending', 'sent', 'withdrawn', 'rejected'] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];
export const RELEASE_STATUS_LABELS: Record<ReleaseStatus, string> = {
  approving: '审批中',
  scheduled: '待发送',
  sending: '发送中',
  sent: '已发送',
  withdrawn: '已撤回',
  rejected: '审批未通过',
};

export const LIMITS = {
  title: 100,
  content: 200_000,
  templateName: 60,
  category: 30,
  attachments: 10,
  /** Ids in one audience list (departments, classes, roles, platforms). */
  audienceIds: 500,
  /** People named one by one (an uploaded list). */
  audienceUsers: 20_000,
  /** A release may be scheduled at most this far ahead. */
  scheduleAheadMs: 180 * 24 * 3600_000,
  variableValue: 200,
} as const;

/** `{{变量}}` in a template's title or text: letters, digits, _ or Chinese, 1–20. */
export const VARIABLE_PATTERN = /\{\{\s*([\p{Script=Han}\w]{1,20})\s*\}\}/gu;

/** The variables a title and text use, in order of first use. */
export function variablesOf(...texts: string[]): string[] {
  const out: string[] = [];
  for (const t of texts) for (const m of t.matchAll(VARIABLE_PATTERN)) if (!out.includes(m[1]!)) out.push(m[1]!);
  return out;
}

const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const Ids = (max: number) => Type.Array(Id, { maxItems: max, default: [] });

export const Audience = Type.Object({
  /** The whole school: needs approval before it goes out. */
  all: Type.Boolean({ default: false }),
  departmentIds: Ids(LIMITS.audienceIds),
  classIds: Ids(LIMITS.audienceIds),
  roleCodes: Type.Array(Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z0-9_]+$' }), {
    maxItems: 50,
    default: [],
  }),
  platformIds: Ids(50),
  userIds: Ids(LIMITS.audienceUsers),
});
export type Audience = Static<typeof Audience>;

export const Attachment = Type.Object({
  id: Type.String({ pattern: '^[0-9a-f-]{36}$' }),
  name: Type.String({ maxLength: 200 }),
  size: Type.Integer({ minimum: 0 }),
  url: Type.String({ maxLength: 200 }),
});
export type Attachment = Static<typeof Attachment>;

export const TemplateBody = Type.Object({
  id: Type.Optional(Id),
  name: Type.String({ minLength: 1, maxLength: LIMITS.templateName }),
  category: Type.String({ minLength: 1, maxLength: LIMITS.category }),
  title: Type.String({ minLength: 1, maxLength: LIMITS.title }),
  content: Type.String({ minLength: 1, maxLength: LIMITS.content }),
});
export type TemplateBody = Static<typeof TemplateBody>;

export const TemplateListQuery = Type.Object({
  ...PageFields,
  keyword: Type.Optional(Type.String({ maxLength: 60 })),
  category: Type.Optional(Type.String({ maxLength: LIMITS.category })),
});
export type TemplateListQuery = Static<typeof TemplateListQuery>;

export const IdBody = Type.Object({ id: Id });
export type IdBody = Static<typeof IdBody>;
export const IdQuery = IdBody;

export const ReleaseBody = Type.Object({
  title: Type.String({ minLength: 1, maxLength: LIMITS.title }),
  content: Type.String({ minLength: 1, maxLength: LIMITS.content }),
  templateId: Type.Optional(Id),
  /** Values of the template's `{{变量}}`, filled into title and text by the server. */
  variables: Type.Record(Type.String(), Type.String({ maxLength: LIMITS.variableValue }), {
    default: {},
    maxProperties: 50,
  }),
  attachments: Type.Array(Attachment, { maxItems: LIMITS.attachments, default: [] }),
  audience: Audience,
  /** ms; absent = now. */
  publishAt: Type.Optional(Type.Integer({ minimum: 0, maximum: 8_640_000_000_000 })),
});
export type ReleaseBody = Static<typeof ReleaseBody>;

export const ReleaseListQuery = Type.Object({
  ...PageFields,
  status: Type.Optional(Type.Enum(RELEASE_STATUSES)),
  keyword: Type.Optional(Type.String({ maxLength: 60 })),
});
export type ReleaseListQuery = Static<typeof ReleaseListQuery>;

export const UnreadQuery = Type.Object({
  ...PageFields,
  id: Id,
  departmentId: Type.Optional(Id),
});
export type UnreadQuery = Static<typeof UnreadQuery>;

export interface TemplateItem {
  id: number;
  name: string;
  category: string;
  title: string;
  content: string;
  variables: string[];
  createdByName: string;
  mine: boolean;
  updatedAt: number;
}

export interface ReleaseItem {
  id: number;
  title: string;
  status: ReleaseStatus;
  audienceText: string;
  publishAt: number;
  sentAt: number | null;
  recipients: number;
  read: number;
  createdAt: number;
}

export interface ReleaseDetail extends ReleaseItem {
  content: string;
  attachments: Attachment[];
  audience: Audience;
  withdrawnAt: number | null;
  instanceId: number | null;
  publisherName: string;
  byDepartment: { departmentId: number | null; departmentName: string; total: number; read: number }[];
}

/** What a recipient (or the publisher) reads. */
export interface ReleaseView {
  id: number;
  title: string;
  content: string;
  attachments: Attachment[];
  publisherName: string;
  sentAt: number | null;
}

export interface UnreadRecipient {
  userId: number;
  realName: string;
  userNo: string;
  departmentName: string;
}

export interface AudienceOptions {
  departments: { id: number; name: string; kind: string; parentId: number | null }[];
  roles: { code: string; name: string }[];
  platforms: { id: number; name: string }[];
}

export interface RecipientListAnswer {
  users: { id: number; userNo: string; realName: string }[];
  errors: { row: number; message: string }[];
}

export interface AudienceCount {
  count: number;
  needsApproval: boolean;
}

/** The link a recipient's message opens. */
export const viewPath = (id: number) => `/web/lightApps/publishMessage/preview?id=${id}`;
/** The messages module's subject of a release's messages. */
export const releaseSubject = (id: number) => `msg_release:${id}`;
