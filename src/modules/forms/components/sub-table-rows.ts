import { useMemo } from 'react';
import { FORM_LIMITS, type ColumnField, type FormField } from '@/shared/forms/schema';
import { subTableSums } from '@/shared/forms/validate';
import { useMinRows } from './use-min-rows';

/** A sub-table value as rows (anything else is no rows). */
export function asRows(v: unknown): Array<Record<string, unknown>> {
  return Array.isArray(v)
    ? v.filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null && !Array.isArray(r))
    : [];
}

/** A column sum with the column's precision (money: 2 places) and unit. */
export function formatSum(col: ColumnField, sum: number | undefined): string {
  const n = sum ?? 0;
  const places = col.precision ?? (col.type === 'money' ? 2 : undefined);
  const text = places === undefined ? String(Math.round(n * 1e6) / 1e6) : n.toFixed(places);
  return `${col.type === 'money' ? '¥' : ''}${text}${col.unit ? ` ${col.unit}` : ''}`;
}

/** The row limits under the table ('至少 2 行，最多 5 行'); '' when the table sets none. */
export function rowLimitsText(field: Pick<FormField, 'minRows' | 'maxRows'>): string {
  const min = field.minRows ?? 0;
  const max = field.maxRows ?? FORM_LIMITS.subTableRows;
  return [min > 0 ? `至少 ${min} 行` : '', field.maxRows ? `最多 ${max} 行` : ''].filter(Boolean).join('，');
}

/** A copy of the rows with one cell set (rows are plain values: they have no ids of their own). */
export const withCell = (rows: readonly Record<string, unknown>[], row: number, col: string, v: unknown) =>
  rows.map((r, i) => (i === row ? { ...r, [col]: v } : r));

export const withRowAdded = (rows: readonly Record<string, unknown>[]) => [...rows, {}];

export const withRowRemoved = (rows: readonly Record<string, unknown>[], row: number) =>
  rows.filter((_, i) => i !== row);

interface SubTableInput {
  field: FormField;
  value: unknown;
  onChange: (rows: Record<string, unknown>[]) => void;
  disabled: boolean;
  readOnly: boolean;
}

/**
 * What both kits' sub-tables do with the rows: start with the minimum of empty rows, set a cell,
 * add a row up to the maximum, remove one down to the minimum, the column sums and the limits text.
 * The kit draws them (antd: a table; antd-mobile: a card per row).
 */
export function useSubTableRows({ field, value, onChange, disabled, readOnly }: SubTableInput) {
  const rows = asRows(value);
  const min = field.minRows ?? 0;
  const max = field.maxRows ?? FORM_LIMITS.subTableRows;
  const sums = useMemo(() => (field.sumColumns?.length ? subTableSums(field, rows) : null), [field, rows]);
  useMinRows(rows, min, !readOnly && !disabled, onChange);
  return {
    rows,
    columns: field.columns ?? [],
    min,
    /** Whether the table shows a 合计 line. */
    hasSums: sums !== null,
    /** A column's sum as shown, or null for a column that is not summed. */
    sumText: (col: ColumnField) => (sums && field.sumColumns?.includes(col.id) ? formatSum(col, sums[col.id]) : null),
    canAdd: !disabled && rows.length < max,
    canRemove: !disabled && rows.length > min,
    limitsText: rowLimitsText(field),
    setCell: (row: number, col: string, v: unknown) => onChange(withCell(rows, row, col, v)),
    addRow: () => onChange(withRowAdded(rows)),
    removeRow: (row: number) => onChange(withRowRemoved(rows, row)),
  };
}
