import type { Generated } from 'kysely';

/**
 * The intelligent assistant's tables (migration 0034-assistant): FAQ categories and questions
 * (rich-text answers, synonyms, view and "was this helpful" counts), who voted on which question,
 * and the questions people asked that no FAQ answered (for the back office to follow up).
 */
export interface FaqCategoryTable {
  id: Generated<number>;
  name: string;
  sort: number;
  createdAt: number;
}

export interface FaqQuestionTable {
  id: Generated<number>;
  categoryId: number;
  question: string;
  /** Sanitised rich text. */
  answer: string;
  /** Synonyms / other wordings, one per line (indexed as search tags). */
  synonyms: string;
  /** 'published' | 'draft' */
  status: string;
  sort: number;
  viewCount: number;
  helpfulCount: number;
  unhelpfulCount: number;
  createdBy: number | null;
  createdAt: number;
  updatedAt: number;
}

/** One vote per signed-in user and question (a visitor's vote is only counted). */
export interface FaqVoteTable {
  questionId: number;
  userId: number;
  helpful: number;
  createdAt: number;
}

export interface FaqAskedTable {
  id: Generated<number>;
  /** What was asked, as typed (trimmed). */
  text: string;
  /** Folded text: the same question asked again counts on one row. */
  textKey: string;
  /** The last signed-in asker (told when it is answered), or null. */
  userId: number | null;
  times: number;
  /** 'open' | 'answered' | 'ignored' */
  status: string;
  /** The FAQ that answers it (linked or made from it). */
  questionId: number | null;
  handledBy: number | null;
  handledAt: number | null;
  createdAt: number;
  lastAskedAt: number;
}

declare module '@/server/db/schema' {
  interface Database {
    faqCategory: FaqCategoryTable;
    faqQuestion: FaqQuestionTable;
    faqVote: FaqVoteTable;
    faqAsked: FaqAskedTable;
  }
}
