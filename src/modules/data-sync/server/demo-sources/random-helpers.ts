import { mulberry32, type Rng } from '@/server/db/seed/prng';

export type { Rng };

/** Each source system draws from its own fixed seed, so adding rows to one never shifts another. */
export const SYSTEM_SEEDS = {
  jiaowu: 20260907,
  renshi: 20260908,
  yikatong: 20260909,
  menjin: 20260910,
  tushuguan: 20260911,
  keyan: 20260912,
} as const;

export const rngFor = (system: keyof typeof SYSTEM_SEEDS) => mulberry32(SYSTEM_SEEDS[system]);

/** A stable generator for one person (FNV-1a of the number): their profile is the same in every system. */
export function personRng(userNo: string): Rng {
  let h = 0x811c9dc5;
  for (let i = 0; i < userNo.length; i++) h = Math.imul(h ^ userNo.charCodeAt(i), 0x01000193);
  return mulberry32(h >>> 0);
}

export const round2 = (n: number) => Math.round(n * 100) / 100;
export const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** A time within [from, to] minutes after midnight, leaning to the middle (sum of two uniforms). */
export function minuteBetween(rng: Rng, from: number, to: number): number {
  return Math.round(from + ((rng.next() + rng.next()) / 2) * (to - from));
}

/** Pick by weight: [[value, weight], …]. */
export function weighted<T>(rng: Rng, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let x = rng.next() * total;
  for (const [v, w] of items) {
    x -= w;
    if (x < 0) return v;
  }
  return items[items.length - 1]![0];
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';
const REGIONS = [
  '110108',
  '310104',
  '320102',
  '330106',
  '340104',
  '370102',
  '410105',
  '420111',
  '430104',
  '440106',
  '500103',
  '510107',
  '610113',
  '130102',
  '210102',
];

/** A well-formed 居民身份证号 (GB 11643: region, birth date, sequence with gender parity, check digit). */
export function idCardNo(rng: Rng, birth: string, gender: string): string {
  const seq = rng.int(0, 49) * 2 + (gender === '女' ? 0 : 1);
  const body = `${rng.pick(REGIONS)}${birth.replaceAll('-', '')}${pad(rng.int(1, 9), 1)}${pad(seq, 2)}`;
  const sum = [...body].reduce((s, c, i) => s + Number(c) * ID_WEIGHTS[i]!, 0);
  return body + ID_CHECK[sum % 11];
}

/** A date between two years, 'YYYY-MM-DD'. */
export function dateInYears(rng: Rng, from: number, to: number): string {
  const start = Date.UTC(from, 0, 1);
  const end = Date.UTC(to, 11, 31);
  return new Date(start + Math.floor(rng.next() * ((end - start) / 86_400_000 + 1)) * 86_400_000)
    .toISOString()
    .slice(0, 10);
}
