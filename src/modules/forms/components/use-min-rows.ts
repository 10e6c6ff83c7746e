import { useEffect, useRef } from 'react';

/**
 * A sub-table with a row minimum starts with that many empty rows to fill, rather than an
 * empty table and a message. Only while it can be edited (not read-only, not locked).
 */
export function useMinRows(
  rows: readonly Record<string, unknown>[],
  min: number,
  editable: boolean,
  onChange: (rows: Record<string, unknown>[]) => void,
): void {
  const latest = useRef({ rows, onChange });
  useEffect(() => {
    latest.current = { rows, onChange };
  });
  const short = editable && rows.length < min;
  useEffect(() => {
    if (!short) return;
    const { rows: r, onChange: emit } = latest.current;
    emit([...r, ...Array.from({ length: min - r.length }, () => ({}))]);
  }, [short, min]);
}
