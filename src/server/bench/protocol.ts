import type { AccountsBenchInfo } from './accounts-seed';

/** What a bench target (target.ts) tells run.ts once it listens: one stdout line `READY {json}`. */
export const READY = 'BENCH_TARGET_READY';

export interface TargetInfo {
  port: number;
  /** app only: tokens of live sessions, made directly (login itself is measured separately). */
  tokens?: { admin: string; student: string };
  /** app only: the fixed captcha answer it accepts. */
  captcha?: string;
  /** app only: the extra accounts seeded for the accounts-list rows and their filter. */
  accounts?: AccountsBenchInfo;
}
