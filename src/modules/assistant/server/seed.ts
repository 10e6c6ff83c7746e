import type { DemoSeed } from '@/server/db/seed/module-seeds';
import { DEMO_ASKED, DEMO_FAQ } from './seed-faq';
import { reindexQuestions } from './search-docs';

const DAY = 86_400_000;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const html = (paras: string[]) => paras.map((p) => `<p>${esc(p)}</p>`).join('');
const askKey = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** The assistant's demo FAQ (published, indexed for search) and its open unanswered questions. */
export const demoSeed: DemoSeed = async ({ tx, adminId, now }) => {
  for (const [ci, c] of DEMO_FAQ.entries()) {
    const cat = await tx
      .insertInto('faqCategory')
      .values({ name: c.category, sort: ci + 1, createdAt: now - 60 * DAY })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('faqQuestion')
      .values(
        c.items.map((it, i) => ({
          categoryId: Number(cat.id),
          question: it.q,
          answer: html(it.a),
          synonyms: it.syn.join('\n'),
          status: 'published',
          sort: i + 1,
          viewCount: it.views,
          helpfulCount: it.helpful,
          unhelpfulCount: Math.round(it.helpful / 12),
          createdBy: adminId,
          createdAt: now - (50 - ci) * DAY,
          updatedAt: now - (30 - ci) * DAY,
        })),
      )
      .execute();
  }
  await tx
    .insertInto('faqAsked')
    .values(
      DEMO_ASKED.map((a) => ({
        text: a.text,
        textKey: askKey(a.text),
        userId: null,
        times: a.times,
        status: 'open',
        questionId: null,
        handledBy: null,
        handledAt: null,
        createdAt: now - (a.daysAgo + 3) * DAY,
        lastAskedAt: now - a.daysAgo * DAY,
      })),
    )
    .execute();
  await reindexQuestions(tx);
};
