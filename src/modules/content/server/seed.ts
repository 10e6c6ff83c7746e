import type { DemoSeed } from '@/server/db/seed/module-seeds';
import { insertHelpArticles } from './seed-help';
import { NOTICES, noticeHtml } from './seed-notices';
import { reindexContent } from './search-docs';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The latest office-hours instant (weekdays 08:00–18:00, server time) at or before `t`. */
export function officeHoursAtOrBefore(t: number): number {
  const d = new Date(t);
  for (;;) {
    const weekend = d.getDay() === 0 || d.getDay() === 6;
    if (weekend || d.getHours() < 8) {
      d.setDate(d.getDate() - 1);
      d.setHours(17, 40, 0, 0);
      continue;
    }
    if (d.getHours() >= 18) d.setHours(17, 40, 0, 0);
    return d.getTime();
  }
}

/**
 * When each published notice went out: on its day (daysAgo before the seed's), in office hours on a
 * weekday, at a time of its own; newer ones (smaller daysAgo) always after older ones, all before now.
 */
export function publishTimes(items: readonly { daysAgo: number; status: string }[], now: number): (number | null)[] {
  const today = new Date(now);
  today.setHours(0, 0, 0, 0);
  const out: (number | null)[] = items.map(() => null);
  const order = items.map((n, i) => ({ n, i })).filter((x) => x.n.status === 'published');
  order.sort((a, b) => a.n.daysAgo - b.n.daysAgo || a.i - b.i);
  let latest = now - 10 * 60_000;
  for (const { n, i } of order) {
    const day = new Date(today);
    day.setDate(day.getDate() - n.daysAgo);
    // 09:00–16:xx, varied per notice.
    const wanted = day.getTime() + (9 + ((i * 5) % 8)) * HOUR_MS + ((i * 23) % 60) * 60_000;
    latest = officeHoursAtOrBefore(Math.min(wanted, latest));
    out[i] = latest;
    latest -= 47 * 60_000;
  }
  return out;
}

/** The demo school's published notices and news (and one draft, which no list shows), and its help centre. */
export const demoSeed: DemoSeed = async ({ tx, adminId, now }) => {
  const published = publishTimes(NOTICES, now);
  await tx
    .insertInto('notice')
    .values(
      NOTICES.map((n, i) => {
        const at = published[i] ?? now - n.daysAgo * DAY_MS;
        return {
          kind: n.kind,
          title: n.title,
          summary: n.summary,
          content: noticeHtml(n),
          status: n.status,
          platformId: null,
          publishedAt: published[i],
          createdBy: adminId,
          createdAt: at - DAY_MS,
          updatedAt: at,
        };
      }),
    )
    .execute();
  await insertHelpArticles(tx, adminId, now);
  await reindexContent(tx);
};
