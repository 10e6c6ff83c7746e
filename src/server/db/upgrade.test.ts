import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createPgSchema, dropPgSchema, testConfig, usePostgres } from '../test/helper';
import { openDb, type Db } from './dialect';
import { migrateToLatest } from './migrate';
import { migrateToPreviousRelease } from './upgrade-fixture/previous-release';

/** Plugin-free handle: the rows below name tables and columns as the database spells them. */
type RawDb = Kysely<Record<string, Record<string, unknown>>>;
const rawOf = (db: Db) => (db as unknown as RawDb).withoutPlugins();

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Where a database lives: a SQLite file in a temp folder, or a fresh schema of the test PostgreSQL. */
interface Place {
  open: () => Db;
  /** What buildApp needs to start on this same database. */
  env: Record<string, string>;
  db: { sqliteFile?: string; pgSchema?: string };
}

async function newPlace(): Promise<Place> {
  if (usePostgres()) {
    const schema = await createPgSchema();
    cleanups.push(() => dropPgSchema(schema));
    return {
      open: () => openDb({ databaseUrl: process.env.TEST_DATABASE_URL!, pgSchema: schema, poolSize: 2 }).db,
      env: { DATABASE_URL: process.env.TEST_DATABASE_URL! },
      db: { pgSchema: schema },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cp-upgrade-'));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  const sqliteFile = path.join(dir, 'campus-portal.sqlite');
  return { open: () => openDb({ databaseUrl: null, sqliteFile }).db, env: {}, db: { sqliteFile } };
}

const T = 1_790_000_000_000;

/** What a year of use leaves in the previous release's tables: one or more rows in each module's. */
async function fillPreviousRelease(db: Db): Promise<void> {
  const r = rawOf(db);
  const id = async (table: string, values: Record<string, unknown>) =>
    Number((await r.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()).id);

  const college = await id('department', { code: 'CS', name: '计算机学院', kind: 'college', created_at: T });
  const user = (username: string, realName: string, kind: string) =>
    id('app_user', {
      username,
      password_hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
      real_name: realName,
      user_no: username,
      kind,
      department_id: college,
      created_at: T,
      updated_at: T,
    });
  const student = await user('20230100001', '李明轩', 'student');
  const leader = await user('T0001', '王建国', 'staff');
  const role = await id('role', { code: 'student', name: '学生' });
  await r.insertInto('user_role').values({ user_id: student, role_id: role }).execute();
  const platform = await id('platform', { name: '学生服务平台', index_url: '/web/home', created_at: T });
  await r.insertInto('platform_user').values({ platform_id: platform, user_id: student }).execute();
  const menu = await id('menu', {
    scope: 'web',
    platform_id: platform,
    name: 'webHome',
    path: '/web/home',
    title: '首页',
  });
  await r.insertInto('role_menu').values({ role_id: role, menu_id: menu }).execute();
  await r
    .insertInto('session')
    .values({ token_hash: 'ab'.repeat(32), user_id: student, created_at: T, last_seen_at: T, expires_at: T + 1 })
    .execute();
  await r.insertInto('captcha').values({ id: 'c1', answer_hash: 'h', expires_at: T, created_at: T }).execute();
  await r.insertInto('setting').values({ key: 'siteName', value: '"华夏理工大学"', updated_at: T }).execute();
  await id('audit_log', { at: T, actor_id: student, actor_name: '李明轩', action: 'login', result: 'ok' });
  await r
    .insertInto('upload')
    .values({
      id: 'u-1',
      purpose: 'avatar',
      original_name: '头像.png',
      mime: 'image/png',
      size: 3,
      path: 'a/u-1',
      created_at: T,
    })
    .execute();

  // content, maintenance, messages, mobile layout
  await id('notice', {
    kind: 'notice',
    title: '关于期末考试安排的通知',
    content: '<p>第十八周</p>',
    status: 'published',
    platform_id: platform,
    published_at: T,
    created_at: T,
    updated_at: T,
  });
  await r.insertInto('visit_stat').values({ day: '2026-09-01', count: 42 }).execute();
  const category = await id('help_category', { name: '常见问题' });
  await id('help_article', { category_id: category, title: '如何重置密码', content: '<p>找管理员</p>', updated_at: T });
  await id('backup', {
    file_name: 'backup-20260901.cpbak',
    size: 1024,
    created_at: T,
    created_by_name: '管理员',
    kind: 'manual',
  });
  await id('message', { user_id: student, kind: 'system', title: '欢迎', created_at: T });
  await r.insertInto('mobile_layout').values({ platform_id: platform, groups: '[]', updated_at: T }).execute();

  // forms: a published form, a submission with its filter value, a draft
  const form = await id('form', {
    name: '学生请假申请',
    status: 'published',
    draft_schema: '{"fields":[]}',
    latest_version: 1,
    draft_changed: 0,
    submission_count: 1,
    created_at: T,
    updated_at: T,
  });
  await r
    .insertInto('form_version')
    .values({ form_id: form, version: 1, schema: '{"fields":[]}', published_at: T })
    .execute();
  await r.insertInto('form_manager').values({ form_id: form, user_id: leader }).execute();
  await id('form_change_log', { form_id: form, action: 'published', at: T });
  const submission = await id('form_submission', {
    form_id: form,
    version: 1,
    submitter_id: student,
    submitter_name: '李明轩',
    values: '{"reason":"病假"}',
    submitted_at: T,
  });
  await id('form_submission_value', {
    submission_id: submission,
    form_id: form,
    field_id: 'reason',
    text_value: '病假',
  });
  await id('form_draft', { form_id: form, version: 1, user_id: student, values: '{}', saved_at: T });

  // workflow: a process and its version, an instance waiting at a task, and what goes with it
  const process = await id('wf_process', {
    name: '学生请假审批',
    form_id: form,
    draft: '{}',
    latest_version: 1,
    updated_at: T,
  });
  await r
    .insertInto('wf_process_version')
    .values({ process_id: process, version: 1, definition: '{}', published_at: T })
    .execute();
  const instance = await id('wf_instance', {
    process_id: process,
    version: 1,
    form_id: form,
    submission_id: submission,
    title: '李明轩的请假申请',
    applicant_id: student,
    applicant_name: '李明轩',
    status: 'running',
    record_token: 'rt-1',
    started_at: T,
    updated_at: T,
  });
  const onInstance = {
    instance_id: instance,
    node_id: 'n1',
    node_name: '辅导员审批',
    form_id: form,
    title: '李明轩的请假申请',
    applicant_name: '李明轩',
    created_at: T,
  };
  await id('wf_task', {
    ...onInstance,
    activation: 1,
    assignee_id: leader,
    assignee_name: '王建国',
    status: 'pending',
  });
  await id('wf_copy', { ...onInstance, user_id: leader });
  await id('wf_history', { instance_id: instance, actor_id: student, actor_name: '李明轩', action: 'submit', at: T });
  await id('wf_submission_revision', {
    submission_id: submission,
    revision: 1,
    values: '{}',
    reason: 'submit',
    created_at: T,
  });
  await id('wf_delegation', { from_user_id: leader, to_user_id: student, starts_at: T, ends_at: T + 1, created_at: T });
  // organization's leaders (the previous release made this table in 0009-workflow)
  await r.insertInto('department_leader').values({ department_id: college, user_id: leader, sort: 1 }).execute();
}

const isPg = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

async function tableNames(db: Db): Promise<string[]> {
  const q = isPg(db)
    ? sql<{
        name: string;
      }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`
    : sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`;
  return (await q.execute(db)).rows.map((r) => r.name).sort();
}

/** Every row of every table but Kysely's own bookkeeping, as sorted JSON lines. */
async function contents(
  db: Db,
  tables: string[],
  /** Earlier contents: only their columns are kept (a column a later migration adds is new, not a changed row). */
  like?: Record<string, string[]>,
): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const t of tables.filter((t) => !t.startsWith('kysely_migration'))) {
    const rows = await rawOf(db).selectFrom(t).selectAll().execute();
    const first = like?.[t]?.[0];
    const keys = first ? Object.keys(JSON.parse(first) as object) : null;
    out[t] = rows.map((row) => JSON.stringify(keys ? Object.fromEntries(keys.map((k) => [k, row[k]])) : row)).sort();
  }
  return out;
}

/** Tables, columns (type, null, default, key), foreign keys and indexes, as the database itself reports them. */
async function schemaOf(db: Db): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  if (isPg(db)) {
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s;
    const unqualify = (text: string) => text.replaceAll(`${schema}.`, '');
    out.columns = (
      await sql`select table_name, column_name, ordinal_position, data_type, is_nullable, column_default
        from information_schema.columns where table_schema = current_schema()
        order by table_name, ordinal_position`.execute(db)
    ).rows;
    out.constraints = (
      await sql<{ table: string; name: string; def: string }>`select cl.relname as table, c.conname as name,
          pg_get_constraintdef(c.oid) as def
        from pg_constraint c join pg_class cl on cl.oid = c.conrelid join pg_namespace n on n.oid = c.connamespace
        where n.nspname = current_schema() order by cl.relname, c.conname`.execute(db)
    ).rows.map((r) => ({ ...r, def: unqualify(r.def) }));
    out.indexes = (
      await sql<{ table: string; name: string; def: string }>`select tablename as table, indexname as name,
          indexdef as def from pg_indexes where schemaname = current_schema() order by tablename, indexname`.execute(db)
    ).rows.map((r) => ({ ...r, def: unqualify(r.def) }));
    return out;
  }
  for (const t of await tableNames(db)) {
    const indexes = (
      await sql<{
        name: string;
        unique: number;
        origin: string;
        partial: number;
      }>`select name, "unique", origin, partial
        from pragma_index_list(${t}) order by name`.execute(db)
    ).rows;
    out[t] = {
      columns: (
        await sql`select name, type, "notnull", dflt_value, pk from pragma_table_info(${t}) order by cid`.execute(db)
      ).rows,
      foreignKeys: (
        await sql`select "table", "from", "to", on_update, on_delete from pragma_foreign_key_list(${t})
          order by "table", "from"`.execute(db)
      ).rows,
      indexes: await Promise.all(
        indexes.map(async (i) => ({
          ...i,
          keys: (
            await sql`select name, "desc", coll, "key" from pragma_index_xinfo(${i.name}) order by seqno`.execute(db)
          ).rows,
        })),
      ),
    };
  }
  return out;
}

describe('upgrading a database made by the previous release (2d1a039)', () => {
  it('keeps every row, adds the new tables and ends with the same schema as a fresh database', async () => {
    const place = await newPlace();
    const db = place.open();
    cleanups.push(() => db.destroy());
    await migrateToPreviousRelease(db);
    await fillPreviousRelease(db);
    const previousTables = await tableNames(db);
    const before = await contents(db, previousTables);

    await migrateToLatest(db);

    const tables = await tableNames(db);
    // Nothing lost: every table of the previous release is still there with exactly its rows.
    expect(tables).toEqual(expect.arrayContaining(previousTables));
    expect(await contents(db, previousTables, before)).toEqual(before);
    expect(before.department_leader).toHaveLength(1);
    expect(before.wf_task).toHaveLength(1);
    // New tables of this release.
    expect(tables).toEqual(expect.arrayContaining(['sign_in_failure', 'job_run', 'job_queue', 'job_schedule']));

    const freshPlace = await newPlace();
    const fresh = freshPlace.open();
    cleanups.push(() => fresh.destroy());
    await migrateToLatest(fresh);
    expect(await tableNames(db)).toEqual(await tableNames(fresh));
    expect(await schemaOf(db)).toEqual(await schemaOf(fresh));
    const ran = async (d: Db) =>
      (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(d)).rows.map((r) => r.name);
    expect(await ran(db)).toEqual(await ran(fresh));
  });

  it('starts the app on the old database: migrations run at start and the old rows read through the modules’ tables', async () => {
    const place = await newPlace();
    const old = place.open();
    await migrateToPreviousRelease(old);
    await fillPreviousRelease(old);
    await old.destroy();

    const app = await buildApp({ config: testConfig(place.env), db: place.db, startJobs: false });
    cleanups.push(() => app.close());
    const leaders = await app.db.selectFrom('departmentLeader').select(['userId', 'sort']).execute();
    expect(leaders).toEqual([{ userId: expect.any(Number), sort: 1 }]);
    const notice = await app.db.selectFrom('notice').select('title').executeTakeFirstOrThrow();
    expect(notice.title).toBe('关于期末考试安排的通知');
    const visits = await app.db.selectFrom('visitStat').select('count').executeTakeFirstOrThrow();
    expect(Number(visits.count)).toBe(42);
    expect(await app.db.selectFrom('backup').select('fileName').execute()).toEqual([
      { fileName: 'backup-20260901.cpbak' },
    ]);
    // A second start finds nothing left to run.
    await app.close();
    cleanups.pop();
    const again = await buildApp({ config: testConfig(place.env), db: place.db, startJobs: false });
    cleanups.push(() => again.close());
    expect(await again.db.selectFrom('captcha').select('id').execute()).toEqual([{ id: 'c1' }]);
  });
});
