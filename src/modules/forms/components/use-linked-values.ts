import { useCallback, useEffect, useMemo, useRef } from 'react';
import { evaluateLinkage, type LinkageResult } from '@/shared/forms/linkage';
import type { FormSchema, FormValues } from '@/shared/forms/schema';

// The evaluation a change made, kept by the values object it produced: rendering those values
// reuses it, so linkage runs once per change and not again on the re-render it causes.
const evaluated = new WeakMap<FormValues, { schema: FormSchema; result: LinkageResult }>();

function evaluate(schema: FormSchema, values: FormValues): LinkageResult {
  const hit = evaluated.get(values);
  if (hit && hit.schema === schema) return hit.result;
  const result = evaluateLinkage(schema, values);
  evaluated.set(values, { schema, result });
  evaluated.set(result.values, { schema, result });
  return result;
}

const sameJson = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The linkage state of a rendered form and the one change handler every field uses: a field's
 * new value goes through evaluateLinkage (show/hide/require/lock, setValue) before it reaches
 * the page. `setField` is stable, so memoised fields do not re-render when another one changes.
 */
export function useLinkedValues(schema: FormSchema, values: FormValues, onChange?: (values: FormValues) => void) {
  const linkage = useMemo(() => evaluate(schema, values), [schema, values]);
  const latest = useRef({ schema, values, onChange });
  useEffect(() => {
    latest.current = { schema, values, onChange };
  });

  const setField = useCallback((id: string, value: unknown) => {
    const { schema: s, values: v, onChange: emit } = latest.current;
    if (!emit) return;
    const next = { ...v, [id]: value };
    // Two changes before the page re-renders (a blur and a click) must both land.
    latest.current = { ...latest.current, values: next };
    emit(evaluate(s, next).values);
  }, []);

  // Defaults may already trigger a setValue rule: hand the page the linked values once.
  const applied = useRef(false);
  useEffect(() => {
    if (applied.current || !onChange) return;
    applied.current = true;
    const changed = Object.keys(linkage.values).some((k) => !sameJson(linkage.values[k], values[k]));
    if (changed) onChange(linkage.values);
  }, [linkage, values, onChange]);

  return { states: linkage.states, setField };
}
