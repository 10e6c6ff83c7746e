import { canonicalJson } from '@/shared/canonical-json';
import { checkFormSchema } from '@/shared/forms/check-schema';
import type { FormSchema } from '@/shared/forms/schema';
import * as repo from '../repository';
import { sanitizeSchema } from '../service';

/**
 * Creates a signed-in form and publishes its first version in the caller's transaction, with the
 * designer's checks (a schema the checker refuses throws) and the change log — for another module's
 * demo seed (e.g. data collection's 返乡信息 form). Answers the form id and version.
 */
export async function insertPublishedForm(
  tx: repo.Conn,
  input: {
    name: string;
    category: string;
    description: string;
    schema: FormSchema;
    managerIds: number[];
    /** Role codes that may fill it (e.g. ['student']); absent = everyone. */
    audience?: string[];
  },
  by: { id: number; name: string },
  now: number,
): Promise<{ id: number; version: number }> {
  const schema = sanitizeSchema(input.schema);
  const problems = checkFormSchema(schema);
  if (problems.length) throw new Error(`form "${input.name}" is invalid: ${problems.join('; ')}`);
  const id = await repo.insertForm(
    tx,
    {
      name: input.name,
      category: input.category,
      description: input.description,
      access: 'signedIn',
      audience: input.audience,
      draftSchema: JSON.stringify(schema),
    },
    by,
    now,
  );
  const version = await repo.takeNextVersion(tx, id, by, now);
  await repo.insertVersion(tx, id, version, canonicalJson(schema), by, now);
  await repo.logChange(tx, id, 'created', `《${input.name}》`, by, now);
  await repo.logChange(tx, id, 'published', `发布版本 v${version}`, by, now);
  if (input.managerIds.length) await repo.replaceManagers(tx, id, input.managerIds);
  return { id, version };
}
