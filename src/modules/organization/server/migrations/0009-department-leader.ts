import type { Kysely } from 'kysely';

/**
 * Department leaders (organization module). 0009-workflow made this table until it moved here:
 * where it already exists nothing changes (IF NOT EXISTS). The name sorts before 0009-workflow,
 * so a fresh database has it before the workflow migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('department_leader')
    .ifNotExists()
    .addColumn('department_id', 'integer', (c) => c.notNull().references('department.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('department_leader_pk', ['department_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('department_leader').ifExists().execute();
}
