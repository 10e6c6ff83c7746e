import type { Kysely } from 'kysely';

/**
 * Sync hold (issue 18): an approved value is held (hold = 1) until the owning system confirms it —
 * the write-back was written or a sync brings the same value. A sync bringing another value keeps
 * the approved one and records the conflict (conflict_value, conflict_at) for the owner to resolve.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = () => db.schema.alterTable('one_table_correction');
  await t()
    .addColumn('hold', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await t().addColumn('conflict_value', 'text').execute();
  await t().addColumn('conflict_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const c of ['conflict_at', 'conflict_value', 'hold'])
    await db.schema.alterTable('one_table_correction').dropColumn(c).execute();
}
