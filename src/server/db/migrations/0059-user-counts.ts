import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * Accounts per kind, kept by the database itself (issue 15): the back-office dashboard counted
 * every account on each call (54,000 rows in the bench). Triggers on app_user keep the counts
 * whatever writes the table — the back office, a spreadsheet import, a sync, a deletion — in the
 * same transaction as the write, so they are exact on every app server. Filled from the table
 * once here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_kind_count')
    .addColumn('kind', 'text', (c) => c.primaryKey())
    .addColumn('n', 'integer', (c) => c.notNull())
    .execute();
  if (isPostgres(db)) {
    await sql`create function app_user_kind_count() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') then
          update user_kind_count set n = n - 1 where kind = old.kind;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          insert into user_kind_count (kind, n) values (new.kind, 1)
            on conflict (kind) do update set n = user_kind_count.n + 1;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger app_user_kind_count_ins after insert or delete on app_user
      for each row execute function app_user_kind_count()`.execute(db);
    await sql`create trigger app_user_kind_count_upd after update of kind on app_user
      for each row when (old.kind is distinct from new.kind) execute function app_user_kind_count()`.execute(db);
  } else {
    await sql`create trigger app_user_kind_count_ins after insert on app_user begin
      insert into user_kind_count (kind, n) values (new.kind, 1) on conflict (kind) do update set n = n + 1;
    end`.execute(db);
    await sql`create trigger app_user_kind_count_del after delete on app_user begin
      update user_kind_count set n = n - 1 where kind = old.kind;
    end`.execute(db);
    await sql`create trigger app_user_kind_count_upd after update of kind on app_user
      when old.kind is not new.kind begin
      update user_kind_count set n = n - 1 where kind = old.kind;
      insert into user_kind_count (kind, n) values (new.kind, 1) on conflict (kind) do update set n = n + 1;
    end`.execute(db);
  }
  await sql`insert into user_kind_count (kind, n) select kind, count(*) from app_user group by kind`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists app_user_kind_count_ins on app_user`.execute(db);
    await sql`drop trigger if exists app_user_kind_count_upd on app_user`.execute(db);
    await sql`drop function if exists app_user_kind_count()`.execute(db);
  } else {
    for (const t of ['ins', 'del', 'upd']) await sql.raw(`drop trigger if exists app_user_kind_count_${t}`).execute(db);
  }
  await db.schema.dropTable('user_kind_count').ifExists().execute();
}
