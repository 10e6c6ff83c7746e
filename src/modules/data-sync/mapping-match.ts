import { mappingTypeProblem, type SyncFieldInfo, type SyncMapping } from './contract';

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9\u4e00-\u9fff]/g, '');

/**
 * Pairs each table field with the dataset field of the same name (ignoring case, `_` and `-`), or
 * else of the same label, when the types fit. Table fields without a match are left out.
 */
export function autoMatch(datasetFields: SyncFieldInfo[], tableFields: SyncFieldInfo[]): SyncMapping[] {
  const out: SyncMapping[] = [];
  const used = new Set<string>();
  for (const t of tableFields) {
    const fits = datasetFields.filter((d) => !used.has(d.name) && !mappingTypeProblem(d.type, t.type));
    const hit =
      fits.find((d) => d.name === t.name) ??
      fits.find((d) => norm(d.name) === norm(t.name)) ??
      fits.find((d) => !!d.label && !!t.label && norm(d.label) === norm(t.label));
    if (hit) {
      used.add(hit.name);
      out.push({ from: hit.name, to: t.name });
    }
  }
  return out;
}
