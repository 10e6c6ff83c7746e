import { sql } from 'kysely';
import type { TestApp } from '@/server/test/helper';
import { usePostgres } from '@/server/test/helper';

/** Makes the database refuse audit rows of one action, so the write after the change fails (transaction tests). */
export async function failAuditOf(app: TestApp, action: string): Promise<() => Promise<void>> {
  if (usePostgres()) {
    await sql`create or replace function content_test_fail_audit() returns trigger as $$ begin raise exception 'audit refused'; end $$ language plpgsql`.execute(
      app.db,
    );
    await sql
      .raw(
        `create trigger content_test_fail_audit before insert on audit_log for each row when (new.action = '${action}') execute function content_test_fail_audit()`,
      )
      .execute(app.db);
    return async () => {
      await sql`drop trigger content_test_fail_audit on audit_log`.execute(app.db);
    };
  }
  await sql
    .raw(
      `create trigger content_test_fail_audit before insert on audit_log when new.action = '${action}' begin select raise(abort, 'audit refused'); end`,
    )
    .execute(app.db);
  return async () => {
    await sql`drop trigger content_test_fail_audit`.execute(app.db);
  };
}

export const json = (payload: unknown) => ({
  payload: JSON.stringify(payload),
  headers: { 'content-type': 'application/json' },
});
