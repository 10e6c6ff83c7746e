import type { FormSchema } from '@/shared/forms/schema';
import * as repo from '../repository';

/**
 * Reads of a form for other modules' servers (the workflow binds processes to forms): never their
 * own SQL on the forms tables. Every function takes the caller's connection or transaction.
 */

/** Name, status (`draft` | `published` | `disabled`), newest version and draft schema (JSON text). */
export const readForm = (db: repo.Conn, formId: number) => repo.formBrief(db, formId);

/** The frozen schema of one published version, or undefined when there is no such version. */
export async function readFormVersionSchema(
  db: repo.Conn,
  formId: number,
  version: number,
): Promise<FormSchema | undefined> {
  const text = await repo.findVersionSchema(db, formId, version);
  return text ? (JSON.parse(text) as FormSchema) : undefined;
}
