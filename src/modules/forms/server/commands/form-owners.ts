import * as repo from '../repository';

/**
 * Who answers for a form, for other modules' servers (messages tells them of new submissions,
 * issue 24 item 2): its managers (表单设置 → 管理员), or its creator when it has none; and its
 * name. Undefined for an unknown form. Takes the caller's connection or transaction.
 */
export async function formOwners(
  db: repo.Conn,
  formId: number,
): Promise<{ name: string; userIds: number[] } | undefined> {
  const form = await db.selectFrom('form').select(['name', 'createdBy']).where('id', '=', formId).executeTakeFirst();
  if (!form) return undefined;
  const managers = await db.selectFrom('formManager').select('userId').where('formId', '=', formId).execute();
  const userIds = managers.length ? managers.map((m) => m.userId) : form.createdBy !== null ? [form.createdBy] : [];
  return { name: form.name, userIds };
}
