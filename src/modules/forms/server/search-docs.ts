import type { FastifyInstance } from 'fastify';
import {
  clearSearchKind,
  countSearchDocs,
  indexSearchDocs,
  removeSearchDocs,
  type SearchDocInput,
} from '@/modules/portal-search/server/commands/search-index';
import type { Conn } from './repository';

/**
 * What of the form engine the portal search finds (findSearchForm): published forms, opened at
 * formWrite; a public form for everybody, a signed-in form for signed-in users. Each write path
 * that changes a form's name, description or status calls the sync in its own transaction.
 */
type FormRow = { id: number; name: string; category: string; description: string; access: string; updatedAt: number };

const docOf = (f: FormRow): SearchDocInput => ({
  kind: 'form',
  refId: Number(f.id),
  title: f.name,
  body: f.description,
  path: `/web/eventService/formWrite?formId=${f.id}`,
  audience: [f.access === 'public' ? 'public' : 'user'],
  tags: f.category ? [f.category] : [],
  updatedAt: Number(f.updatedAt),
});

const published = (db: Conn) =>
  db
    .selectFrom('form')
    .select(['id', 'name', 'category', 'description', 'access', 'updatedAt'])
    .where('status', '=', 'published')
    .where('latestVersion', 'is not', null);

/** After a form's write: index it while published, else drop it from the search. */
export async function syncFormDoc(db: Conn, id: number): Promise<void> {
  const f = await published(db).where('id', '=', id).executeTakeFirst();
  if (f) await indexSearchDocs(db, [docOf(f)]);
  else await removeSearchDocs(db, 'form', [id]);
}

/** Index every published form (keyset batches). */
export async function reindexForms(db: Conn): Promise<number> {
  let n = 0;
  for (let after = 0; ; ) {
    const rows = await published(db).where('id', '>', after).orderBy('id').limit(200).execute();
    if (!rows.length) break;
    await indexSearchDocs(db, rows.map(docOf));
    n += rows.length;
    after = Number(rows[rows.length - 1]!.id);
  }
  return n;
}

/**
 * At start (after the demo seed, whose modules publish forms through the form commands): when
 * the index holds another number of forms than are published — a database made before the
 * search, or forms published by a seed — the forms are indexed afresh.
 */
export async function reindexFormsIfStale(app: FastifyInstance): Promise<void> {
  const n = await published(app.db)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(n.n) === (await countSearchDocs(app.db, 'form'))) return;
  await app.db.transaction().execute(async (tx) => {
    await clearSearchKind(tx, 'form');
    await reindexForms(tx);
  });
}
