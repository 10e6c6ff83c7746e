import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { allFields, type FormField } from '../../../../../shared/forms/schema';
import { getSubmission } from '../../../api';
import type { SummaryColumn } from '../../../contract';

/** A summary column with whatever of its field definition is known (options, precision, unit, sub-table columns). */
export type SummaryField = SummaryColumn & Omit<Partial<FormField>, keyof SummaryColumn>;

/** Types whose display text needs more than the column's id, label and type. */
const NEEDS_DEFINITION: Record<string, (f: SummaryField) => boolean> = {
  select: (f) => !f.options, radio: (f) => !f.options, multiSelect: (f) => !f.options, checkbox: (f) => !f.options,
  cascader: (f) => !f.cascaderOptions, subTable: (f) => !f.columns,
  number: (f) => f.precision === undefined && f.unit === undefined,
};

/** Some column lacks the definition its cells or its filter need. */
export const lacksDefinitions = (columns: readonly SummaryField[]) => columns.some((c) => NEEDS_DEFINITION[c.type]?.(c) ?? false);

/**
 * The summary's columns as fields. The list answer names each column's id, label and type; option
 * labels, units and sub-table columns come from the schema of a stored submission (its detail
 * carries its version's schema — the newest submission's version is the newest one in practice,
 * and any field it lacks keeps its raw values). Fetched once per form.
 */
export function useSummaryFields(formId: number, columns: readonly SummaryColumn[] | undefined, sampleId: number | undefined): SummaryField[] {
  const need = !!columns && lacksDefinitions(columns);
  const sample = useQuery({
    queryKey: ['forms', 'summary', 'definitions', formId],
    queryFn: () => getSubmission(sampleId!).then((r) => r.data.schema),
    enabled: need && sampleId !== undefined,
    staleTime: Infinity,
  });
  return useMemo(() => {
    if (!columns) return [];
    const known = new Map<string, FormField>((sample.data ? allFields(sample.data) : []).map((f) => [f.id, f]));
    return columns.map((c) => {
      const f = known.get(c.id);
      // The column's own label and type are the newest; the stored field only fills what is missing.
      return f && f.type === c.type ? { ...f, ...c } : { ...c };
    });
  }, [columns, sample.data]);
}
