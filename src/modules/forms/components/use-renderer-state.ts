import { useId, useMemo } from 'react';
import type { FormField, FormSection } from '@/shared/forms/schema';
import { groupErrors } from './field-errors';
import type { FieldItemProps } from './field-frame';
import type { RendererContextValue } from './renderer-context';
import type { BaseRendererProps } from './renderer-props';
import { useLinkedValues } from './use-linked-values';

type States = ReturnType<typeof useLinkedValues>['states'];

const stateOf = (states: States, f: FormField) =>
  states[f.id] ?? { visible: !f.hidden, required: !!f.required, readOnly: !!f.readOnly };

/**
 * What both renderers do before drawing (kit-free): linkage rules live, messages grouped by field,
 * the context every field shares (ids unique on the page, mode, upload, pickers), and per section
 * the visible fields with their item props. The kit lays sections and items out.
 */
export function useRendererState(
  { schema, values, onChange, mode = 'fill', errors, upload, pickers }: BaseRendererProps,
  /** Starts the input ids ('form', 'mform'): a desktop and a phone renderer on one page never share one. */
  idStem: string,
) {
  const readOnly = mode === 'readOnly';
  const { states, setField } = useLinkedValues(schema, values, readOnly ? undefined : onChange);
  const errorsOf = useMemo(() => groupErrors(errors), [errors]);
  const uid = useId();
  const ctx = useMemo<RendererContextValue>(
    () => ({ idPrefix: `${idStem}${uid.replace(/[^A-Za-z0-9_-]/g, '')}`, readOnly, upload, pickers }),
    [idStem, uid, readOnly, upload, pickers],
  );
  /**
   * The section's visible fields (after rules), each with its item's props; `mounted` (from
   * useProgressiveMount, which the kit's section list calls) leaves out those not mounted yet.
   */
  const itemsOf = (sec: FormSection, mounted: (f: FormField) => boolean = () => true): FieldItemProps[] =>
    sec.fields
      .filter((f) => mounted(f) && stateOf(states, f).visible)
      .map((f) => {
        const st = stateOf(states, f);
        return {
          field: f,
          value: values[f.id],
          required: st.required,
          locked: st.readOnly,
          errors: errorsOf(f.id),
          setField,
        };
      });
  /** A form with messages mounts whole at once: the first one is scrolled to. */
  const mountAll = !!errors?.length;
  return { readOnly, ctx, itemsOf, mountAll };
}
