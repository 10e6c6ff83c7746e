import { sql, type Expression, type SqlBool } from 'kysely';
import { onPostgres, type Conn } from './conn';
import { charLength, gramsOf, normalize, pinyinOf } from './text';

/** Body text kept per document (the index covers it; snippets come from it). */
export const BODY_MAX = 20_000;
const CHUNK = 400;

export interface DocRow {
  kind: string;
  refId: number;
  title: string;
  body: string;
  path: string;
  audience: string[];
  weight: number;
  tags: string[];
  departmentName: string;
  updatedAt: number;
}

function prepared(d: DocRow) {
  const title = d.title.trim();
  const tags = d.tags.map((t) => t.trim()).filter(Boolean);
  const body = d.body.replace(/\s+/g, ' ').trim().slice(0, BODY_MAX);
  const py = pinyinOf([title, ...tags].join(' '));
  const initials = pinyinOf(title).initials;
  const tagInitials = tags.map((t) => pinyinOf(t).initials);
  const searchText = normalize(
    [title, tags.join(' '), py.full, initials, tagInitials.join(' '), d.departmentName, body].join(' '),
  );
  return {
    row: {
      kind: d.kind,
      refId: d.refId,
      title,
      body,
      path: d.path,
      weight: Math.max(-1_000_000, Math.min(1_000_000, Math.round(d.weight))),
      tags: tags.join(' '),
      pinyin: py.full,
      initials,
      departmentName: d.departmentName,
      searchText,
      updatedAt: d.updatedAt,
    },
    grams: gramsOf(title, ...tags, initials, ...tagInitials),
    audience: [...new Set(d.audience)],
  };
}

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** Rows per multi-row INSERT of documents (13 parameters each, well under both databases' limits). */
const DOC_CHUNK = 200;
/** New documents in one call after which PostgreSQL's statistics of the index are refreshed. */
const ANALYZE_AFTER = 1000;

/**
 * Upsert documents by (kind, refId): the row, its audience keys, grams and full-text entry —
 * looked up, inserted and keyed in multi-row statements of a few hundred rows.
 */
export async function upsertDocs(db: Conn, docs: DocRow[]): Promise<void> {
  if (!docs.length) return;
  const pg = onPostgres(db);
  const byKey = new Map<string, ReturnType<typeof prepared>>();
  for (const d of docs) byKey.set(`${d.kind}\u0000${d.refId}`, prepared(d));
  const all = [...byKey.values()];
  const ids = new Map<string, number>();
  const keyOf = (kind: string, refId: number) => `${kind}\u0000${refId}`;
  const kinds = [...new Set(all.map((p) => p.row.kind))];
  for (const kind of kinds) {
    const refIds = all.filter((p) => p.row.kind === kind).map((p) => p.row.refId);
    await insertChunks(refIds, async (chunk) => {
      const found = await db
        .selectFrom('searchDoc')
        .select(['id', 'refId'])
        .where('kind', '=', kind)
        .where('refId', 'in', chunk)
        .execute();
      for (const f of found) ids.set(keyOf(kind, Number(f.refId)), Number(f.id));
    });
  }
  const existing = [...ids.values()];
  await insertChunks(existing, async (chunk) => {
    await db.deleteFrom('searchDocAudience').where('docId', 'in', chunk).execute();
    await db.deleteFrom('searchGram').where('docId', 'in', chunk).execute();
    if (!pg) await sql`delete from search_doc_fts where rowid in (${sql.join(chunk)})`.execute(db);
  });
  for (const p of all) {
    const id = ids.get(keyOf(p.row.kind, p.row.refId));
    if (id !== undefined) await db.updateTable('searchDoc').set(p.row).where('id', '=', id).execute();
  }
  const fresh = all.filter((p) => !ids.has(keyOf(p.row.kind, p.row.refId)));
  for (let i = 0; i < fresh.length; i += DOC_CHUNK) {
    const made = await db
      .insertInto('searchDoc')
      .values(fresh.slice(i, i + DOC_CHUNK).map((p) => p.row))
      .returning(['id', 'kind', 'refId'])
      .execute();
    for (const m of made) ids.set(keyOf(m.kind, Number(m.refId)), Number(m.id));
  }
  const withId = all.map((p) => ({ p, id: ids.get(keyOf(p.row.kind, p.row.refId))! }));
  await insertChunks(
    withId.flatMap(({ p, id }) => p.audience.map((audience) => ({ docId: id, audience }))),
    (chunk) => db.insertInto('searchDocAudience').values(chunk).execute(),
  );
  await insertChunks(
    withId.flatMap(({ p, id }) => p.grams.map((gram) => ({ gram, docId: id }))),
    (chunk) => db.insertInto('searchGram').values(chunk).execute(),
  );
  // A bulk load (a module indexing all of its records) leaves PostgreSQL's planner estimating a
  // handful of rows per audience key, and it then walks every public document for a short word
  // (215 ms instead of 31 ms at 60,000 documents): refresh the statistics of the three tables.
  if (pg && fresh.length >= ANALYZE_AFTER)
    for (const table of ['search_doc', 'search_doc_audience', 'search_gram'])
      await sql`analyze ${sql.table(table)}`.execute(db);
  if (!pg)
    await insertChunks(withId, (chunk) =>
      sql`insert into search_doc_fts (rowid, search_text) values ${sql.join(
        chunk.map(({ p, id }) => sql`(${id}, ${p.row.searchText})`),
      )}`.execute(db),
    );
}

export async function deleteDocs(db: Conn, kind: string, refIds: number[]): Promise<void> {
  if (!refIds.length) return;
  const pg = onPostgres(db);
  for (let i = 0; i < refIds.length; i += CHUNK) {
    const ids = (
      await db
        .selectFrom('searchDoc')
        .select('id')
        .where('kind', '=', kind)
        .where('refId', 'in', refIds.slice(i, i + CHUNK))
        .execute()
    ).map((r) => Number(r.id));
    if (!ids.length) continue;
    await db.deleteFrom('searchDocAudience').where('docId', 'in', ids).execute();
    await db.deleteFrom('searchGram').where('docId', 'in', ids).execute();
    if (!pg) await sql`delete from search_doc_fts where rowid in (${sql.join(ids)})`.execute(db);
    await db.deleteFrom('searchDoc').where('id', 'in', ids).execute();
  }
}

export async function clearKind(db: Conn, kind: string): Promise<void> {
  const ids = (await db.selectFrom('searchDoc').select('refId').where('kind', '=', kind).execute()).map((r) =>
    Number(r.refId),
  );
  await deleteDocs(db, kind, ids);
}

export async function countDocs(db: Conn, kind?: string): Promise<number> {
  let q = db.selectFrom('searchDoc').select((eb) => eb.fn.countAll<number>().as('n'));
  if (kind) q = q.where('kind', '=', kind);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** SQL: the document `d` holds the term (trigram index for 3+ characters, the gram table below that). */
function termMatch(db: Conn, term: string): Expression<SqlBool> {
  if (charLength(term) < 3) return sql<SqlBool>`d.id in (select g.doc_id from search_gram g where g.gram = ${term})`;
  if (onPostgres(db)) return sql<SqlBool>`d.search_text like ${`%${likeEscape(term)}%`}`;
  return sql<SqlBool>`d.id in (select rowid from search_doc_fts where search_doc_fts match ${`"${term.replace(/"/g, '""')}"`})`;
}

/** SQL: how well the term fits — title first, then initials, tags, pinyin; the same on both databases. */
function termScore(term: string): Expression<number> {
  const e = likeEscape(term);
  const like = (col: string, pattern: string) => sql`${sql.ref(col)} like ${pattern} escape '\\'`;
  return sql<number>`(case when lower(d.title) = ${term} then 1000
      when d.initials = ${term} then 900
      when ${like('d.title', `${e}%`)} then 600
      when ${like('d.title', `%${e}%`)} then 400
      when ${like('d.initials', `${e}%`)} then 350
      when ${like('d.initials', `%${e}%`)} then 250
      when ${like('d.tags', `%${e}%`)} then 200
      when ${like('d.pinyin', `%${e}%`)} then 150
      when ${like('d.department_name', `%${e}%`)} then 60
      else 10 end)`;
}

export interface SearchQuery {
  terms: string[];
  kinds?: string[];
  audience: string[];
  page: number;
  pageSize: number;
}

function whereOf(db: Conn, q: SearchQuery) {
  const conds: Expression<SqlBool>[] = q.terms.map((t) => termMatch(db, t));
  if (q.kinds?.length) conds.push(sql<SqlBool>`d.kind in (${sql.join(q.kinds)})`);
  conds.push(
    sql<SqlBool>`exists (select 1 from search_doc_audience a where a.doc_id = d.id and a.audience in (${sql.join(
      q.audience.length ? q.audience : ['public'],
    )}))`,
  );
  return sql.join(conds, sql` and `);
}

export interface HitRow {
  kind: string;
  refId: number;
  title: string;
  body: string;
  path: string;
}

/** One page of hits, best first, and the total — filtered by terms, kinds and audience in SQL. */
export async function searchRows(
  db: Conn,
  q: SearchQuery & { knownTotal?: number },
): Promise<{ total: number; rows: HitRow[] }> {
  if (!q.terms.length) return { total: 0, rows: [] };
  const where = whereOf(db, q);
  const total =
    q.knownTotal ??
    Number(
      (await sql<{ n: number }>`select count(*) as n from search_doc d where ${where}`.execute(db)).rows[0]?.n ?? 0,
    );
  const score = sql.join(q.terms.map(termScore), sql` + `);
  // Hits are ranked by id and score alone (the sort carries no bodies); the page's rows are read after.
  const rows = await sql<HitRow>`select d.kind, d.ref_id as "refId", d.title, d.body, d.path
      from (select d.id,
          ${score} + (case when d.weight > 100 then 100 when d.weight < 0 then 0 else d.weight end) as score,
          d.updated_at as at
        from search_doc d where ${where}
        order by score desc, at desc, d.id desc
        limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}) top
      join search_doc d on d.id = top.id
      order by top.score desc, top.at desc, top.id desc`.execute(db);
  return {
    total,
    rows: rows.rows.map((r) => ({ ...r, refId: Number(r.refId) })),
  };
}

/** Hits per kind for the same query (the tabs of the results page). */
export async function countByKind(db: Conn, q: Omit<SearchQuery, 'page' | 'pageSize' | 'kinds'>) {
  if (!q.terms.length) return [];
  const r = await sql<{ kind: string; n: number }>`select d.kind, count(*) as n from search_doc d
      where ${whereOf(db, { ...q, page: 1, pageSize: 1 })} group by d.kind`.execute(db);
  return r.rows.map((x) => ({ kind: x.kind, count: Number(x.n) }));
}

// ---- recent and hot words -------------------------------------------------------------------

export async function rememberWord(db: Conn, userId: number, word: string, keep: number, now: number) {
  await db
    .insertInto('searchRecent')
    .values({ userId, word, searchedAt: now })
    .onConflict((oc) => oc.columns(['userId', 'word']).doUpdateSet({ searchedAt: now }))
    .execute();
  const old = await db
    .selectFrom('searchRecent')
    .select('word')
    .where('userId', '=', userId)
    .orderBy('searchedAt', 'desc')
    .orderBy('word')
    .offset(keep)
    .limit(1000)
    .execute();
  if (old.length)
    await db
      .deleteFrom('searchRecent')
      .where('userId', '=', userId)
      .where(
        'word',
        'in',
        old.map((o) => o.word),
      )
      .execute();
}

export async function recentWords(db: Conn, userId: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('searchRecent')
    .select('word')
    .where('userId', '=', userId)
    .orderBy('searchedAt', 'desc')
    .orderBy('word')
    .limit(limit)
    .execute();
  return rows.map((r) => r.word);
}

export async function clearRecent(db: Conn, userId: number) {
  await db.deleteFrom('searchRecent').where('userId', '=', userId).execute();
}

export async function countHot(db: Conn, word: string, day: number) {
  await db
    .insertInto('searchHot')
    .values({ word, day, count: 1 })
    .onConflict((oc) => oc.columns(['day', 'word']).doUpdateSet((eb) => ({ count: eb('searchHot.count', '+', 1) })))
    .execute();
}

export async function hotWords(db: Conn, sinceDay: number, limit: number) {
  const rows = await db
    .selectFrom('searchHot')
    .select(['word', (eb) => eb.fn.sum<number>('count').as('total')])
    .where('day', '>=', sinceDay)
    .groupBy('word')
    .orderBy('total', 'desc')
    .orderBy('word')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ word: r.word, count: Number(r.total) }));
}

export async function pruneHot(db: Conn, beforeDay: number) {
  await db.deleteFrom('searchHot').where('day', '<', beforeDay).execute();
}

// ---- the caller -----------------------------------------------------------------------------

/** The user's roles, their department and every department above it. */
export async function viewerFacts(db: Conn, userId: number): Promise<{ departmentIds: number[]; roleIds: number[] }> {
  const u = await db.selectFrom('appUser').select('departmentId').where('id', '=', userId).executeTakeFirst();
  const roles = await db.selectFrom('userRole').select('roleId').where('userId', '=', userId).execute();
  const departmentIds: number[] = [];
  if (u?.departmentId) {
    const r = await sql<{ id: number }>`with recursive up(id, parent_id, depth) as (
        select id, parent_id, 0 from department where id = ${u.departmentId}
        union all select d.id, d.parent_id, up.depth + 1 from department d join up on d.id = up.parent_id where up.depth < 32)
      select id from up`.execute(db);
    departmentIds.push(...r.rows.map((x) => Number(x.id)));
  }
  return { departmentIds, roleIds: roles.map((r) => Number(r.roleId)) };
}

/**
 * Documents sharing the most 2-character grams with a text (a question in plain words): rows
 * with their count of shared grams, best first.
 */
export async function gramOverlap(
  db: Conn,
  q: { grams: string[]; kinds?: string[]; audience: string[]; limit: number },
): Promise<(HitRow & { shared: number })[]> {
  if (!q.grams.length) return [];
  const kinds = q.kinds?.length ? sql`and d.kind in (${sql.join(q.kinds)})` : sql``;
  const r = await sql<
    HitRow & { shared: number }
  >`select d.kind, d.ref_id as "refId", d.title, d.body, d.path, count(*) as shared
      from search_gram g join search_doc d on d.id = g.doc_id
      where g.gram in (${sql.join(q.grams)}) ${kinds}
        and exists (select 1 from search_doc_audience a where a.doc_id = d.id and a.audience in (${sql.join(
          q.audience.length ? q.audience : ['public'],
        )}))
      group by d.id, d.kind, d.ref_id, d.title, d.body, d.path, d.weight
      order by count(*) desc, d.weight desc, d.id
      limit ${q.limit}`.execute(db);
  return r.rows.map((x) => ({ ...x, refId: Number(x.refId), shared: Number(x.shared) }));
}
