import { DISPLAY_TYPES, allFields, type FormSchema, type FormValues } from './schema';
import { checkFieldValue } from './validate';

/** The signed-in user's properties a default may take; null for a visitor. */
export interface DefaultUser {
  realName: string;
  userNo: string;
  department: string;
  phone: string;
}

/**
 * The starting values of a new fill: static defaults and the signed-in user's properties, each
 * put through the same check as a submission (required aside) and left out when it does not
 * fit the field (a default 'abc' on a number, an option that no longer exists, a visitor).
 * Sub-table columns' defaults are not applied: rows start empty, the renderer fills a new row.
 */
export function resolveDefaults(schema: FormSchema, user: DefaultUser | null): FormValues {
  const values: FormValues = {};
  for (const field of allFields(schema)) {
    const source = field.default;
    if (!source || DISPLAY_TYPES.includes(field.type) || field.type === 'subTable') continue;
    const raw = source.kind === 'static' ? source.value : user?.[source.prop];
    if (raw === undefined || raw === null) continue;
    const { value, messages } = checkFieldValue(field, raw);
    if (messages.length === 0 && value !== undefined) values[field.id] = value;
  }
  return values;
}
