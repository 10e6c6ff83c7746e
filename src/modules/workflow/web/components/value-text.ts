import { allFields, type FormField, type FormSchema } from '@/shared/forms/schema';

/** A stored value as one line of text (the field diff): option labels, names of files and people, lists joined. */
export function valueText(field: FormField | undefined, v: unknown): string {
  if (v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length)) return '（空）';
  const label = (x: unknown) => field?.options?.find((o) => o.value === x)?.label ?? one(x);
  if (Array.isArray(v)) {
    if (field?.type === 'subTable') return `${v.length} 行`;
    return v.map(label).join('、');
  }
  if (typeof v === 'boolean') return v ? '是' : '否';
  return label(v);
}

function one(x: unknown): string {
  if (x === null || x === undefined) return '';
  if (typeof x === 'object') {
    const o = x as { name?: unknown; label?: unknown };
    if (typeof o.name === 'string') return o.name;
    if (typeof o.label === 'string') return o.label;
    return JSON.stringify(x);
  }
  return String(x);
}

export interface DiffRow {
  fieldId: string;
  label: string;
  from: string;
  to: string;
}

/** The rows of a field-level diff in the form's order (fields the schema no longer has come last). */
export function diffRows(schema: FormSchema, diff: Record<string, { from: unknown; to: unknown }>): DiffRow[] {
  const fields = allFields(schema);
  const byId = new Map(fields.map((f) => [f.id, f]));
  const order = [
    ...fields.map((f) => f.id).filter((id) => id in diff),
    ...Object.keys(diff).filter((id) => !byId.has(id)),
  ];
  return order.map((id) => {
    const f = byId.get(id);
    return { fieldId: id, label: f?.label || id, from: valueText(f, diff[id].from), to: valueText(f, diff[id].to) };
  });
}

/** The field-level diff of two value sets, like the server's (JSON equality per field). */
export function diffValues(schema: FormSchema, before: Record<string, unknown>, after: Record<string, unknown>) {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const f of allFields(schema)) {
    if (JSON.stringify(before[f.id] ?? null) !== JSON.stringify(after[f.id] ?? null))
      out[f.id] = { from: before[f.id], to: after[f.id] };
  }
  return out;
}
