import { Type, type Static } from 'typebox';
import { MAX_ID } from '@/shared/ids';
import { pageFields, PageFields } from '@/shared/paging';

/** Service hall (办事大厅, issue 17): what client and server share. */

export type HandlingMode = 'online' | 'offline' | 'booking';
export type ItemStatus = 'draft' | 'published' | 'withdrawn';
export type Audience = 'student' | 'staff' | 'visitor' | 'alumni';

export const THEMES = [
  '学籍学业',
  '奖助勤贷',
  '就业创业',
  '后勤生活',
  '网络信息',
  '出国出境',
  '人事服务',
  '财务报销',
  '科研管理',
  '图书文献',
  '证明办理',
  '其他',
] as const;
export type Theme = (typeof THEMES)[number];

export const AUDIENCE_LABELS: Record<Audience, string> = {
  student: '学生',
  staff: '教职工',
  visitor: '访客',
  alumni: '校友',
};
export const MODE_LABELS: Record<HandlingMode, string> = {
  online: '在线办理',
  offline: '线下办理',
  booking: '预约办理',
};
export const STATUS_LABELS: Record<ItemStatus, string> = { draft: '草稿', published: '已发布', withdrawn: '已撤回' };

export const SERVICE_HALL_LIMITS = {
  name: 60,
  summary: 200,
  richText: 50_000,
  text: 2_000,
  materials: 30,
  steps: 20,
  windows: 10,
  rules: 100,
  specialItems: 60,
  templateBytes: 10 * 1024 * 1024,
  imageBytes: 5 * 1024 * 1024,
} as const;

const L = SERVICE_HALL_LIMITS;
const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const UploadId = Type.String({ pattern: '^[0-9a-f-]{36}$' });
const Text = (max: number = L.text) => Type.String({ maxLength: max });

export const ModeSchema = Type.Union([Type.Literal('online'), Type.Literal('offline'), Type.Literal('booking')]);
export const AudienceSchema = Type.Union([
  Type.Literal('student'),
  Type.Literal('staff'),
  Type.Literal('visitor'),
  Type.Literal('alumni'),
]);
export const ThemeSchema = Type.Enum(THEMES);

export const Material = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  required: Type.Boolean(),
  copies: Type.String({ maxLength: 40 }),
  note: Type.String({ maxLength: 300 }),
  /** A downloadable template (an upload of this module), or null. */
  templateId: Type.Union([UploadId, Type.Null()]),
  templateName: Type.String({ maxLength: 200 }),
});
export type Material = Static<typeof Material>;

export const Step = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 60 }),
  description: Type.String({ maxLength: 500 }),
});
export type Step = Static<typeof Step>;

export const OfflineWindow = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 60 }),
  address: Type.String({ maxLength: 200 }),
  hours: Type.String({ maxLength: 100 }),
  phone: Type.String({ maxLength: 40 }),
});
export type OfflineWindow = Static<typeof OfflineWindow>;

/** A see/apply rule subject: everybody (visitors too), any signed-in user, a role, a department, a platform. */
export type RuleSubject = 'public' | 'user' | 'role' | 'dept' | 'platform';
export const RuleSchema = Type.Object({
  subject: Type.Union([
    Type.Literal('public'),
    Type.Literal('user'),
    Type.Literal('role'),
    Type.Literal('dept'),
    Type.Literal('platform'),
  ]),
  subjectId: Type.Integer({ minimum: 0, maximum: MAX_ID }),
});
export type Rule = Static<typeof RuleSchema>;

/** POST /affairs/api/v1.serviceTool/save/ (JSON): create (no id) or edit an item. */
export const ItemSaveBody = Type.Object({
  id: Type.Optional(Id),
  name: Type.String({ minLength: 1, maxLength: L.name }),
  summary: Text(L.summary),
  departmentId: Id,
  theme: ThemeSchema,
  audiences: Type.Array(AudienceSchema, { maxItems: 4, uniqueItems: true }),
  modes: Type.Array(ModeSchema, { maxItems: 3, uniqueItems: true }),
  conditions: Text(L.richText),
  materials: Type.Array(Material, { maxItems: L.materials }),
  steps: Type.Array(Step, { maxItems: L.steps }),
  timeLimit: Text(100),
  fees: Text(200),
  legalBasis: Text(L.richText),
  contact: Text(300),
  faq: Text(L.richText),
  windows: Type.Array(OfflineWindow, { maxItems: L.windows }),
  openingHours: Text(200),
  mapUploadId: Type.Union([UploadId, Type.Null()]),
  bring: Text(),
  formId: Type.Union([Id, Type.Null()]),
  processId: Type.Union([Id, Type.Null()]),
  issuesPermit: Type.Boolean(),
  permitTitle: Type.Union([Type.String({ maxLength: 60 }), Type.Null()]),
});
export type ItemSaveBody = Static<typeof ItemSaveBody>;

export const IdBody = Type.Object({ id: Id });
export type IdBody = Static<typeof IdBody>;

/** POST /affairs/api/v1.serviceTool/order/: new sort numbers for some items. */
export const OrderBody = Type.Object({
  items: Type.Array(Type.Object({ id: Id, sort: Type.Integer({ minimum: 0, maximum: 1_000_000 }) }), {
    minItems: 1,
    maxItems: 200,
  }),
});
export type OrderBody = Static<typeof OrderBody>;

/** POST /affairs/api/v1.serviceTool/rules/: who may see and who may apply. */
export const RulesBody = Type.Object({
  id: Id,
  see: Type.Array(RuleSchema, { maxItems: L.rules }),
  apply: Type.Array(RuleSchema, { maxItems: L.rules }),
});
export type RulesBody = Static<typeof RulesBody>;

/** GET /affairs/api/v1.serviceTool/list/ */
export const AdminItemQuery = Type.Object({
  ...PageFields,
  keyword: Type.Optional(Type.String({ maxLength: 60 })),
  status: Type.Optional(Type.Union([Type.Literal('draft'), Type.Literal('published'), Type.Literal('withdrawn')])),
  departmentId: Type.Optional(Id),
  theme: Type.Optional(ThemeSchema),
});
export type AdminItemQuery = Static<typeof AdminItemQuery>;

/** GET /affairs/api/v1.item/list/ — the public catalogue. */
export const CatalogueQuery = Type.Object({
  ...pageFields(24),
  keyword: Type.Optional(Type.String({ maxLength: 60 })),
  departmentId: Type.Optional(Id),
  theme: Type.Optional(ThemeSchema),
  audience: Type.Optional(AudienceSchema),
  mode: Type.Optional(ModeSchema),
  /** Only the caller's favourites (signed in). */
  favorites: Type.Optional(Type.Boolean()),
  sort: Type.Optional(Type.Union([Type.Literal('default'), Type.Literal('hot')])),
});
export type CatalogueQuery = Static<typeof CatalogueQuery>;

export const LimitQuery = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 8 })) });
export type LimitQuery = Static<typeof LimitQuery>;

export const FavoriteBody = Type.Object({ id: Id, on: Type.Boolean() });
export type FavoriteBody = Static<typeof FavoriteBody>;

/** POST /affairs/api/v1.serviceTool/special/save/ (JSON) */
export const SpecialSaveBody = Type.Object({
  id: Type.Optional(Id),
  name: Type.String({ minLength: 1, maxLength: L.name }),
  summary: Text(L.summary),
  bannerUploadId: Type.Union([UploadId, Type.Null()]),
  intro: Text(L.richText),
  steps: Type.Array(Step, { maxItems: L.steps }),
  status: Type.Union([Type.Literal('draft'), Type.Literal('published')]),
  sort: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  itemIds: Type.Array(Id, { maxItems: L.specialItems, uniqueItems: true }),
});
export type SpecialSaveBody = Static<typeof SpecialSaveBody>;

export const ProcessesQuery = Type.Object({ formId: Id });

/** An item in a list (catalogue, home blocks): enough for a card. */
export interface ItemCard {
  id: number;
  name: string;
  summary: string;
  departmentId: number;
  departmentName: string;
  theme: string;
  audiences: Audience[];
  modes: HandlingMode[];
  useCount: number;
  favorite: boolean;
  /** Where the guide opens. */
  path: string;
}

/** What the home's blocks take: `{ id, name, departmentName, modes, path }`. */
export type AffairLink = Pick<ItemCard, 'id' | 'name' | 'departmentName' | 'modes' | 'path'>;

export interface CatalogueFacet {
  departments: { id: number; name: string; count: number }[];
  themes: { theme: string; count: number }[];
}

export interface ItemGuide extends ItemCard {
  conditions: string;
  materials: (Material & { templateUrl: string | null })[];
  steps: Step[];
  timeLimit: string;
  fees: string;
  legalBasis: string;
  contact: string;
  faq: string;
  windows: OfflineWindow[];
  openingHours: string;
  mapUrl: string | null;
  bring: string;
  status: ItemStatus;
  hasForm: boolean;
  /** May the caller apply online now (signed in, allowed, online, form bound)? */
  canApply: boolean;
  /** Why not, when they cannot (shown beside the button). */
  applyHint: string;
  signedIn: boolean;
  specials: { id: number; name: string }[];
}

export interface ApplyAnswer {
  /** The form to open: /web/eventService/formWrite?formId=… (the phone opens /mobile/formWrite). */
  formId: number;
  processId: number | null;
  path: string;
  mobilePath: string;
}

export interface AdminItemRow {
  id: number;
  name: string;
  departmentId: number;
  departmentName: string;
  theme: string;
  modes: HandlingMode[];
  status: ItemStatus;
  sort: number;
  useCount: number;
  formId: number | null;
  processId: number | null;
  updatedAt: number;
  publishedAt: number | null;
}

export interface AdminItemDetail extends ItemSaveBody {
  id: number;
  status: ItemStatus;
  sort: number;
  mapUrl: string | null;
  see: Rule[];
  apply: Rule[];
}

export interface RuleOptions {
  roles: { id: number; name: string }[];
  departments: { id: number; name: string; parentId: number | null }[];
  platforms: { id: number; name: string }[];
}

export interface SpecialCard {
  id: number;
  name: string;
  summary: string;
  bannerUrl: string | null;
  itemCount: number;
  path: string;
}

export interface SpecialDetail extends SpecialCard {
  intro: string;
  steps: Step[];
  items: ItemCard[];
}

export interface AdminSpecial extends SpecialSaveBody {
  id: number;
  bannerUrl: string | null;
  items: { id: number; name: string; status: ItemStatus }[];
}

export interface UploadedFile {
  id: string;
  url: string;
  name: string;
}

export const itemPath = (id: number) => `/web/eventService/online?id=${id}`;
export const offlinePath = (id: number) => `/web/eventService/offline?id=${id}`;
export const specialPath = (id: number) => `/home/specialDetails?id=${id}`;
export const mobileItemPath = (id: number) => `/mobile/eventServiceDetail?id=${id}`;
