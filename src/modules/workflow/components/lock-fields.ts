import type { FormSchema } from '@/shared/forms/schema';
import type { FieldPermission } from '../contract';

/** The field ids a node's permissions mark editable (kit-free: the desktop and phone approval pages share it). */
export function editableFields(permissions: Readonly<Record<string, FieldPermission>> | undefined): Set<string> {
  return new Set(
    Object.entries(permissions ?? {})
      .filter(([, p]) => p === 'editable')
      .map(([id]) => id),
  );
}

/** Every field locked except the ones this node may edit (the server refuses the others anyway). */
export function lockExcept(schema: FormSchema, editable: ReadonlySet<string>): FormSchema {
  return {
    ...schema,
    sections: schema.sections.map((sec) => ({
      ...sec,
      fields: sec.fields.map((f) => (editable.has(f.id) ? f : { ...f, readOnly: true })),
    })),
  };
}
