import type { LinkFilter, Widget } from '../../dashboard-contract';

/** Sets (or, with null, clears) the linkage filter of a widget's dimension: one filter per field. */
export function withPick(filters: LinkFilter[], w: Widget, value: string | null): LinkFilter[] {
  const field = w.metric.dimension;
  if (!field) return filters;
  const rest = filters.filter((f) => f.field !== field);
  return value === null ? rest : [...rest, { field, values: [value], from: w.id }];
}
