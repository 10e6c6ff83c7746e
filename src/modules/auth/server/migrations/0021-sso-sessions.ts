import type { Kysely } from 'kysely';

/**
 * Which single sign-on sign-in each portal session came from (auth module), so a sign-out at the
 * identity provider ends it here too: the OIDC provider's session id (`sid`) and subject for
 * back-channel logout, the hash of the CAS service ticket for CAS single logout.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sso_session')
    .addColumn('session_hash', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('sid', 'text')
    .addColumn('ticket_hash', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sso_session_sid_idx').on('sso_session').columns(['issuer', 'sid']).execute();
  await db.schema.createIndex('sso_session_subject_idx').on('sso_session').columns(['issuer', 'subject']).execute();
  await db.schema.createIndex('sso_session_ticket_idx').on('sso_session').column('ticket_hash').execute();
  // Links of sessions long over are purged by age.
  await db.schema.createIndex('sso_session_created_idx').on('sso_session').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sso_session').ifExists().execute();
}
