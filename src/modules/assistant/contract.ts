import { Type, type Static } from 'typebox';
import { MAX_ID } from '@/shared/ids';
import { pageFields } from '@/shared/paging';

export const ASSISTANT_LIMITS = {
  categoryName: 20,
  question: 100,
  answerHtml: 50_000,
  synonyms: 20,
  synonym: 40,
  asked: 200,
} as const;

const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });
export const IdBody = Type.Object({ id: Id });
export const IdQuery = Type.Object({ id: Id });

export type FaqStatus = 'published' | 'draft';
export type AskedStatus = 'open' | 'answered' | 'ignored';
export const ASKED_STATUS_LABELS: Record<AskedStatus, string> = {
  open: '待处理',
  answered: '已解答',
  ignored: '已忽略',
};

// ---- public --------------------------------------------------------------------------------

export interface FaqCategoryView {
  id: number;
  name: string;
  /** Published questions in it. */
  count: number;
}

export const QuestionListQuery = Type.Object({
  categoryId: Type.Optional(Id),
  ...pageFields(10),
});
export type QuestionListQuery = Static<typeof QuestionListQuery>;

export interface FaqQuestionRow {
  id: number;
  categoryId: number;
  categoryName: string;
  question: string;
  viewCount: number;
  helpfulCount: number;
}

export interface FaqQuestionDetail extends FaqQuestionRow {
  /** Sanitised HTML. */
  answer: string;
  unhelpfulCount: number;
  /** The caller's own vote (signed-in users), else null. */
  myVote: boolean | null;
}

export const TopQuestionsQuery = Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 20, default: 8 }) });

export const FaqSearchQuery = Type.Object({ q: Type.String({ maxLength: 60 }), ...pageFields(10) });
export type FaqSearchQuery = Static<typeof FaqSearchQuery>;

export interface FaqHit {
  id: number;
  question: string;
  snippet: string;
  highlight: [number, number][];
}

export const AskBody = Type.Object({ text: Type.String({ minLength: 1, maxLength: ASSISTANT_LIMITS.asked }) });
export type AskBody = Static<typeof AskBody>;

export interface AskAnswer {
  /** The best matching questions (at most 5). */
  matches: FaqHit[];
  /** The best match's answer, shown as the assistant's reply. */
  best: FaqQuestionDetail | null;
  /** True when nothing matched and the question went to the back office. */
  logged: boolean;
}

export const VoteBody = Type.Object({ id: Id, helpful: Type.Boolean() });
export type VoteBody = Static<typeof VoteBody>;

export interface VoteAnswer {
  helpfulCount: number;
  unhelpfulCount: number;
}

// ---- back office ---------------------------------------------------------------------------

export const CategorySaveBody = Type.Object({
  id: Type.Optional(Id),
  name: Type.String({ minLength: 1, maxLength: ASSISTANT_LIMITS.categoryName }),
  sort: Type.Integer({ minimum: 0, maximum: 9999, default: 0 }),
});
export type CategorySaveBody = Static<typeof CategorySaveBody>;

export interface AdminCategory {
  id: number;
  name: string;
  sort: number;
  /** Questions in it, drafts included. */
  count: number;
}

export const AdminQuestionQuery = Type.Object({
  categoryId: Type.Optional(Id),
  keyword: Type.Optional(Type.String({ maxLength: 60 })),
  status: Type.Optional(Type.Union([Type.Literal('published'), Type.Literal('draft')])),
  ...pageFields(10),
});
export type AdminQuestionQuery = Static<typeof AdminQuestionQuery>;

export interface AdminQuestionRow extends FaqQuestionRow {
  status: FaqStatus;
  sort: number;
  unhelpfulCount: number;
  updatedAt: number;
}

export interface AdminQuestionDetail extends AdminQuestionRow {
  answer: string;
  synonyms: string[];
}

const QuestionFields = {
  categoryId: Id,
  question: Type.String({ minLength: 1, maxLength: ASSISTANT_LIMITS.question }),
  answer: Type.String({ maxLength: ASSISTANT_LIMITS.answerHtml }),
  synonyms: Type.Array(Type.String({ maxLength: ASSISTANT_LIMITS.synonym }), { maxItems: ASSISTANT_LIMITS.synonyms }),
  status: Type.Union([Type.Literal('published'), Type.Literal('draft')]),
  sort: Type.Integer({ minimum: 0, maximum: 9999, default: 0 }),
};
export const QuestionSaveBody = Type.Object({ id: Type.Optional(Id), ...QuestionFields });
export type QuestionSaveBody = Static<typeof QuestionSaveBody>;

export const AskedListQuery = Type.Object({
  status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('answered'), Type.Literal('ignored')])),
  ...pageFields(10),
});
export type AskedListQuery = Static<typeof AskedListQuery>;

export interface AskedRow {
  id: number;
  text: string;
  times: number;
  status: AskedStatus;
  askedBy: string | null;
  questionId: number | null;
  question: string | null;
  handledByName: string | null;
  handledAt: number | null;
  createdAt: number;
  lastAskedAt: number;
}

/** Answer an asked question with an existing FAQ, or set it aside. */
export const AskedHandleBody = Type.Object({
  id: Id,
  action: Type.Union([Type.Literal('link'), Type.Literal('ignore'), Type.Literal('reopen')]),
  questionId: Type.Optional(Id),
});
export type AskedHandleBody = Static<typeof AskedHandleBody>;

/** Turn an asked question into a new FAQ (published at once) and mark it answered. */
export const AskedConvertBody = Type.Object({ askedId: Id, ...QuestionFields });
export type AskedConvertBody = Static<typeof AskedConvertBody>;
