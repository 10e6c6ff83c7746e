import dayjs from 'dayjs';
import type { DataTableField } from '../../contract';

/** A row value as a cell shows it. */
export function cellText(f: Pick<DataTableField, 'type'>, v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (f.type === 'boolean') return v ? '是' : '否';
  if (f.type === 'datetime') return dayjs(Number(v)).format('YYYY-MM-DD HH:mm:ss');
  return String(v);
}

/** What the filter box of a column accepts, as its placeholder says. */
export function filterHint(f: Pick<DataTableField, 'type' | 'label'>): string {
  switch (f.type) {
    case 'string':
    case 'text':
      return `${f.label}包含…`;
    case 'integer':
    case 'decimal':
      return `${f.label}：值或 最小~最大`;
    case 'date':
    case 'datetime':
      return `${f.label}：2026-09-01 或 起~止`;
    case 'boolean':
      return f.label;
  }
}
