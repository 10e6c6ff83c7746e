import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';

/**
 * Response schemas (issue 15): a route that declares `schema.response[200]` has its answer
 * written by Fastify's compiled serialiser (fast-json-stringify, several times faster than
 * JSON.stringify) and, because it writes only the declared fields, cannot leak a column added
 * to a query by accident. These helpers keep the schemas in the shapes the serialiser handles
 * fastest: `type: [t, 'null']` instead of anyOf unions, enums as plain strings.
 */

/** `T | null` as `type: [t, 'null']` (anyOf makes the serialiser validate each branch). */
export function Nullable<T extends TSchema>(schema: T): TUnsafe<Static<T> | null> {
  const type = (schema as { type?: string }).type;
  if (typeof type !== 'string') throw new Error('Nullable takes a schema with a single type');
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [type, 'null'] });
}

/** One of a few strings, typed as their union, written as a plain string. */
export function StringEnum<const T extends readonly string[]>(values: T): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });
}

/** A 0/1 flag of the spec's answers (`is_admin: 0 | 1`), written as an integer. */
export const Flag01 = () => Type.Unsafe<0 | 1>({ type: 'integer', enum: [0, 1] });

/**
 * A reference to a named schema of the response's `$defs` (a recursive shape: a menu tree).
 * The route passes the definitions to `okResponse(data, defs)`, which puts them at the root,
 * where `#/$defs/…` resolves.
 */
export const DefRef = <T>(name: string) => Type.Unsafe<T>({ $ref: `#/$defs/${name}` });

/** The envelope `{ errorCode, message, data }` around a route's data (DESIGN §5). */
export function Envelope<T extends TSchema>(data: T) {
  return Type.Object({ errorCode: Type.String(), message: Type.String(), data });
}

/** A page of a list: `{ list, total, page, pageSize }`. */
export function PageOf<T extends TSchema>(item: T) {
  return Type.Object({ list: Type.Array(item), total: Type.Integer(), page: Type.Integer(), pageSize: Type.Integer() });
}

/**
 * `schema.response` for a route answering the envelope: the data schema for HTTP 200. Errors
 * (4xx/5xx) are written by the error handler, outside these schemas.
 */
export const okResponse = <T extends TSchema>(data: T, defs?: Record<string, TSchema>) => ({
  200: defs ? { ...Envelope(data), $defs: defs } : Envelope(data),
});
