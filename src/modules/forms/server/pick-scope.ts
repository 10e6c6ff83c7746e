import { registerPickScope } from '@/modules/organization/server/commands/pick-scopes';
import { notFound } from '@/server/errors';
import { userFieldScope } from './commands/user-field-scope';
import { readForm, readFormVersionSchema } from './commands/read-form';

/** The fill pages' user fields: any published form may be filled by a signed-in user. */
export function registerFormPickScope(): void {
  registerPickScope('formField', async (db, _auth, c) => {
    const f = await readForm(db, c.formId);
    if (!f || f.status !== 'published' || f.latestVersion === null) throw notFound('表单不存在或已停用');
    const schema = await readFormVersionSchema(db, c.formId, c.version ?? f.latestVersion);
    if (!schema) throw notFound('该表单版本不存在');
    return userFieldScope(schema, c.fieldId);
  });
}
