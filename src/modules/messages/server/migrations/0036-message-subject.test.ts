import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb } from '@/server/db/dialect';
import { createPgSchema, dropPgSchema, usePostgres } from '@/server/test/helper';
import { up } from './0036-message-subject';

/** Plugin-free: the rows below name tables and columns as the database spells them. */
type Raw = Kysely<Record<string, Record<string, unknown>>>;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function emptyDb(): Promise<Raw> {
  let opened;
  if (usePostgres()) {
    const schema = await createPgSchema();
    opened = openDb({ databaseUrl: process.env.TEST_DATABASE_URL!, pgSchema: schema, poolSize: 1 });
    cleanups.push(() => dropPgSchema(schema));
  } else opened = openDb({ databaseUrl: null });
  const db = opened.db as unknown as Kysely<unknown>;
  cleanups.push(() => db.destroy());
  return (db as Raw).withoutPlugins();
}

describe('migration 0036-message-subject', () => {
  it('gives old task and urge messages their task, and settles those whose task is no longer open', async () => {
    const db = await emptyDb();
    // The two tables as the migrations before 0036 left them (only the columns this one reads).
    await sql`create table message (id integer primary key, user_id integer not null, kind text not null,
      title text not null, link text not null default '', read_at bigint, created_at bigint not null)`.execute(db);
    await sql`create table wf_task (id integer primary key, status text not null)`.execute(db);
    await db
      .insertInto('wf_task')
      .values([
        { id: 7, status: 'pending' },
        { id: 8, status: 'approved' },
        { id: 9, status: 'cancelled' },
      ])
      .execute();
    const link = (t: number) => `/web/taskCenter/taskApproval?taskId=${t}`;
    const row = (id: number, kind: string, l: string, readAt: number | null = null) => ({
      id,
      user_id: 1,
      kind,
      title: `m${id}`,
      link: l,
      read_at: readAt,
      created_at: 1000,
    });
    await db
      .insertInto('message')
      .values([
        row(1, 'task', link(7)),
        row(2, 'task', link(8)),
        row(3, 'urge', link(9)),
        row(4, 'task', link(8), 500),
        row(5, 'result', '/web/taskCenter/taskApproval?instanceId=8'),
        row(6, 'notice', '/home/notice/3'),
      ])
      .execute();

    await up(db as Kysely<unknown>);

    const after = await db
      .selectFrom('message')
      .select(['id', 'subject', 'read_at', 'done_at'])
      .orderBy('id')
      .execute();
    const byId = new Map(after.map((r) => [Number(r.id), r]));
    expect(after.map((r) => r.subject)).toEqual(['wf_task:7', 'wf_task:8', 'wf_task:9', 'wf_task:8', '', '']);
    // Still open: untouched.
    expect(byId.get(1)).toMatchObject({ read_at: null, done_at: null });
    // Handled or cancelled: done and read; a message read before keeps its read time.
    for (const id of [2, 3, 4]) expect(byId.get(id)!.done_at, `message ${id}`).not.toBeNull();
    expect(byId.get(2)!.read_at).not.toBeNull();
    expect(Number(byId.get(4)!.read_at)).toBe(500);
    // Not about a task: untouched.
    expect(byId.get(5)).toMatchObject({ read_at: null, done_at: null });
    expect(byId.get(6)).toMatchObject({ read_at: null, done_at: null });
  });
});
