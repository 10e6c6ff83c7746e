import type { Db } from '../db/dialect';

/** Key/value settings stored as JSON text (theme, logo config, RSA key pair, SSO, licence…). */
export async function getSetting<T>(db: Db, key: string): Promise<T | undefined> {
  const row = await db.selectFrom('setting').select('value').where('key', '=', key).executeTakeFirst();
  return row ? (JSON.parse(row.value) as T) : undefined;
}

export async function putSetting(db: Db, key: string, value: unknown): Promise<void> {
  const text = JSON.stringify(value);
  const now = Date.now();
  await db
    .insertInto('setting')
    .values({ key, value: text, updatedAt: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: text, updatedAt: now }))
    .execute();
}

/** Insert only if absent; answers the value that is stored afterwards (first writer wins across servers). */
export async function putSettingOnce<T>(db: Db, key: string, value: T): Promise<T> {
  await db
    .insertInto('setting')
    .values({ key, value: JSON.stringify(value), updatedAt: Date.now() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return (await getSetting<T>(db, key)) as T;
}
