/** Why an installed licence is not valid. */
export type LicenceProblem = 'missing' | 'forged' | 'expired' | 'malformed';

/** What the server and the back office know about the installed licence. */
export interface LicenceStatus {
  valid: boolean;
  /** Why it is not valid, or null. */
  reason: LicenceProblem | null;
  id: string | null;
  holder: string | null;
  issuedAt: string | null;
  expiresAt: string | null;
  /** Whole days left (0 on the last day), null without a readable licence. */
  daysLeft: number | null;
  userCap: number | null;
  /** Module ids; ['*'] = every module. */
  modules: string[];
}

/** GET /user/api/v1.licence/info/ (administrators): the status plus active accounts against the cap. */
export interface LicenceInfo extends LicenceStatus {
  users: number;
}
