import type { ColumnField } from '@/shared/forms/schema';

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
