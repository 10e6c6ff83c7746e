import type { FormSchema } from '@/shared/forms/schema';
import type { PartState, RecordState } from '../contract';

/** Tag colours of record states (antd colour names; the phone maps them to its own). */
export const RECORD_STATE_COLORS: Record<RecordState, string> = {
  draft: 'default',
  submitted: 'processing',
  approving: 'processing',
  approved: 'cyan',
  returned: 'warning',
  rejected: 'error',
  written: 'success',
};

export const PART_STATE_COLORS: Record<PartState, string> = {
  unfilled: 'default',
  draft: 'warning',
  submitted: 'success',
};

/** Beijing time as lists show it. */
export const time = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? '' : new Date(ms + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

/** Every field locked except the ones this person owns (collaborative parts; the server ignores the others anyway). */
export function lockExcept(schema: FormSchema, editable: readonly string[] | null): FormSchema {
  if (!editable) return schema;
  const own = new Set(editable);
  return {
    ...schema,
    sections: schema.sections.map((sec) => ({
      ...sec,
      fields: sec.fields.map((f) => (own.has(f.id) ? f : { ...f, readOnly: true })),
    })),
  };
}

/** Only my fields' values go to the server. */
export function ownValues<V extends Record<string, unknown>>(values: V, editable: readonly string[] | null): V {
  if (!editable) return values;
  return Object.fromEntries(Object.entries(values).filter(([k]) => editable.includes(k))) as V;
}

/** The filling page of an assignment, on each face. */
export const fillPath = (assignmentId: number) => `/web/dataAcquisition/dataFilling?assignmentId=${assignmentId}`;
export const mobileFillPath = (assignmentId: number) => `/mobile/dataFilling?assignmentId=${assignmentId}`;
