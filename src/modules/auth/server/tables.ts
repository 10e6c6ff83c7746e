/**
 * The auth module's own table (migration 0010-sign-in-failures). Times ms.
 * `address` is the client address of a sign-in attempt, or '' for the account-wide streak.
 */
export interface SignInFailureTable {
  username: string;
  address: string;
  /** Failures in a row (for an address: since its last lock, which restarts the count). */
  failedCount: number;
  /** An address's lock end; always null on the account-wide row. */
  lockedUntil: number | null;
  lastFailedAt: number;
}

declare module '../../../server/db/schema' {
  interface Database {
    signInFailure: SignInFailureTable;
  }
}
