import { useCallback, useEffect, useRef, useState } from 'react';
import type { PickedRef } from '@/shared/forms/schema';
import type { PickableDepartment, PickableUser } from '../contract';
import type { FormPickers } from './renderer-props';

export const USER_SEARCH_DELAY_MS = 300;

/** A stored user/department value as a list of refs (single pickers hold a list of one). */
export function asPicked(v: unknown): PickedRef[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter((x): x is PickedRef => typeof x === 'object' && x !== null && typeof (x as PickedRef).id === 'number')
    .map((x) => ({ id: x.id, name: typeof x.name === 'string' ? x.name : String(x.id) }));
}

// One request per pickers object however many department fields a form has.
const departmentLoads = new WeakMap<FormPickers, Promise<PickableDepartment[]>>();

export function loadDepartments(pickers: FormPickers): Promise<PickableDepartment[]> {
  let p = departmentLoads.get(pickers);
  if (!p) {
    p = pickers.departments();
    // A failure may be retried on the next opening.
    p.catch(() => departmentLoads.delete(pickers));
    departmentLoads.set(pickers, p);
  }
  return p;
}

/** The user picker's search: debounced, and only the newest answer shown. */
export function useUserSearch(pickers: FormPickers | undefined, fieldId: string) {
  const [options, setOptions] = useState<PickableUser[]>([]);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const seq = useRef(0);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      seq.current = -1;
    },
    [],
  );

  const search = useCallback(
    (keyword: string) => {
      clearTimeout(timer.current);
      const k = keyword.trim().slice(0, 40);
      if (!pickers || !k) {
        setLoading(false);
        return;
      }
      setLoading(true);
      timer.current = setTimeout(() => {
        const mine = ++seq.current;
        pickers.searchUsers(k, fieldId).then(
          (list) => {
            if (seq.current === mine) {
              setOptions(list);
              setLoading(false);
            }
          },
          () => {
            if (seq.current === mine) setLoading(false);
          },
        );
      }, USER_SEARCH_DELAY_MS);
    },
    [pickers, fieldId],
  );

  return { options, loading, search };
}
