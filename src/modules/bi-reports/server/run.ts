import {
  EMPTY_KEY,
  SUBTOTAL_LABEL,
  TOTAL_LABEL,
  type ParamValue,
  type RunColumn,
  type RunResult,
  type RunRow,
} from '../contract';
import type { Conn } from './repository';
import { paramConditions, reportSql, type AggRow, type KeyLevel, type ResolvedDesign } from './report-query';

/**
 * One page of a report: the top-level groups of the page (paginated in SQL), each level's
 * aggregates for those groups (one grouped statement per level that shows subtotals, and one for the
 * detail rows), assembled into header, detail, subtotal and total rows. Subtotals are aggregated
 * in SQL at their own level (a distinct count or an average is not the sum of its parts).
 */

const CN = 8 * 3_600_000;

/** A key as the table shows it. */
export function keyText(k: KeyLevel, v: unknown): string {
  if (v === null || v === undefined || v === '') return EMPTY_KEY;
  if (k.field.type === 'boolean' && !k.grain) return Number(v) ? '是' : '否';
  if (k.field.type === 'datetime' && !k.grain) {
    const ms = Number(v);
    return Number.isFinite(ms) ? new Date(ms + CN).toISOString().slice(0, 16).replace('T', ' ') : String(v);
  }
  return String(v);
}

const tidy = (v: number | null) => (v === null ? null : Math.round(v * 1e6) / 1e6);

interface Node {
  key: unknown;
  agg: AggRow | null;
  children: Map<string, Node>;
}

const pathKey = (v: unknown) => (v === null || v === undefined ? '\u0000null' : `${typeof v}:${String(v)}`);

export function columnsOf(r: ResolvedDesign): RunColumn[] {
  return [
    ...r.keys.map((k) => ({ label: k.label, kind: 'key' as const, decimals: 0, thousands: false })),
    ...r.measures.map((m) => ({
      label: m.label,
      kind: 'measure' as const,
      decimals: m.decimals,
      thousands: m.thousands,
    })),
  ];
}

export async function runReport(
  q: Conn,
  r: ResolvedDesign,
  opts: {
    title: string;
    params: Record<string, ParamValue>;
    page: number;
    pageSize: number;
    rowCap: number;
    /** The grand total row (the design's choice unless an export asks it only on its last page). */
    total?: boolean;
  },
): Promise<RunResult> {
  const { where, used } = paramConditions(r, opts.params);
  const s = reportSql(q, r, where);
  const L = r.keys.length;
  const groupLevels = r.keys.filter((k) => k.group).length;
  // Levels with a header and a subtotal: the declared groups above the most detailed level.
  const H = Math.min(groupLevels, L - 1);
  const nM = r.measures.length;
  const values = (a: AggRow | null) => (a ? a.values.map(tidy) : Array.from({ length: nM }, () => null));
  const base = { title: opts.title, columns: columnsOf(r), page: opts.page, pageSize: opts.pageSize, params: used };

  const totalRow = async (): Promise<RunRow> => {
    const [t] = await s.grouped(0, [], 1);
    return {
      type: 'total',
      level: -1,
      cells: [TOTAL_LABEL, ...Array.from({ length: L - 1 }, () => ''), ...values(t ?? null)],
    };
  };
  if (L === 0) return { ...base, rows: [await totalRow()], totalGroups: 1, truncated: false };

  const [totalGroups, top] = await Promise.all([
    s.countGroups(1),
    s.grouped(1, [], opts.pageSize, (opts.page - 1) * opts.pageSize),
  ]);
  let truncated = false;
  const levels: AggRow[][] = [top];
  if (top.length) {
    const inTop = s.topIn(top.map((t) => t.keys[0]));
    for (let i = 1; i < L; i++) {
      if (i >= H && i < L - 1) {
        levels.push([]);
        continue;
      }
      const rows = await s.grouped(i + 1, inTop, opts.rowCap + 1);
      if (rows.length > opts.rowCap) truncated = true;
      levels.push(rows.slice(0, opts.rowCap));
    }
  }

  // The tree of the page, children in the order their own level's statement gave them.
  const root: Node = { key: null, agg: null, children: new Map() };
  levels.forEach((rows) => {
    for (const a of rows) {
      let node = root;
      a.keys.forEach((k, depth) => {
        const pk = pathKey(k);
        let child = node.children.get(pk);
        if (!child) {
          child = { key: k, agg: null, children: new Map() };
          node.children.set(pk, child);
        }
        if (depth === a.keys.length - 1) child.agg = a;
        node = child;
      });
    }
  });

  const out: RunRow[] = [];
  const keyCells = (level: number, text: string, rest: '' | null) => r.keys.map((_, j) => (j === level ? text : rest));
  const emit = (node: Node, level: number, path: unknown[]) => {
    const k = r.keys[level]!;
    const keys = [...path, node.key];
    if (level === L - 1) {
      out.push({
        type: 'row',
        level,
        cells: [...keys.map((v, j) => (j < H ? '' : keyText(r.keys[j]!, v))), ...values(node.agg)],
      });
      return;
    }
    if (level < H)
      out.push({
        type: 'header',
        level,
        cells: [...keyCells(level, `${k.label}：${keyText(k, node.key)}`, null), ...values(null)],
      });
    for (const c of node.children.values()) emit(c, level + 1, keys);
    if (level < H)
      out.push({
        type: 'subtotal',
        level,
        cells: [...keyCells(level, `${keyText(k, node.key)} ${SUBTOTAL_LABEL}`, ''), ...values(node.agg)],
      });
  };
  for (const c of root.children.values()) emit(c, 0, []);
  if (opts.total ?? r.design.showTotal) out.push(await totalRow());
  return { ...base, rows: out, totalGroups, truncated };
}
