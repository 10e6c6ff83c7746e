/** One day of one metric (`card`: by merchant; `gate`, `net`: dim ''): see migration 0061. */
export interface LdDailyTable {
  metric: string;
  day: number;
  dim: string;
  /** Events (payments, passages, sessions). */
  n: number;
  /** Card: consumption in 元 (positive); network: bytes; gate: 0. */
  amount: number;
  /** Distinct people that day (network), else 0. */
  people: number;
}

declare module '../../../server/db/schema' {
  interface Database {
    ldDaily: LdDailyTable;
  }
}
