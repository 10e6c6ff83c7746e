import { describe, expect, it } from 'vitest';
import { publishTimes } from './seed';
import { NOTICES } from './seed-notices';

describe("the demo notices' publishing times", () => {
  // A Monday before work, a Saturday noon, a Wednesday afternoon (server time).
  const starts = [new Date(2026, 10, 23, 7, 0), new Date(2026, 10, 28, 12, 0), new Date(2026, 10, 25, 15, 30)];
  it.each(starts.map((d) => [d.toString(), d.getTime()] as const))(
    'are weekday office hours, before the seed, newest first as daysAgo says (%s)',
    (_label, now) => {
      const times = publishTimes(NOTICES, now);
      const published = NOTICES.map((n, i) => ({ n, at: times[i] })).filter((x) => x.n.status === 'published');
      expect(published.length).toBeGreaterThan(5);
      for (const { at } of published) {
        const d = new Date(at!);
        expect(d.getDay() % 6, d.toString()).not.toBe(0);
        expect(d.getHours()).toBeGreaterThanOrEqual(8);
        expect(d.getHours()).toBeLessThan(18);
        expect(at!).toBeLessThan(now);
      }
      const byAge = [...published].sort((a, b) => a.n.daysAgo - b.n.daysAgo);
      const at = byAge.map((x) => x.at!);
      expect(at).toEqual([...at].sort((a, b) => b - a));
      expect(new Set(at).size).toBe(at.length);
      // Drafts have no time.
      expect(NOTICES.map((n, i) => [n.status, times[i]]).filter(([s, t]) => s === 'draft' && t !== null)).toEqual([]);
    },
  );
});
