import { useMemo } from 'react';
import type { FormField } from '@/shared/forms/schema';
import type { SummaryColumn } from '@/modules/forms/contract';

/** A summary column with its field definition (options, precision, unit, sub-table columns). */
export type SummaryField = Omit<SummaryColumn, 'field'> & Omit<Partial<FormField>, 'id' | 'label' | 'type'>;

/** The summary's columns as fields: the list answer carries each column's field of the newest version. */
export function useSummaryFields(columns: readonly SummaryColumn[] | undefined): SummaryField[] {
  return useMemo(() => (columns ?? []).map(({ field, ...c }) => ({ ...field, ...c })), [columns]);
}
