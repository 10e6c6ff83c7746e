import { Type, type Static } from 'typebox';
import { PageFields } from '@/shared/paging';
import { MAX_ID } from '@/shared/ids';

/**
 * 资源中心 (issue 19 part 2). Paths: `/resource/api/v1.resource/*` (hall, my releases, files,
 * favourites), `/resource/api/v1.resourceLink/*` (shareable links of my resources),
 * `/resource/api/v1.resourceStats/*` (reports and export) and `/resource/api/v1.share/*` (a
 * visitor opening a link, no sign-in).
 */

const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
/** ms since epoch, bounded so it stays an ordinary number on both databases. */
const Ms = Type.Integer({ minimum: 0, maximum: 8_640_000_000_000 });

export const RESOURCE_KINDS = ['document', 'image', 'video', 'link'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];
export const KIND_LABELS: Record<ResourceKind, string> = {
  document: '文档',
  image: '图片',
  video: '视频',
  link: '链接',
};

export const VISIBILITIES = ['all', 'roles', 'departments'] as const;
export type Visibility = (typeof VISIBILITIES)[number];
export const VISIBILITY_LABELS: Record<Visibility, string> = {
  all: '所有人',
  roles: '指定角色',
  departments: '指定部门',
};

export const STATUS_LABELS: Record<string, string> = { draft: '草稿', released: '已发布' };
export const ACTION_LABELS: Record<string, string> = { view: '预览', download: '下载', link: '链接访问' };

const KindField = Type.Union([
  Type.Literal('document'),
  Type.Literal('image'),
  Type.Literal('video'),
  Type.Literal('link'),
]);
const VisibilityField = Type.Union([Type.Literal('all'), Type.Literal('roles'), Type.Literal('departments')]);

export const TITLE_MAX = 80;
export const DESCRIPTION_MAX = 500;
export const LABEL_MAX = 12;
export const LABELS_MAX = 8;
/** A view ticket (the file address a preview or a visitor gets) lives this long. */
export const TICKET_MINUTES = 30;
/** A shareable link's longest life. */
export const LINK_MAX_DAYS = 365;
export const LINK_PASSWORD_MAX = 20;

export const HallQuery = Type.Object({
  ...PageFields,
  keyword: Type.Optional(Type.String({ maxLength: 60 })),
  kind: Type.Optional(KindField),
  label: Type.Optional(Type.String({ maxLength: LABEL_MAX })),
  /** 1: only my favourites. */
  favorite: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});
export type HallQuery = Static<typeof HallQuery>;

export const IdQuery = Type.Object({ id: Id });
export const IdBody = Type.Object({ id: Id });

export const SaveBody = Type.Object({
  id: Type.Optional(Id),
  title: Type.String({ minLength: 1, maxLength: TITLE_MAX }),
  description: Type.String({ maxLength: DESCRIPTION_MAX, default: '' }),
  kind: KindField,
  /** The stored file (document, image, video) from upload/. */
  uploadId: Type.Optional(Type.String({ pattern: '^[0-9a-f-]{36}$' })),
  /** The address of a link resource. */
  url: Type.Optional(Type.String({ maxLength: 500 })),
  departmentId: Type.Optional(Id),
  labels: Type.Array(Type.String({ minLength: 1, maxLength: LABEL_MAX }), { maxItems: LABELS_MAX, default: [] }),
  visibility: VisibilityField,
  roleIds: Type.Array(Id, { maxItems: 50, default: [] }),
  departmentIds: Type.Array(Id, { maxItems: 50, default: [] }),
});
export type SaveBody = Static<typeof SaveBody>;

export const MineQuery = Type.Object({
  ...PageFields,
  status: Type.Optional(Type.Union([Type.Literal('draft'), Type.Literal('released')])),
  keyword: Type.Optional(Type.String({ maxLength: 60 })),
});
export type MineQuery = Static<typeof MineQuery>;

export const RecordQuery = Type.Object({
  ...PageFields,
  resourceId: Type.Optional(Id),
  action: Type.Optional(Type.Union([Type.Literal('view'), Type.Literal('download'), Type.Literal('link')])),
});
export type RecordQuery = Static<typeof RecordQuery>;

export const StatsQuery = Type.Object({ from: Type.Optional(Ms), to: Type.Optional(Ms) });
export type StatsQuery = Static<typeof StatsQuery>;
export const ExportQuery = Type.Object({
  report: Type.Union([Type.Literal('resource'), Type.Literal('access'), Type.Literal('label')]),
  from: Type.Optional(Ms),
  to: Type.Optional(Ms),
});
export type ExportQuery = Static<typeof ExportQuery>;

export const LinkCreateBody = Type.Object({
  resourceId: Id,
  expiresAt: Ms,
  password: Type.String({ maxLength: LINK_PASSWORD_MAX, default: '' }),
  /** 0: no limit. */
  maxVisits: Type.Integer({ minimum: 0, maximum: 100_000, default: 0 }),
});
export type LinkCreateBody = Static<typeof LinkCreateBody>;

export const LinkListQuery = Type.Object({
  ...PageFields,
  /** active: links that still open; history: expired, used up or revoked. */
  scope: Type.Union([Type.Literal('active'), Type.Literal('history')]),
  resourceId: Type.Optional(Id),
});
export type LinkListQuery = Static<typeof LinkListQuery>;

const Token = Type.String({ pattern: '^[A-Za-z0-9_-]{16,64}$' });
export const ShareInfoQuery = Type.Object({ token: Token });
export const ShareOpenBody = Type.Object({
  token: Token,
  password: Type.String({ maxLength: LINK_PASSWORD_MAX, default: '' }),
});
export type ShareOpenBody = Static<typeof ShareOpenBody>;
export const FileQuery = Type.Object({ ticket: Token });

/** A resource as lists and the preview show it. */
export interface ResourceView {
  id: number;
  title: string;
  description: string;
  kind: ResourceKind;
  mime: string;
  fileName: string;
  size: number;
  url: string;
  departmentId: number | null;
  departmentName: string;
  labels: string[];
  visibility: Visibility;
  status: 'draft' | 'released';
  ownerName: string;
  releasedAt: number | null;
  createdAt: number;
  viewCount: number;
  favorite: boolean;
}

/** The owner's edit view adds who may see it. */
export interface ResourceEdit extends ResourceView {
  roleIds: number[];
  departmentIds: number[];
  uploadId: string | null;
}

/** What open/ answers: where the browser fetches the file (a ticket address) or the link's address. */
export interface OpenAnswer {
  resource: ResourceView;
  /** The file address (with a short-lived ticket) or, for a link, its target. */
  src: string;
  /** pdf, image and video preview inline; office files download. */
  preview: 'pdf' | 'image' | 'video' | 'download' | 'link';
}

export interface UploadAnswer {
  id: string;
  name: string;
  mime: string;
  size: number;
  kind: ResourceKind;
}

export interface RecordRow {
  id: number;
  resourceId: number;
  resourceTitle: string;
  action: string;
  userName: string;
  linkId: number | null;
  createdAt: number;
}

export interface LinkRow {
  id: number;
  resourceId: number;
  resourceTitle: string;
  token: string;
  hasPassword: boolean;
  expiresAt: number;
  maxVisits: number;
  visits: number;
  status: 'active' | 'expired' | 'exhausted' | 'revoked';
  createdAt: number;
  revokedAt: number | null;
}

export interface LinkCreated extends LinkRow {
  path: string;
}

export interface ShareInfo {
  title: string;
  kind: ResourceKind;
  ownerName: string;
  needsPassword: boolean;
  expiresAt: number;
}

export interface StatsAnswer {
  totals: { resources: number; released: number; views: number; downloads: number; linkVisits: number };
  byKind: { name: string; count: number; views: number }[];
  byDepartment: { name: string; count: number; views: number }[];
  top: { id: number; title: string; views: number }[];
  access: { day: string; view: number; download: number; link: number }[];
  labels: { name: string; count: number; views: number }[];
}

export interface Option {
  id: number;
  name: string;
}

export interface Options {
  roles: Option[];
  departments: Option[];
  labels: string[];
}

/** The kind of a file from its sniffed type. */
export const kindOfMime = (mime: string): ResourceKind =>
  mime.startsWith('image/') ? 'image' : mime.startsWith('video/') ? 'video' : 'document';

export const previewOf = (kind: ResourceKind, mime: string): OpenAnswer['preview'] =>
  kind === 'link'
    ? 'link'
    : mime === 'application/pdf'
      ? 'pdf'
      : mime.startsWith('image/')
        ? 'image'
        : mime.startsWith('video/')
          ? 'video'
          : 'download';

/** Where a visitor opens a link. */
export const sharePath = (token: string) => `/share/resource?token=${token}`;
