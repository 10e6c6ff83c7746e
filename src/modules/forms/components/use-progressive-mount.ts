import { startTransition, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { allFields, type FormField, type FormSchema } from '@/shared/forms/schema';

/**
 * A big form mounts in steps (issue 15): each field of a kit (an antd Form.Item with its picker,
 * select or table) costs a few milliseconds to mount, so 200 of them in one commit held the main
 * thread for over a second before the page answered a click. The first fields (more than a screen)
 * mount at once; the rest follow in small background steps (transitions, each aimed at a few
 * milliseconds of work), so typing and clicking are answered between steps and the whole form is
 * there a moment later, exactly as before. Small forms (most) mount whole, as they always did.
 */

/** Mount cost units of a field: a sub-table (a table with its rows) weighs as much as several fields. */
const weightOf = (f: FormField) => (f.type === 'subTable' ? 5 : 1);

/** What the first commit mounts (weight units): more than one screen of one-column fields. */
export const FIRST_MOUNT = 12;
/** Forms up to this weight mount whole at once. */
const WHOLE_UP_TO = 24;
/** Aim of one background step's rendering and commit, in ms (a long task is 50 ms; the browser's layout comes on top). */
const STEP_TARGET_MS = 16;
const FIRST_STEP = 6;

/** Each field's running weight (its own included), in document order. */
function runningWeights(schema: FormSchema): { at: Map<string, number>; total: number } {
  const at = new Map<string, number>();
  let total = 0;
  for (const f of allFields(schema)) {
    total += weightOf(f);
    at.set(f.id, total);
  }
  return { at, total };
}

function soon(run: () => void): () => void {
  const timer = setTimeout(run, 0);
  return () => clearTimeout(timer);
}

/** After the next frame (so what is mounted paints first), or at once where nothing paints. */
function afterNextFrame(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Whether a field is mounted yet: `mounted(field)`. `all` mounts everything at once (a form with
 * messages to show: the first one must be there to scroll to).
 */
export function useProgressiveMount(schema: FormSchema, all: boolean): (f: FormField) => boolean {
  const { at, total } = useMemo(() => runningWeights(schema), [schema]);
  const whole = total <= WHOLE_UP_TO;
  const [state, setState] = useState({ schema, limit: whole ? Infinity : FIRST_MOUNT });
  // A new form (another schema) starts again from its first fields.
  let limit = state.schema === schema ? state.limit : whole ? Infinity : FIRST_MOUNT;
  // Once everything is asked for, it stays mounted (fields never unmount: they keep their state).
  if (all && limit < total) limit = Infinity;
  if (state.schema !== schema || state.limit !== limit) setState({ schema, limit });

  const step = useRef({ size: FIRST_STEP, started: 0 });
  useLayoutEffect(() => {
    if (limit >= total) return;
    const s = step.current;
    let live = true;
    let cancel = () => {};
    // After this commit and what it sets off in the same task: size the next step so that it
    // takes about STEP_TARGET_MS.
    queueMicrotask(() => {
      if (!live) return;
      if (s.started) {
        const took = Math.max(1, performance.now() - s.started);
        s.size = Math.max(1, Math.min(40, Math.round((s.size * STEP_TARGET_MS) / took)));
      }
      // The first step waits for the first screen to paint; the next ones follow at once (the
      // browser still paints and answers input between these short tasks).
      cancel = (s.started ? soon : afterNextFrame)(() => {
        s.started = performance.now();
        startTransition(() =>
          setState((st) => (st.schema === schema ? { schema, limit: Math.min(total, st.limit + s.size) } : st)),
        );
      });
    });
    return () => {
      live = false;
      cancel();
    };
  }, [limit, total, schema]);

  return (f) => (at.get(f.id) ?? 0) <= limit;
}
