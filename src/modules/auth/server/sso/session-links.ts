import { createHash } from 'node:crypto';
import type { Db } from '@/server/db/dialect';

/**
 * The single sign-on sign-in behind each portal session (table sso_session), written in the
 * session's transaction, read when the provider says that sign-in is over: OIDC back-channel
 * logout names the provider session (`sid`) or the subject, CAS single logout the service ticket.
 * Links are purged once older than the longest session.
 */
export interface SsoLink {
  kind: 'oidc' | 'cas';
  issuer: string;
  subject: string;
  sid?: string | null;
  /** CAS: the service ticket the sign-in was validated with (only its SHA-256 is kept). */
  ticket?: string | null;
}

export const ticketHashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

export async function linkSession(
  db: Db,
  sessionHash: string,
  link: SsoLink,
  maxAgeMs: number,
  now = Date.now(),
): Promise<void> {
  await db
    .deleteFrom('ssoSession')
    .where('createdAt', '<', now - maxAgeMs)
    .execute();
  await db
    .insertInto('ssoSession')
    .values({
      sessionHash,
      kind: link.kind,
      issuer: link.issuer,
      subject: link.subject,
      sid: link.sid || null,
      ticketHash: link.ticket ? ticketHashOf(link.ticket) : null,
      createdAt: now,
    })
    .execute();
}

/** Session hashes of an OIDC sign-in: by sid when the provider names one, else every session of the subject. */
export async function sessionsOfOidc(db: Db, issuer: string, by: { sid?: string; sub?: string }): Promise<string[]> {
  let q = db.selectFrom('ssoSession').select('sessionHash').where('kind', '=', 'oidc').where('issuer', '=', issuer);
  if (by.sid) q = q.where('sid', '=', by.sid);
  if (by.sub) q = q.where('subject', '=', by.sub);
  return (await q.execute()).map((r) => r.sessionHash);
}

/** The session a CAS service ticket signed in (none when unknown). */
export async function sessionsOfTicket(db: Db, ticket: string): Promise<string[]> {
  const rows = await db
    .selectFrom('ssoSession')
    .select('sessionHash')
    .where('ticketHash', '=', ticketHashOf(ticket))
    .where('kind', '=', 'cas')
    .execute();
  return rows.map((r) => r.sessionHash);
}

export async function unlinkSessions(db: Db, sessionHashes: string[]): Promise<void> {
  if (sessionHashes.length) await db.deleteFrom('ssoSession').where('sessionHash', 'in', sessionHashes).execute();
}
