import type { PickScope } from '@/modules/organization/server/commands/pick-scopes';
import { badInput } from '@/server/errors';
import { allFields, type FormField, type FormSchema } from '@/shared/forms/schema';

/** The user field (or sub-table user column) a picker serves, or null. */
function findUserField(schema: FormSchema, fieldId: string): FormField | null {
  for (const f of allFields(schema)) {
    if (f.id === fieldId) return f.type === 'user' ? f : null;
    const col = f.columns?.find((c) => c.id === fieldId);
    if (col) return col.type === 'user' ? col : null;
  }
  return null;
}

/**
 * Who a user field lets its filler pick: its configured departments and roles, or anyone. Other
 * modules' pickers (the workflow's record editing) ask here, so the rule lives once.
 */
export function userFieldScope(schema: FormSchema, fieldId: string): PickScope {
  const field = findUserField(schema, fieldId);
  if (!field) throw badInput('该字段不是人员选择字段', { field: 'context' });
  const scope: PickScope = {};
  if (field.pickScope?.departmentIds) scope.departmentIds = field.pickScope.departmentIds;
  if (field.pickScope?.roleCodes) scope.roleCodes = field.pickScope.roleCodes;
  return scope;
}
