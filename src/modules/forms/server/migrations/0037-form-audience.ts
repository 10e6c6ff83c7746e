import type { Kysely } from 'kysely';

/**
 * Who a form is for: `audience` holds the role codes that may fill it, as ',student,' (a comma on
 * each side, so a list query matches one code with LIKE); '' = every signed-in user (and visitors
 * for a public form), as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('form')
    .addColumn('audience', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
