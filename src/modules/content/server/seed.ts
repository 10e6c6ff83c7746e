import type { DemoSeed } from '@/server/db/seed/module-seeds';
import { insertHelpArticles } from './seed-help';
import { NOTICES, noticeHtml } from './seed-notices';

const DAY_MS = 86_400_000;

/** The demo school's published notices and news (and one draft, which no list shows), and its help centre. */
export const demoSeed: DemoSeed = async ({ tx, adminId, now }) => {
  await tx
    .insertInto('notice')
    .values(
      NOTICES.map((n, i) => ({
        kind: n.kind,
        title: n.title,
        summary: n.summary,
        content: noticeHtml(n),
        status: n.status,
        platformId: null,
        // Spread over office hours of their day, so two items of one day still have an order.
        publishedAt: n.status === 'published' ? now - n.daysAgo * DAY_MS - (i % 5) * 3_600_000 : null,
        createdBy: adminId,
        createdAt: now - n.daysAgo * DAY_MS - DAY_MS,
        updatedAt: now - n.daysAgo * DAY_MS,
      })),
    )
    .execute();
  await insertHelpArticles(tx, adminId, now);
};
