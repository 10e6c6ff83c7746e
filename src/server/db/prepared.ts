import type { CompiledQuery } from 'kysely';
import type { Db } from './dialect';

const SENTINEL = '\u0000prepared:';

/**
 * A query built and compiled once per database, then run with new values (issue 15): Kysely
 * builds, transforms (CamelCasePlugin) and compiles a query afresh on every call, which costs a
 * hot call more than SQLite's indexed read. `build` makes the query from its named values; it is
 * called once with a sentinel in place of each value, and each parameter of the compiled SQL that
 * holds a sentinel is filled from the call's values. Only for queries whose shape does not depend
 * on the values (no `if` on them inside `build`): every value must reach SQL as a parameter.
 */
export function preparedQuery<P extends Record<string, unknown>, R>(
  build: (db: Db, values: P) => { compile(): CompiledQuery<R> },
): (db: Db, values: P) => Promise<R[]> {
  const compiledFor = new WeakMap<Db, { query: CompiledQuery<R>; slots: (string | null)[] }>();
  return async (db, values) => {
    let c = compiledFor.get(db);
    if (!c) {
      const keys = Object.keys(values);
      const sentinels = Object.fromEntries(keys.map((k) => [k, `${SENTINEL}${k}`])) as unknown as P;
      const query = build(db, sentinels).compile();
      const slots = query.parameters.map((p) =>
        typeof p === 'string' && p.startsWith(SENTINEL) ? p.slice(SENTINEL.length) : null,
      );
      const missing = keys.filter((k) => !slots.includes(k));
      if (missing.length) throw new Error(`preparedQuery: ${missing.join(', ')} did not reach SQL as a parameter`);
      compiledFor.set(db, (c = { query, slots }));
    }
    const { query, slots } = c;
    const parameters = query.parameters.map((p, i) => (slots[i] === null ? p : values[slots[i]!]));
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
}
