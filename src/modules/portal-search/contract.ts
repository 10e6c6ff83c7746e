import { Type, type Static } from 'typebox';
import { pageFields } from '@/shared/paging';

/** What the portal search finds, in the order of the results page's tabs. */
export const SEARCH_KIND_LABELS = {
  item: '办事事项',
  special: '特色服务',
  notice: '通知公告',
  news: '新闻动态',
  help: '帮助中心',
  question: '常见问题',
  form: '表单',
} as const;
export type SearchKindName = keyof typeof SEARCH_KIND_LABELS;
export const SEARCH_KIND_NAMES = Object.keys(SEARCH_KIND_LABELS) as SearchKindName[];

/** Spec section 9: recent search words kept. */
export const RECENT_WORDS_MAX = 10;
/** Hot words count searches of the last days. */
export const HOT_WORDS_DAYS = 7;
export const QUERY_MAX = 60;

const KindEnum = Type.Unsafe<SearchKindName>({ type: 'string', enum: SEARCH_KIND_NAMES });

export const SearchQuery = Type.Object({
  q: Type.String({ maxLength: QUERY_MAX }),
  kind: Type.Optional(KindEnum),
  ...pageFields(10),
});
export type SearchQuery = Static<typeof SearchQuery>;

export const FormSearchQuery = Type.Object({
  q: Type.String({ maxLength: QUERY_MAX }),
  ...pageFields(10),
});
export type FormSearchQuery = Static<typeof FormSearchQuery>;

export const SuggestQuery = Type.Object({ q: Type.String({ maxLength: QUERY_MAX }) });

export const HotWordsQuery = Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 20, default: 10 }) });

export interface SearchHitView {
  kind: SearchKindName;
  refId: number;
  title: string;
  snippet: string;
  path: string;
  highlight: [number, number][];
}

export interface SearchAnswer {
  list: SearchHitView[];
  total: number;
  page: number;
  pageSize: number;
  /** Hits per kind for the same words (every kind, zero included). */
  counts: { kind: SearchKindName; count: number }[];
}

export interface HotWord {
  word: string;
  count: number;
}
