import type { DemoSeed } from '@/server/db/seed/module-seeds';
import { HOT_WORDS_DAYS } from '../contract';

const DAY = 86_400_000;

/** What the demo school searched for in the last days (the 热搜 words of the home and results page). */
const DEMO_HOT: [string, number][] = [
  ['学生请假', 46],
  ['校园卡', 38],
  ['在读证明', 31],
  ['奖学金', 24],
  ['宿舍报修', 19],
  ['vpn', 15],
  ['成绩单', 12],
  ['xsqj', 9],
];

export const demoSeed: DemoSeed = async ({ tx, now }) => {
  const today = Math.floor(now / DAY);
  const rows = DEMO_HOT.flatMap(([word, total]) =>
    // spread over the window, the most on the last days
    Array.from({ length: HOT_WORDS_DAYS }, (_, i) => ({
      word,
      day: today - i,
      count: Math.max(1, Math.round((total * (HOT_WORDS_DAYS - i)) / 28)),
    })),
  );
  await tx.insertInto('searchHot').values(rows).execute();
};
