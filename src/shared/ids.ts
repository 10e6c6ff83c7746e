/**
 * The largest id (or version number) a request may name: the top of a PostgreSQL `integer`
 * column. A bigger one used to reach the database and answer 500 there ("out of range for type
 * integer") while SQLite quietly found nothing; bounded in the schema, it is a 400 on both.
 */
export const MAX_ID = 2_147_483_647;
