import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/dialect';
import type { Database } from '../db/schema';

/**
 * Which uploads are still in use is asked of the modules that keep them (issue 23): each module
 * whose records hold upload ids or `/resource/api/v1.file/<id>` URLs declares, in its server
 * plugin, a query answering which of a batch of upload ids it references. The orphan sweep
 * (`orphan-sweep.ts`) deletes only what no module claims, and nothing when one cannot answer.
 */
export type UploadRefsQuery = (app: FastifyInstance, ids: readonly string[]) => Promise<Iterable<string>>;

export interface UploadRefs {
  /** One query per owner ('accounts', 'forms'…); declaring twice replaces the first. */
  declare(owner: string, query: UploadRefsQuery): void;
  readonly owners: ReadonlyMap<string, UploadRefsQuery>;
}

declare module 'fastify' {
  interface FastifyInstance {
    uploadRefs: UploadRefs;
  }
}

export function uploadRefsRegistry(): UploadRefs {
  const owners = new Map<string, UploadRefsQuery>();
  return {
    owners,
    declare(owner, query) {
      owners.set(owner, query);
    },
  };
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** The upload ids (UUIDs) a text names, lower-cased: a URL, a JSON document, rich text. */
export function uploadIdsIn(text: string | null | undefined): string[] {
  return text ? [...text.matchAll(UUID)].map((m) => m[0].toLowerCase()) : [];
}

/**
 * Where a module keeps upload references: a column holding an upload id (`match: 'id'`), or a
 * text column (URL, JSON, rich text) that may name any number of them (`match: 'text'`);
 * `keyPrefix` narrows a key/value table (the settings) to the module's own keys.
 */
export interface UploadRefColumn {
  table: keyof Database & string;
  column: string;
  match: 'id' | 'text';
  keyPrefix?: { column: string; prefix: string };
}

/** LIKE alternatives per query: SQLite nests OR terms, and its expression depth is limited (1000). */
const TEXT_CHUNK = 100;

/**
 * Which of ids the given columns of the caller's own tables name. Text columns are searched
 * with one LIKE per id (cast to text: a JSON column on PostgreSQL), rows matched are read and
 * their ids intersected with the batch, so a longer id or a neighbour's never counts.
 */
export async function referencedIn(
  db: Db,
  ids: readonly string[],
  columns: readonly UploadRefColumn[],
): Promise<Set<string>> {
  const wanted = new Set(ids.map((id) => id.toLowerCase()));
  const found = new Set<string>();
  if (!wanted.size) return found;
  const all = [...wanted];
  for (const c of columns) {
    const scope = c.keyPrefix ? sql` and ${sql.ref(c.keyPrefix.column)} like ${`${c.keyPrefix.prefix}%`}` : sql``;
    if (c.match === 'id') {
      const rows = await sql<{ v: string | null }>`select ${sql.ref(c.column)} as v from ${sql.table(c.table)}
        where ${sql.ref(c.column)} in (${sql.join(all)})${scope}`.execute(db);
      for (const r of rows.rows) if (r.v) found.add(r.v.toLowerCase());
      continue;
    }
    for (let i = 0; i < all.length; i += TEXT_CHUNK) {
      const chunk = all.slice(i, i + TEXT_CHUNK);
      const text = sql`cast(${sql.ref(c.column)} as text)`;
      const rows = await sql<{ v: string | null }>`select ${text} as v from ${sql.table(c.table)}
        where (${sql.join(
          chunk.map((id) => sql`${text} like ${`%${id}%`}`),
          sql` or `,
        )})${scope}`.execute(db);
      for (const r of rows.rows) for (const id of uploadIdsIn(r.v)) if (wanted.has(id)) found.add(id);
    }
  }
  return found;
}

/** The usual declaration: the module's columns, searched by `referencedIn`. */
export function declareUploadColumns(app: FastifyInstance, owner: string, columns: readonly UploadRefColumn[]): void {
  app.uploadRefs.declare(owner, (a, ids) => referencedIn(a.db, ids, columns));
}
